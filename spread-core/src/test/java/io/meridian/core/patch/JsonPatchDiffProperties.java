package io.meridian.core.patch;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

class JsonPatchDiffProperties {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    @Property
    void applyingTheDiffToTheSourceGivesTheTarget(@ForAll("documents") JsonNode source, @ForAll("documents") JsonNode target) {
        assertThat(JsonPatchApplier.apply(source, JsonPatchDiff.between(source, target))).isEqualTo(target);
    }

    @Property
    void diffIsDeterministic(@ForAll("documents") JsonNode source, @ForAll("documents") JsonNode target) {
        assertThat(JsonPatchDiff.between(source, target)).isEqualTo(JsonPatchDiff.between(source.deepCopy(), target.deepCopy()));
    }

    @Provide
    Arbitrary<JsonNode> documents() {
        return value(3).map(v -> {
            ObjectNode root = NODES.objectNode();
            root.set("doc", v);
            return root;
        });
    }

    private Arbitrary<JsonNode> value(int depth) {
        Arbitrary<JsonNode> scalar = Arbitraries.oneOf(
                Arbitraries.integers().between(0, 3).map(i -> (JsonNode) NODES.numberNode(i)),
                Arbitraries.of("a", "b/c", "d~e").map(s -> (JsonNode) NODES.textNode(s)));
        if (depth == 0) {
            return scalar;
        }
        Arbitrary<JsonNode> array = value(depth - 1).list().ofMaxSize(4).map(items -> {
            ArrayNode node = NODES.arrayNode();
            items.forEach(node::add);
            return node;
        });
        Arbitrary<JsonNode> object = Arbitraries.maps(Arbitraries.of("x", "y", "a/b", "t~"), value(depth - 1)).ofMaxSize(3)
                .map(fields -> {
                    ObjectNode node = NODES.objectNode();
                    fields.forEach(node::set);
                    return node;
                });
        return Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(3, scalar), net.jqwik.api.Tuple.of(2, array), net.jqwik.api.Tuple.of(2, object));
    }
}
