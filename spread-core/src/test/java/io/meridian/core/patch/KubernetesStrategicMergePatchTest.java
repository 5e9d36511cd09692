package io.meridian.core.patch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

class KubernetesStrategicMergePatchTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final StrategicMergePatch smp = new KubernetesStrategicMergePatch();

    static JsonNode json(String text) {
        try {
            return JSON.readTree(text.replace('\'', '"'));
        } catch (Exception e) {
            throw new IllegalArgumentException(text, e);
        }
    }

    private JsonNode pod(String pod, String patch) {
        return smp.applyToPod(json(pod), json(patch));
    }

    @Nested
    class OwnPod {
        private static final String POD = "{'metadata':{'labels':{'a':'1'}},'spec':{'containers':[{'name':'c','image':'x'}]}}";
        private static final String PATCH = "{'metadata':{'labels':{'b':'2'}},'spec':{'containers':[{'name':'c','image':'y'}]}}";

        @Test
        void aPodTheCallerOwnsIsMergedIntoInsteadOfCopied() {
            com.fasterxml.jackson.databind.node.ObjectNode own = (com.fasterxml.jackson.databind.node.ObjectNode) json(POD);

            assertThat(smp.applyToOwnPod(own, json(PATCH))).isSameAs(own);
        }

        @Test
        void aPodTheCallerOwnsEndsAsTheCopyingMergeWouldMakeIt() {
            com.fasterxml.jackson.databind.node.ObjectNode own = (com.fasterxml.jackson.databind.node.ObjectNode) json(POD);

            assertThat(smp.applyToOwnPod(own, json(PATCH))).isEqualTo(pod(POD, PATCH));
        }

        @Test
        void thePatchItselfIsNotTakenIntoTheMergedPod() {
            com.fasterxml.jackson.databind.node.ObjectNode own = (com.fasterxml.jackson.databind.node.ObjectNode) json(POD);
            JsonNode patch = json(PATCH);

            smp.applyToOwnPod(own, patch);
            ((com.fasterxml.jackson.databind.node.ObjectNode) own.path("metadata").path("labels")).put("b", "changed");

            assertThat(patch).isEqualTo(json(PATCH));
        }
    }

    @Nested
    class Maps {
        @Test
        void mergesNestedMapsRecursively() {
            assertThat(pod("{'metadata':{'labels':{'a':'1'},'name':'p'}}", "{'metadata':{'labels':{'b':'2'}}}"))
                    .isEqualTo(json("{'metadata':{'labels':{'a':'1','b':'2'},'name':'p'}}"));
        }

        @Test
        void patchValueOverwritesScalar() {
            assertThat(pod("{'spec':{'priorityClassName':'low'}}", "{'spec':{'priorityClassName':'high'}}"))
                    .isEqualTo(json("{'spec':{'priorityClassName':'high'}}"));
        }

        @Test
        void nullDeletesTheKey() {
            assertThat(pod("{'metadata':{'labels':{'a':'1','b':'2'}}}", "{'metadata':{'labels':{'a':null}}}"))
                    .isEqualTo(json("{'metadata':{'labels':{'b':'2'}}}"));
        }

        @Test
        void nullForAMissingKeyAddsNothing() {
            assertThat(pod("{'metadata':{}}", "{'metadata':{'labels':{'a':null}}}"))
                    .isEqualTo(json("{'metadata':{'labels':{}}}"));
        }

        @Test
        void objectReplacesAScalarOfTheSameName() {
            assertThat(pod("{'spec':{'x':1}}", "{'spec':{'x':{'y':2}}}")).isEqualTo(json("{'spec':{'x':{'y':2}}}"));
        }

        @Test
        void originalIsNotModified() {
            JsonNode original = json("{'metadata':{'labels':{'a':'1'}}}");
            smp.applyToPod(original, json("{'metadata':{'labels':{'a':'2'}}}"));
            assertThat(original).isEqualTo(json("{'metadata':{'labels':{'a':'1'}}}"));
        }

        @Test
        void nonObjectPatchIsRejected() {
            assertThatThrownBy(() -> smp.applyToPod(json("{}"), json("[1]"))).isInstanceOf(IllegalArgumentException.class);
        }
    }

    @Nested
    class ListsWithoutMergeKey {
        @Test
        void tolerationsAreReplaced() {
            assertThat(pod("{'spec':{'tolerations':[{'key':'a'}]}}", "{'spec':{'tolerations':[{'key':'b'}]}}"))
                    .isEqualTo(json("{'spec':{'tolerations':[{'key':'b'}]}}"));
        }

        @Test
        void nodeSelectorTermsAreReplaced() {
            String pod = "{'spec':{'affinity':{'nodeAffinity':{'requiredDuringSchedulingIgnoredDuringExecution':"
                    + "{'nodeSelectorTerms':[{'matchExpressions':[{'key':'a'}]}]}}}}}";
            String patch = "{'spec':{'affinity':{'nodeAffinity':{'requiredDuringSchedulingIgnoredDuringExecution':"
                    + "{'nodeSelectorTerms':[{'matchExpressions':[{'key':'b'}]}]}}}}}";
            assertThat(pod(pod, patch)).isEqualTo(json(patch));
        }

        @Test
        void containerArgsAreReplaced() {
            assertThat(pod("{'spec':{'containers':[{'name':'c','args':['a','b']}]}}",
                    "{'spec':{'containers':[{'name':'c','args':['z']}]}}"))
                    .isEqualTo(json("{'spec':{'containers':[{'name':'c','args':['z']}]}}"));
        }
    }

    @Nested
    class MergeKeys {
        @Test
        void containersMergeByName() {
            assertThat(pod("{'spec':{'containers':[{'name':'a','image':'x'},{'name':'b','image':'y'}]}}",
                    "{'spec':{'containers':[{'name':'b','image':'z'},{'name':'c','image':'w'}]}}"))
                    .isEqualTo(json("{'spec':{'containers':[{'name':'a','image':'x'},{'name':'b','image':'z'},{'name':'c','image':'w'}]}}"));
        }

        @Test
        void initContainersMergeByName() {
            assertThat(pod("{'spec':{'initContainers':[{'name':'i','image':'x'}]}}",
                    "{'spec':{'initContainers':[{'name':'i','command':['sh']}]}}"))
                    .isEqualTo(json("{'spec':{'initContainers':[{'name':'i','image':'x','command':['sh']}]}}"));
        }

        @Test
        void ephemeralContainersMergeByName() {
            assertThat(pod("{'spec':{'ephemeralContainers':[{'name':'d','image':'x'}]}}",
                    "{'spec':{'ephemeralContainers':[{'name':'d','image':'y'}]}}"))
                    .isEqualTo(json("{'spec':{'ephemeralContainers':[{'name':'d','image':'y'}]}}"));
        }

        @Test
        void volumesMergeByName() {
            assertThat(pod("{'spec':{'volumes':[{'name':'v','emptyDir':{}}]}}",
                    "{'spec':{'volumes':[{'name':'w','emptyDir':{}}]}}"))
                    .isEqualTo(json("{'spec':{'volumes':[{'name':'v','emptyDir':{}},{'name':'w','emptyDir':{}}]}}"));
        }

        @Test
        void imagePullSecretsMergeByName() {
            assertThat(pod("{'spec':{'imagePullSecrets':[{'name':'a'}]}}", "{'spec':{'imagePullSecrets':[{'name':'b'},{'name':'a'}]}}"))
                    .isEqualTo(json("{'spec':{'imagePullSecrets':[{'name':'a'},{'name':'b'}]}}"));
        }

        @Test
        void resourceClaimsMergeByName() {
            assertThat(pod("{'spec':{'resourceClaims':[{'name':'gpu','resourceClaimName':'old'}]}}",
                    "{'spec':{'resourceClaims':[{'name':'gpu','resourceClaimName':'new'}]}}"))
                    .isEqualTo(json("{'spec':{'resourceClaims':[{'name':'gpu','resourceClaimName':'new'}]}}"));
        }

        @Test
        void envMergesByNameInsideAContainer() {
            assertThat(pod("{'spec':{'containers':[{'name':'c','env':[{'name':'A','value':'1'},{'name':'B','value':'2'}]}]}}",
                    "{'spec':{'containers':[{'name':'c','env':[{'name':'B','value':'3'},{'name':'C','value':'4'}]}]}}"))
                    .isEqualTo(json("{'spec':{'containers':[{'name':'c','env':[{'name':'A','value':'1'},"
                            + "{'name':'B','value':'3'},{'name':'C','value':'4'}]}]}}"));
        }

        @Test
        void portsMergeByContainerPort() {
            assertThat(pod("{'spec':{'containers':[{'name':'c','ports':[{'containerPort':80,'name':'http'}]}]}}",
                    "{'spec':{'containers':[{'name':'c','ports':[{'containerPort':80,'protocol':'TCP'},{'containerPort':443}]}]}}"))
                    .isEqualTo(json("{'spec':{'containers':[{'name':'c','ports':[{'containerPort':80,'name':'http','protocol':'TCP'},"
                            + "{'containerPort':443}]}]}}"));
        }

        @Test
        void volumeMountsMergeByMountPath() {
            assertThat(pod("{'spec':{'containers':[{'name':'c','volumeMounts':[{'mountPath':'/a','name':'x'}]}]}}",
                    "{'spec':{'containers':[{'name':'c','volumeMounts':[{'mountPath':'/a','name':'y'},{'mountPath':'/b','name':'z'}]}]}}"))
                    .isEqualTo(json("{'spec':{'containers':[{'name':'c','volumeMounts':[{'mountPath':'/a','name':'y'},"
                            + "{'mountPath':'/b','name':'z'}]}]}}"));
        }

        @Test
        void volumeDevicesMergeByDevicePath() {
            assertThat(pod("{'spec':{'containers':[{'name':'c','volumeDevices':[{'devicePath':'/dev/a','name':'x'}]}]}}",
                    "{'spec':{'containers':[{'name':'c','volumeDevices':[{'devicePath':'/dev/a','name':'y'}]}]}}"))
                    .isEqualTo(json("{'spec':{'containers':[{'name':'c','volumeDevices':[{'devicePath':'/dev/a','name':'y'}]}]}}"));
        }

        @Test
        void hostAliasesMergeByIp() {
            assertThat(pod("{'spec':{'hostAliases':[{'ip':'10.0.0.1','hostnames':['a']}]}}",
                    "{'spec':{'hostAliases':[{'ip':'10.0.0.1','hostnames':['b']},{'ip':'10.0.0.2','hostnames':['c']}]}}"))
                    .isEqualTo(json("{'spec':{'hostAliases':[{'ip':'10.0.0.1','hostnames':['b']},{'ip':'10.0.0.2','hostnames':['c']}]}}"));
        }

        @Test
        void topologySpreadConstraintsMergeByTopologyKey() {
            assertThat(pod("{'spec':{'topologySpreadConstraints':[{'topologyKey':'zone','maxSkew':1}]}}",
                    "{'spec':{'topologySpreadConstraints':[{'topologyKey':'zone','maxSkew':2},{'topologyKey':'host','maxSkew':1}]}}"))
                    .isEqualTo(json("{'spec':{'topologySpreadConstraints':[{'topologyKey':'zone','maxSkew':2},"
                            + "{'topologyKey':'host','maxSkew':1}]}}"));
        }

        @Test
        void ownerReferencesMergeByUid() {
            assertThat(pod("{'metadata':{'ownerReferences':[{'uid':'1','name':'a'}]}}",
                    "{'metadata':{'ownerReferences':[{'uid':'2','name':'b'}]}}"))
                    .isEqualTo(json("{'metadata':{'ownerReferences':[{'uid':'1','name':'a'},{'uid':'2','name':'b'}]}}"));
        }

        @Test
        void podTemplateUsesTheSameKeysUnderSpec() {
            assertThat(smp.applyToPodTemplate(json("{'spec':{'containers':[{'name':'a','image':'x'}]}}"),
                    json("{'spec':{'containers':[{'name':'a','image':'y'}]}}")))
                    .isEqualTo(json("{'spec':{'containers':[{'name':'a','image':'y'}]}}"));
        }
    }

    @Nested
    class PrimitiveLists {
        @Test
        void finalizersMergeAsASet() {
            assertThat(pod("{'metadata':{'finalizers':['a','b']}}", "{'metadata':{'finalizers':['b','c']}}"))
                    .isEqualTo(json("{'metadata':{'finalizers':['a','b','c']}}"));
        }

        @Test
        void primitiveListWithoutMergeStrategyIsReplaced() {
            assertThat(pod("{'spec':{'containers':[{'name':'c','command':['a','b']}]}}",
                    "{'spec':{'containers':[{'name':'c','command':['b','c']}]}}"))
                    .isEqualTo(json("{'spec':{'containers':[{'name':'c','command':['b','c']}]}}"));
        }

        @Test
        void deleteFromPrimitiveListRemovesValues() {
            assertThat(pod("{'metadata':{'finalizers':['a','b','c']}}", "{'metadata':{'$deleteFromPrimitiveList/finalizers':['b']}}"))
                    .isEqualTo(json("{'metadata':{'finalizers':['a','c']}}"));
        }

        @Test
        void deleteFromPrimitiveListAndAdditionsTogether() {
            assertThat(pod("{'metadata':{'finalizers':['a','b']}}",
                    "{'metadata':{'finalizers':['x'],'$deleteFromPrimitiveList/finalizers':['a']}}"))
                    .isEqualTo(json("{'metadata':{'finalizers':['b','x']}}"));
        }
    }

    @Nested
    class Directives {
        @Test
        void patchReplaceReplacesTheWholeMap() {
            assertThat(pod("{'metadata':{'labels':{'a':'1','b':'2'}}}", "{'metadata':{'labels':{'$patch':'replace','c':'3'}}}"))
                    .isEqualTo(json("{'metadata':{'labels':{'c':'3'}}}"));
        }

        @Test
        void patchDeleteRemovesTheMap() {
            assertThat(pod("{'spec':{'affinity':{'nodeAffinity':{}},'x':1}}", "{'spec':{'affinity':{'$patch':'delete'}}}"))
                    .isEqualTo(json("{'spec':{'x':1}}"));
        }

        @Test
        void patchMergeIsTheDefault() {
            assertThat(pod("{'metadata':{'labels':{'a':'1'}}}", "{'metadata':{'labels':{'$patch':'merge','b':'2'}}}"))
                    .isEqualTo(json("{'metadata':{'labels':{'a':'1','b':'2'}}}"));
        }

        @Test
        void unknownPatchDirectiveIsRejected() {
            assertThatThrownBy(() -> pod("{}", "{'metadata':{'$patch':'explode'}}")).isInstanceOf(IllegalArgumentException.class);
        }

        @Test
        void patchDeleteInAListElementRemovesThatElement() {
            assertThat(pod("{'spec':{'containers':[{'name':'a'},{'name':'b'}]}}",
                    "{'spec':{'containers':[{'name':'a','$patch':'delete'}]}}"))
                    .isEqualTo(json("{'spec':{'containers':[{'name':'b'}]}}"));
        }

        @Test
        void patchReplaceMarkerInAListReplacesTheList() {
            assertThat(pod("{'spec':{'containers':[{'name':'a','image':'x'},{'name':'b'}]}}",
                    "{'spec':{'containers':[{'name':'c'},{'$patch':'replace'}]}}"))
                    .isEqualTo(json("{'spec':{'containers':[{'name':'c'}]}}"));
        }

        @Test
        void retainKeysClearsUnlistedFieldsOfTheOriginal() {
            assertThat(pod("{'spec':{'volumes':[{'name':'v','emptyDir':{},'hostPath':{'path':'/x'}}]}}",
                    "{'spec':{'volumes':[{'name':'v','$retainKeys':['name','hostPath'],'hostPath':{'path':'/y'}}]}}"))
                    .isEqualTo(json("{'spec':{'volumes':[{'name':'v','hostPath':{'path':'/y'}}]}}"));
        }

        @Test
        void setElementOrderReordersMergedElements() {
            assertThat(pod("{'spec':{'containers':[{'name':'a'},{'name':'b'}]}}",
                    "{'spec':{'$setElementOrder/containers':[{'name':'b'},{'name':'a'}],'containers':[{'name':'a','image':'x'}]}}"))
                    .isEqualTo(json("{'spec':{'containers':[{'name':'b'},{'name':'a','image':'x'}]}}"));
        }

        @Test
        void setElementOrderAloneReordersTheList() {
            assertThat(pod("{'metadata':{'finalizers':['a','b','c']}}", "{'metadata':{'$setElementOrder/finalizers':['c','b','a']}}"))
                    .isEqualTo(json("{'metadata':{'finalizers':['c','b','a']}}"));
        }

        @Test
        void setElementOrderPutsServerOnlyElementsBeforeLaterNamedOnes() {
            assertThat(pod("{'spec':{'containers':[{'name':'a'},{'name':'s'},{'name':'b'}]}}",
                    "{'spec':{'$setElementOrder/containers':[{'name':'b'},{'name':'a'},{'name':'n'}],'containers':[{'name':'n'}]}}"))
                    .isEqualTo(json("{'spec':{'containers':[{'name':'s'},{'name':'b'},{'name':'a'},{'name':'n'}]}}"));
        }

        @Test
        void directivesDoNotLeakIntoTheResult() {
            JsonNode result = pod("{'spec':{'containers':[{'name':'a'}]}}",
                    "{'spec':{'containers':[{'name':'b','$patch':'merge','env':[{'name':'E','$patch':'merge'}]}]}}");
            assertThat(result.toString()).doesNotContain("$patch");
        }
    }
}
