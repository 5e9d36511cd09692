package io.meridian.core.validation;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** Whatever a manifest holds, validation reports and never throws, and says the same thing every time. */
class ManifestValidatorProperties {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final List<ObjectNode> VALID = List.of(
            Json.object("{apiVersion:'apps.kruise.io/v1beta1',kind:'WorkloadSpread',metadata:{name:'ws'},spec:{"
                    + "targetRef:{apiVersion:'apps/v1',kind:'Deployment',name:'web'},targetFilter:{selector:{matchLabels:{a:'b'}}},"
                    + "subsets:[{name:'a',requiredNodeSelector:{matchExpressions:[{key:'z',operator:'In',values:['a']}]},"
                    + "preferredNodeSelector:[{weight:5,preference:{}}],tolerations:[{key:'k',operator:'Exists'}],"
                    + "maxReplicas:'50%',patch:{metadata:{labels:{x:'y'}}}},{name:'b'}],"
                    + "scheduleStrategy:{type:'Adaptive',adaptive:{rescheduleCriticalSeconds:10}}}}"),
            Json.object("{apiVersion:'apps.kruise.io/v1alpha1',kind:'UnitedDeployment',metadata:{name:'ud'},spec:{replicas:4,"
                    + "selector:{matchLabels:{app:'w'}},template:{statefulSetTemplate:{metadata:{labels:{app:'w'}},spec:{}}},"
                    + "topology:{subsets:[{name:'a',minReplicas:1,maxReplicas:'50%',nodeSelectorTerm:{},tolerations:[]},"
                    + "{name:'b'}],scheduleStrategy:{type:'Adaptive',adaptive:{reserveUnschedulablePods:false}}},"
                    + "updateStrategy:{type:'Manual',manualUpdate:{partitions:{a:1}}}}}"),
            Json.object("{apiVersion:'apps.meridian.io/v1alpha1',kind:'WorkloadRebalancer',metadata:{name:'r'},spec:{"
                    + "workloads:[{apiVersion:'apps/v1',kind:'Deployment',name:'w'}],workloadSelector:{},dryRun:true}}"),
            Json.object("{apiVersion:'policy.karmada.io/v1alpha1',kind:'PropagationPolicy',metadata:{name:'p'},spec:{"
                    + "resourceSelectors:[{apiVersion:'apps/v1',kind:'Deployment'}],placement:{clusterAffinities:["
                    + "{affinityName:'a',clusterNames:['m'],fieldSelector:{matchExpressions:[{key:'zone',operator:'In',values:['z']}]}}],"
                    + "spreadConstraints:[{spreadByField:'region',minGroups:1,maxGroups:2}],replicaScheduling:{"
                    + "replicaSchedulingType:'Divided',weightPreference:{staticWeightList:[{targetCluster:{},weight:1}]}}}}}"));

    @Property
    void validationNeverThrowsWhateverValueAFieldHolds(@ForAll("manifests") ObjectNode manifest,
                                                       @ForAll int position, @ForAll("values") JsonNode value) {
        JsonNode mutated = replaceOne(manifest, position, value);
        ValidationResult result = ManifestValidator.validate(mutated, ValidationContext.unknown());
        assertThat(result.rendered()).allSatisfy(line -> assertThat(line).isNotBlank());
    }

    @Property
    void validationGivesTheSameErrorsEveryTime(@ForAll("manifests") ObjectNode manifest, @ForAll int position,
                                               @ForAll("values") JsonNode value) {
        JsonNode mutated = replaceOne(manifest, position, value);
        assertThat(ManifestValidator.validate(mutated, ValidationContext.unknown()))
                .isEqualTo(ManifestValidator.validate(mutated.deepCopy(), ValidationContext.unknown()));
    }

    @Property
    void theUnchangedSamplesAreValid(@ForAll("manifests") ObjectNode manifest) {
        assertThat(ManifestValidator.validate(manifest, ValidationContext.unknown()).rendered()).isEmpty();
    }

    @Provide
    Arbitrary<ObjectNode> manifests() {
        return Arbitraries.of(VALID).map(ObjectNode::deepCopy);
    }

    @Provide
    Arbitrary<JsonNode> values() {
        Arbitrary<JsonNode> scalars = Arbitraries.oneOf(
                Arbitraries.strings().ofMaxLength(8).map(NODES::textNode),
                Arbitraries.of("", "50%", "-1%", "In", "Exists", "Adaptive", "a/b/c").map(NODES::textNode),
                Arbitraries.integers().map(NODES::numberNode),
                Arbitraries.longs().map(NODES::numberNode),
                Arbitraries.doubles().map(NODES::numberNode),
                Arbitraries.of(true, false).map(NODES::booleanNode),
                Arbitraries.just(NODES.nullNode()));
        return Arbitraries.oneOf(scalars,
                scalars.list().ofMaxSize(3).map(list -> (JsonNode) NODES.arrayNode().addAll(list)),
                scalars.map(v -> (JsonNode) NODES.objectNode().set("key", v)));
    }

    /** Replaces the n-th node (pre-order, modulo the count) below the root with {@code value}. */
    private static JsonNode replaceOne(ObjectNode manifest, int position, JsonNode value) {
        List<Runnable> replacements = new ArrayList<>();
        collect(manifest, value, replacements);
        replacements.get(Math.floorMod(position, replacements.size())).run();
        return manifest;
    }

    private static void collect(JsonNode node, JsonNode value, List<Runnable> replacements) {
        if (node instanceof ObjectNode object) {
            object.fieldNames().forEachRemaining(name -> {
                replacements.add(() -> object.set(name, value));
                collect(object.get(name), value, replacements);
            });
        } else if (node instanceof ArrayNode array) {
            for (int i = 0; i < array.size(); i++) {
                int index = i;
                replacements.add(() -> array.set(index, value));
                collect(array.get(i), value, replacements);
            }
        }
    }
}
