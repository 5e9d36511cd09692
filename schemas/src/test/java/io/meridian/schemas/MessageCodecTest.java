package io.meridian.schemas;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class MessageCodecTest {
    private static final Instant AT = Instant.parse("2026-11-22T03:00:00Z");
    private static final ObjectRef POD = new ObjectRef("v1", "Pod", "default", "web-1", "uid-1", "42");

    @Test
    void clusterEventRoundTripsAndValidates() {
        ClusterEvent event = new ClusterEvent(1, "e-1", "member1", AT, ClusterEvent.Type.UPSERTED, POD,
                JsonNodeFactory.instance.objectNode().put("phase", "Running"));

        assertThat(MessageCodec.CLUSTER_EVENT.decode(MessageCodec.CLUSTER_EVENT.encode(event)))
                .isEqualTo(Decoded.accepted(event));
    }

    @Test
    void mutationRoundTripsAndValidates() {
        Mutation mutation = new Mutation(1, "m-1", "member1", AT, "ws/default/spread", "d-1",
                Mutation.Type.SET_POD_DELETION_COST, POD, JsonNodeFactory.instance.objectNode().put("cost", "-100"));

        assertThat(MessageCodec.MUTATION.decode(MessageCodec.MUTATION.encode(mutation)))
                .isEqualTo(Decoded.accepted(mutation));
    }

    @Test
    void mutationResultRoundTripsAndValidates() {
        MutationResult result = new MutationResult(1, "m-1", "member1", AT, MutationResult.Outcome.NOOP, "already set");

        assertThat(MessageCodec.MUTATION_RESULT.decode(MessageCodec.MUTATION_RESULT.encode(result)))
                .isEqualTo(Decoded.accepted(result));
    }

    @Test
    void domainEventRoundTripsAndValidates() {
        DomainEvent event = new DomainEvent(1, "e-9", "WorkloadSpread", "member1/default/spread", 7, "PodAdmitted", AT,
                "d-9", "0.1.0", JsonNodeFactory.instance.objectNode().put("subset", "subset-a"));

        assertThat(MessageCodec.DOMAIN_EVENT.decode(MessageCodec.DOMAIN_EVENT.encode(event)))
                .isEqualTo(Decoded.accepted(event));
    }

    @Test
    void garbageIsRejectedWithAReason() {
        assertThat(MessageCodec.MUTATION.decode("{not json")).isInstanceOf(Decoded.Rejected.class)
                .extracting(d -> ((Decoded.Rejected<?>) d).reason()).asString().startsWith("not JSON");
    }

    @Test
    void unknownSchemaVersionIsRejectedNamingTheVersion() {
        String future = MessageCodec.MUTATION_RESULT.encode(
                new MutationResult(1, "m-1", "member1", AT, MutationResult.Outcome.PATCHED, null)).replace("\"schemaVersion\":1", "\"schemaVersion\":2");

        assertThat(MessageCodec.MUTATION_RESULT.decode(future))
                .isEqualTo(Decoded.rejected("schemaVersion: unsupported version 2 of mutation-result (supported: 1)"));
    }

    @Test
    void schemaViolationIsRejectedNamingTheField() {
        String noCluster = "{\"schemaVersion\":1,\"mutationId\":\"m\",\"issuedAt\":\"2026-11-22T03:00:00Z\","
                + "\"type\":\"DeletePod\",\"target\":{\"kind\":\"Pod\",\"name\":\"p\"}}";

        Decoded<Mutation> decoded = MessageCodec.MUTATION.decode(noCluster);

        assertThat(decoded).isInstanceOf(Decoded.Rejected.class);
        assertThat(((Decoded.Rejected<Mutation>) decoded).reason()).contains("cluster");
    }

    @Test
    void unknownEnumValueIsRejected() {
        String badOutcome = "{\"schemaVersion\":1,\"mutationId\":\"m\",\"cluster\":\"c\","
                + "\"completedAt\":\"2026-11-22T03:00:00Z\",\"outcome\":\"Exploded\"}";

        assertThat(MessageCodec.MUTATION_RESULT.decode(badOutcome)).isInstanceOf(Decoded.Rejected.class);
    }

    @Test
    void clusterEventKeyKeepsOneObjectInOrder() {
        ClusterEvent event = new ClusterEvent(1, "e-1", "member1", AT, ClusterEvent.Type.DELETED, POD, null);

        assertThat(event.key()).isEqualTo("member1/default/Pod/web-1");
    }
}
