package io.meridian.command.federation;

import static io.meridian.command.federation.FederationFixtures.ID;
import static io.meridian.command.federation.FederationFixtures.T0;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.command.federation.api.BindingApi;
import io.meridian.command.federation.api.BindingRescheduleCompleted;
import io.meridian.command.federation.api.BindingRescheduled;
import io.meridian.command.federation.api.BindingScheduled;
import io.meridian.command.federation.api.SyncBinding;
import io.meridian.command.outbound.OutboundRecords;
import io.meridian.command.ws.KernelJson;
import io.meridian.schemas.ObjectRef;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.axonframework.eventhandling.DomainEventMessage;
import org.axonframework.eventhandling.GenericDomainEventMessage;
import org.axonframework.messaging.MetaData;
import org.axonframework.serialization.SerializedMessage;
import org.axonframework.serialization.Serializer;
import org.axonframework.serialization.json.JacksonSerializer;
import org.junit.jupiter.api.Test;

/** What {@code federation-outbound} publishes for a decision, read back from the event store or not. */
class BindingOutboundRecordsTest {
    private final Serializer store = JacksonSerializer.builder().objectMapper(KernelJson.JSON.copy()).build();

    @Test
    void aDecisionReadBackFromTheStoreIsPublishedWithoutBeingDeserialized() {
        SerializedMessage<BindingScheduled> stored = storedForm(decision());

        BindingOutbound.scheduledRecords(asDomainEvent(stored), 4, store);

        assertThat(stored.isPayloadDeserialized()).isFalse();
    }

    @Test
    void aDecisionReadBackFromTheStoreGivesItsMutationsAndItselfAsTheDecisionObjectWould() throws Exception {
        BindingScheduled decision = decision();
        DomainEventMessage<BindingScheduled> message = asDomainEvent(storedForm(decision));

        List<ProducerRecord<String, String>> records = BindingOutbound.scheduledRecords(message, 4, store);

        assertThat(decision.mutations()).isNotEmpty();
        assertSameRecords(records, recordsOfTheObject(decision, message, 4));
    }

    @Test
    void aDecisionNotFromTheStoreIsPublishedFromTheObject() throws Exception {
        BindingScheduled decision = decision();
        DomainEventMessage<BindingScheduled> message = new GenericDomainEventMessage<>("Binding", ID, 4, decision);

        List<ProducerRecord<String, String>> records = BindingOutbound.scheduledRecords(message, 4, store);

        assertSameRecords(records, recordsOfTheObject(decision, message, 4));
    }

    @Test
    void aRescheduleReadBackFromTheStoreIsPublishedWithoutBeingDeserialized() {
        SerializedMessage<BindingRescheduled> stored = storedForm(rescheduled());

        BindingOutbound.rescheduledRecord(asDomainEvent(stored), 5, store);

        assertThat(stored.isPayloadDeserialized()).isFalse();
    }

    @Test
    void aRescheduleReadBackFromTheStoreIsPublishedAsTheObjectWouldBe() throws Exception {
        BindingRescheduled event = rescheduled();
        DomainEventMessage<BindingRescheduled> message = asDomainEvent(storedForm(event));

        ProducerRecord<String, String> record = BindingOutbound.rescheduledRecord(message, 5, store);

        ObjectNode payload = KernelJson.JSON.valueToTree(event);
        payload.put("reason", "fresh reschedule asked by rebalancer/rb: " + event.before() + " -> " + event.after());
        assertSameRecords(List.of(record), List.of(OutboundRecords.domainEvent(BindingApi.AGGREGATE_TYPE, message, ID, 5,
                "BindingRescheduled", event.decisionId(), payload)));
    }

    @Test
    void aCompletedRescheduleReadBackFromTheStoreIsPublishedAsTheObjectWouldBe() throws Exception {
        BindingRescheduleCompleted event = new BindingRescheduleCompleted(ID, "rebalancer/rb", assignment(), T0);
        SerializedMessage<BindingRescheduleCompleted> stored = storedForm(event);
        DomainEventMessage<BindingRescheduleCompleted> message = asDomainEvent(stored);

        ProducerRecord<String, String> record = BindingOutbound.rescheduleCompletedRecord(message, 6, store);

        ObjectNode payload = KernelJson.JSON.valueToTree(event);
        payload.put("reason", "the member clusters hold " + event.assignment());
        assertSameRecords(List.of(record), List.of(OutboundRecords.domainEvent(BindingApi.AGGREGATE_TYPE, message, ID, 6,
                "BindingRescheduleCompleted", null, payload)));
        assertThat(stored.isPayloadDeserialized()).isFalse();
    }

    @Test
    void anAssignmentIsWrittenInTheReasonAsAMapPrintsIt() {
        assertThat(BindingOutbound.assignmentText(KernelJson.JSON.valueToTree(assignment())))
                .isEqualTo(assignment().toString()).isEqualTo("{member-b=3, member-a=1}");
        assertThat(BindingOutbound.assignmentText(KernelJson.JSON.createObjectNode())).isEqualTo("{}");
        assertThat(BindingOutbound.assignmentText(null)).isEqualTo("null");
    }

    private static BindingRescheduled rescheduled() {
        return new BindingRescheduled(ID, "rebalancer/rb", "decision-7", Map.of("member-a", 4), assignment(), T0);
    }

    /** Not in key order, so that the order kept is the stored one. */
    private static Map<String, Integer> assignment() {
        Map<String, Integer> assignment = new LinkedHashMap<>();
        assignment.put("member-b", 3);
        assignment.put("member-a", 1);
        return assignment;
    }

    /** The first decision of a binding over two members: it writes copies to both. */
    private static BindingScheduled decision() {
        var fixture = FederationFixtures.bindingFixture(new FederationFixtures.Inputs());
        fixture.givenNoPriorActivity().when(new SyncBinding(ID, "test", T0)).expectSuccessfulHandlerExecution();
        return fixture.getEventStore().readEvents(ID).asStream().map(DomainEventMessage::getPayload)
                .filter(BindingScheduled.class::isInstance).map(BindingScheduled.class::cast).findFirst().orElseThrow();
    }

    private <T> SerializedMessage<T> storedForm(T event) {
        return new SerializedMessage<>("event-1", store.serialize(event, byte[].class),
                store.serialize(MetaData.emptyInstance(), byte[].class), store);
    }

    private static <T> DomainEventMessage<T> asDomainEvent(SerializedMessage<T> stored) {
        return new GenericDomainEventMessage<>("Binding", ID, 4, stored, T0);
    }

    /** What the processor published when it took the decision as an object. */
    private static List<ProducerRecord<String, String>> recordsOfTheObject(BindingScheduled decision,
                                                                          DomainEventMessage<?> message, long sequence) {
        List<ProducerRecord<String, String>> records = new ArrayList<>();
        decision.mutations().forEach(m -> records.add(OutboundRecords.mutation(decision.bindingId(), decision.decisionId(),
                decision.at(), m.index(), m.cluster(), m.type(),
                new ObjectRef(m.apiVersion(), m.kind(), m.namespace(), m.name(), null, null), m.body())));
        records.add(OutboundRecords.domainEvent(BindingApi.AGGREGATE_TYPE, message, decision.bindingId(), sequence,
                "BindingScheduled", decision.decisionId(), KernelJson.JSON.valueToTree(decision)));
        return records;
    }

    private static void assertSameRecords(List<ProducerRecord<String, String>> actual,
                                          List<ProducerRecord<String, String>> expected) throws JsonProcessingException {
        assertThat(actual).hasSameSizeAs(expected);
        for (int i = 0; i < expected.size(); i++) {
            assertThat(actual.get(i).topic()).isEqualTo(expected.get(i).topic());
            assertThat(actual.get(i).key()).isEqualTo(expected.get(i).key());
            assertThat(tree(actual.get(i).value())).isEqualTo(tree(expected.get(i).value()));
        }
    }

    private static JsonNode tree(String json) throws JsonProcessingException {
        return KernelJson.JSON.readTree(json);
    }
}
