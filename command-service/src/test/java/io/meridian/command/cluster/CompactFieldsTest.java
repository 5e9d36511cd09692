package io.meridian.command.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.util.ConcurrentModificationException;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The compact field map behaves as the LinkedHashMap an ObjectNode has by default. */
class CompactFieldsTest {

    private static CompactFields of(String... keys) {
        CompactFields fields = new CompactFields(1);
        for (int i = 0; i < keys.length; i++) {
            fields.put(keys[i], IntNode.valueOf(i));
        }
        return fields;
    }

    @Test
    void fieldsKeepTheirInsertionOrderAndAReplacedValueItsPlace() {
        CompactFields fields = of("b", "a", "c");
        fields.put("a", TextNode.valueOf("x"));

        assertThat(fields.keySet()).containsExactly("b", "a", "c");
        assertThat(fields.get("a")).isEqualTo(TextNode.valueOf("x"));
        assertThat(fields.get("missing")).isNull();
    }

    @Test
    void aRemovedFieldLeavesTheOthersInOrder() {
        CompactFields fields = of("a", "b", "c", "d");

        assertThat(fields.remove("b")).isEqualTo(IntNode.valueOf(1));
        Iterator<Map.Entry<String, JsonNode>> it = fields.entrySet().iterator();
        it.next();
        it.next();
        it.remove();

        assertThat(fields.keySet()).containsExactly("a", "d");
        assertThat(fields).hasSize(2);
    }

    @Test
    void anEntrySetValueChangesTheField() {
        CompactFields fields = of("a", "b");
        for (Map.Entry<String, JsonNode> field : fields.entrySet()) {
            field.setValue(TextNode.valueOf(field.getKey()));
        }

        assertThat(fields.get("a")).isEqualTo(TextNode.valueOf("a"));
        assertThat(fields.get("b")).isEqualTo(TextNode.valueOf("b"));
    }

    @Test
    void equalsAndHashCodeAgreeWithALinkedHashMapOfTheSameFields() {
        CompactFields fields = of("a", "b");
        Map<String, JsonNode> linked = new LinkedHashMap<>(Map.of("b", IntNode.valueOf(1), "a", IntNode.valueOf(0)));

        assertThat(fields).isEqualTo(linked);
        assertThat(linked).isEqualTo(fields);
        assertThat(fields.hashCode()).isEqualTo(linked.hashCode());
    }

    @Test
    void aFieldAddedDuringIterationIsAConcurrentModification() {
        CompactFields fields = of("a", "b");
        Iterator<Map.Entry<String, JsonNode>> it = fields.entrySet().iterator();
        it.next();
        fields.put("c", IntNode.valueOf(2));

        assertThatThrownBy(it::next).isInstanceOf(ConcurrentModificationException.class);
    }

    @Test
    void clearEmptiesAndTheMapCanBeFilledAgain() {
        CompactFields fields = of("a", "b");
        fields.clear();
        fields.put("c", IntNode.valueOf(3));

        assertThat(fields.keySet()).containsExactly("c");
    }
}
