package io.meridian.bench.federation;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.meridian.schemas.DomainEvent;
import io.meridian.schemas.MessageCodec;
import java.time.Instant;
import java.util.Set;
import org.junit.jupiter.api.Test;

class DomainEventTapTest {

    private static String encoded(String type) {
        return MessageCodec.DOMAIN_EVENT.encode(new DomainEvent(DomainEvent.SCHEMA_VERSION, "e-1", "Binding", "b-1", 3,
                type, Instant.parse("2026-11-24T00:00:00Z"), null, null,
                JsonNodeFactory.instance.objectNode().put("type", "Decoy")));
    }

    @Test
    void anEventOfAWantedTypeAsTheCodecWritesItIsRead() {
        assertThat(DomainEventTap.namesOneOf(encoded("BindingRescheduled"),
                DomainEventTap.markers(Set.of("MemberClusterReady", "BindingRescheduled")))).isTrue();
    }

    @Test
    void anEventOfAnotherTypeIsNotDecoded() {
        assertThat(DomainEventTap.namesOneOf(encoded("BindingScheduled"),
                DomainEventTap.markers(Set.of("BindingRescheduled")))).isFalse();
    }
}
