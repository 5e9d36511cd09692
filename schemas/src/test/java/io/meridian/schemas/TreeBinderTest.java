package io.meridian.schemas;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import org.junit.jupiter.api.Test;

class TreeBinderTest {
    private static final ObjectMapper JSON = new ObjectMapper().registerModule(new JavaTimeModule());
    private static final String EVENT = "{\"schemaVersion\":1,\"eventId\":\"e-1\",\"cluster\":\"member1\","
            + "\"observedAt\":\"2026-11-22T03:00:00Z\",\"type\":\"Upserted\","
            + "\"object\":{\"apiVersion\":\"v1\",\"kind\":\"Pod\",\"namespace\":\"default\",\"name\":\"web-1\"}";

    private final TreeBinder<ClusterEvent> binder = new TreeBinder<>(JSON, ClusterEvent.class);

    @Test
    void aRecordBindsAsJacksonBindsItWithItsFreeFormJsonTakenFromTheTree() throws Exception {
        String text = EVENT + ",\"body\":{\"status\":{\"phase\":\"Running\"},\"spec\":{\"nodeName\":\"n-1\"}}}";
        ObjectNode tree = (ObjectNode) JSON.readTree(text);
        ObjectNode body = (ObjectNode) tree.get("body");

        ClusterEvent bound = binder.bind(tree);

        assertThat(bound).isEqualTo(JSON.readValue(text, ClusterEvent.class));
        assertThat(bound.body()).isSameAs(body);
    }

    @Test
    void anExplicitNullStaysANullNodeAndAMissingFieldNull() throws Exception {
        ClusterEvent explicit = binder.bind((ObjectNode) JSON.readTree(EVENT + ",\"body\":null}"));
        ClusterEvent missing = binder.bind((ObjectNode) JSON.readTree(EVENT + "}"));

        assertThat(explicit.body()).isEqualTo(NullNode.getInstance())
                .isEqualTo(JSON.readValue(EVENT + ",\"body\":null}", ClusterEvent.class).body());
        assertThat(missing.body()).isNull();
        assertThat(JSON.readValue(EVENT + "}", ClusterEvent.class).body()).isNull();
    }

    @Test
    void aRecordWithoutFreeFormJsonBindsAsJacksonBindsIt() throws Exception {
        String text = "{\"schemaVersion\":1,\"mutationId\":\"m-1\",\"cluster\":\"member1\","
                + "\"completedAt\":\"2026-11-22T03:00:00Z\",\"outcome\":\"Noop\",\"detail\":\"already set\"}";

        MutationResult bound = new TreeBinder<>(JSON, MutationResult.class).bind((ObjectNode) JSON.readTree(text));

        assertThat(bound).isEqualTo(JSON.readValue(text, MutationResult.class));
    }
}
