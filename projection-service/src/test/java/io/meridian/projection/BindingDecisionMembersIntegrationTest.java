package io.meridian.projection;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.schemas.DomainEvent;
import io.meridian.schemas.MessageCodec;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** A binding decision that refers to its members by digest is shown with the members of the decision carrying them. */
class BindingDecisionMembersIntegrationTest extends ProjectionIntegrationTest {
    static final ObjectMapper JSON = new ObjectMapper();

    private static DomainEvent scheduled(String binding, long sequence, String fleet, String membersJson) throws Exception {
        ObjectNode inputs = JSON.createObjectNode().put("fleet", fleet);
        inputs.set("members", membersJson == null ? null : JSON.readTree(membersJson));
        ObjectNode payload = JSON.createObjectNode().put("bindingId", binding).put("reason", "failover");
        payload.set("inputs", inputs);
        return new DomainEvent(1, binding + "#" + sequence, "Binding", binding, sequence, "BindingScheduled",
                Instant.parse("2026-11-23T03:00:00Z").plusSeconds(sequence), "d-" + binding + sequence, "0.1.0", payload);
    }

    @Test
    void aDecisionReferringToItsFleetByDigestShowsTheMembersOfTheDecisionCarryingIt() throws Exception {
        String members = "[{\"name\":\"member1\",\"host\":true},{\"name\":\"member2\",\"ready\":false}]";
        publish("binding:a", MessageCodec.DOMAIN_EVENT.encode(scheduled("binding:default/Deployment/a", 0, "f1", members)));
        publish("binding:b", MessageCodec.DOMAIN_EVENT.encode(scheduled("binding:default/Deployment/b", 0, "f1", null)));
        publish("binding:c", MessageCodec.DOMAIN_EVENT.encode(scheduled("binding:default/Deployment/c", 0, "f2",
                "[{\"name\":\"member3\"}]")));

        await().atMost(Duration.ofSeconds(30)).until(() -> jdbc.queryForObject(
                "select count(*) from binding_decision_members where binding like 'binding:default/Deployment/%'",
                Integer.class) == 3);
        assertThat(membersOf("binding:default/Deployment/b")).isEqualTo(JSON.readTree(members));
        assertThat(membersOf("binding:default/Deployment/a")).isEqualTo(JSON.readTree(members));
    }

    private JsonNode membersOf(String binding) throws Exception {
        return JSON.readTree(jdbc.queryForObject("select members::text from binding_decision_members where binding = ?",
                String.class, binding));
    }
}
