package io.meridian.command.federation;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.command.federation.api.BindingApi;
import io.meridian.command.federation.api.BindingFailbackDue;
import io.meridian.command.federation.api.BindingFailbackScheduled;
import io.meridian.command.federation.api.BindingMutation;
import io.meridian.command.federation.api.BindingReleased;
import io.meridian.command.federation.api.BindingRescheduleCompleted;
import io.meridian.command.federation.api.BindingRescheduled;
import io.meridian.command.federation.api.BindingRolloutStarted;
import io.meridian.command.federation.api.BindingScheduled;
import io.meridian.command.kafka.KafkaClients;
import io.meridian.command.outbound.AcksAtCommit;
import io.meridian.command.outbound.OutboundRecords;
import io.meridian.command.ws.KernelJson;
import io.meridian.schemas.ObjectRef;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.StringJoiner;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.EventHandler;
import org.axonframework.eventhandling.EventMessage;
import org.axonframework.eventhandling.SequenceNumber;
import org.axonframework.serialization.Serializer;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.stereotype.Component;

/**
 * Publishes what bindings decided (tracking processor {@code federation-outbound}, token in the JDBC token store):
 * the mutations of a decision to {@code meridian.mutations} (key the target cluster, id {@code <decisionId>/<n>})
 * and every binding event to {@code meridian.domain-events} (aggregate type {@value BindingApi#AGGREGATE_TYPE}).
 * A batch commits (and its token moves) only once Kafka acknowledged its records, so the token moves only past
 * durable records.
 */
@Component
@ProcessingGroup("federation-outbound")
public class BindingOutbound implements DisposableBean {
    private static final TypeReference<List<BindingMutation>> MUTATIONS = new TypeReference<>() {
    };
    private final KafkaProducer<String, String> producer;
    private final AcksAtCommit acks;
    private final Serializer eventSerializer;

    /** @param eventSerializer the event store's: a decision read back from the store is taken as it was stored */
    public BindingOutbound(KafkaClients clients, @Qualifier("eventSerializer") Serializer eventSerializer) {
        this.producer = clients.flushedPublisher("command-service-federation-outbound");
        this.acks = new AcksAtCommit(producer, "federation-outbound");
        this.eventSerializer = eventSerializer;
    }

    // takes the message, not the event: a parameter of the event's type would make Axon deserialize it
    @EventHandler(payloadType = BindingScheduled.class)
    void onScheduled(EventMessage<?> message, @SequenceNumber long sequence) {
        publish(scheduledRecords(message, sequence, eventSerializer));
    }

    /**
     * The records of a decision: its mutations and the decision itself as a domain event. Read as a JSON tree from the
     * event store's bytes when the message came from there (the serializer is the store's), instead of deserialized
     * into a {@link BindingScheduled} and serialized again: with 100 members a decision's inputs are ~29 KB of JSON,
     * and this processor was a queue of several seconds in a failover (docs/benchmarks.md, session 9).
     */
    static List<ProducerRecord<String, String>> scheduledRecords(EventMessage<?> message, long sequence,
                                                               Serializer serializer) {
        JsonNode payload = storedTree(message, serializer);
        String bindingId = payload.path("bindingId").asText();
        String decisionId = decisionId(payload);
        Instant at = KernelJson.JSON.convertValue(payload.get("at"), Instant.class);
        List<BindingMutation> planned = KernelJson.JSON.convertValue(payload.path("mutations"), MUTATIONS);
        List<ProducerRecord<String, String>> records = mutations(bindingId, decisionId, at,
                planned == null ? List.of() : planned);
        records.add(domainEvent(message, bindingId, sequence, "BindingScheduled", decisionId, payload));
        return records;
    }

    @EventHandler
    void on(BindingReleased event, EventMessage<?> message, @SequenceNumber long sequence) {
        List<ProducerRecord<String, String>> records = mutations(event.bindingId(), event.decisionId(), event.at(),
                event.mutations());
        records.add(domainEvent(message, event.bindingId(), sequence, "BindingReleased", event.decisionId(),
                KernelJson.JSON.valueToTree(event)));
        publish(records);
    }

    // a rebalance publishes these two for every workload it moves: taken as stored, like the decisions
    @EventHandler(payloadType = BindingRescheduled.class)
    void onRescheduled(EventMessage<?> message, @SequenceNumber long sequence) {
        publish(List.of(rescheduledRecord(message, sequence, eventSerializer)));
    }

    @EventHandler(payloadType = BindingRescheduleCompleted.class)
    void onRescheduleCompleted(EventMessage<?> message, @SequenceNumber long sequence) {
        publish(List.of(rescheduleCompletedRecord(message, sequence, eventSerializer)));
    }

    /** The domain event of a {@link BindingRescheduled}, read as a JSON tree from the stored bytes when it came from there. */
    static ProducerRecord<String, String> rescheduledRecord(EventMessage<?> message, long sequence, Serializer serializer) {
        ObjectNode payload = storedTree(message, serializer);
        payload.put("reason", "fresh reschedule asked by " + payload.path("requestedBy").asText(null) + ": "
                + assignmentText(payload.get("before")) + " -> " + assignmentText(payload.get("after")));
        return domainEvent(message, payload.path("bindingId").asText(), sequence, "BindingRescheduled",
                decisionId(payload), payload);
    }

    /** The domain event of a {@link BindingRescheduleCompleted}, read like {@link #rescheduledRecord}. */
    static ProducerRecord<String, String> rescheduleCompletedRecord(EventMessage<?> message, long sequence,
                                                                    Serializer serializer) {
        ObjectNode payload = storedTree(message, serializer);
        payload.put("reason", "the member clusters hold " + assignmentText(payload.get("assignment")));
        return domainEvent(message, payload.path("bindingId").asText(), sequence, "BindingRescheduleCompleted", null,
                payload);
    }

    private static ObjectNode storedTree(EventMessage<?> message, Serializer serializer) {
        // a tree of its own: parsed from the stored bytes, or made from the object
        return (ObjectNode) message.serializePayload(serializer, JsonNode.class).getData();
    }

    private static String decisionId(JsonNode payload) {
        return payload.path("decisionId").isTextual() ? payload.path("decisionId").asText() : null;
    }

    /** An assignment as the reason has always written it, the way a {@code Map} prints: {@code {a=2, b=1}}. */
    static String assignmentText(JsonNode assignment) {
        if (assignment == null || assignment.isNull()) {
            return "null";
        }
        StringJoiner text = new StringJoiner(", ", "{", "}");
        assignment.fields().forEachRemaining(e -> text.add(e.getKey() + "=" + e.getValue().asText()));
        return text.toString();
    }

    @EventHandler
    void on(BindingRolloutStarted event, EventMessage<?> message, @SequenceNumber long sequence) {
        ObjectNode payload = KernelJson.JSON.valueToTree(event);
        payload.put("reason", "make-before-break towards " + event.target() + ", available never below "
                + event.availableAtStart());
        publish(List.of(domainEvent(message, event.bindingId(), sequence, "BindingRolloutStarted", null, payload)));
    }

    @EventHandler
    void on(BindingFailbackScheduled event, EventMessage<?> message, @SequenceNumber long sequence) {
        ObjectNode payload = KernelJson.JSON.valueToTree(event);
        payload.put("reason", event.checkAt() == null ? event.cluster() + " is unhealthy again: failback check dropped"
                : event.cluster() + " healthy since " + event.healthySince() + ": failback check at " + event.checkAt());
        publish(List.of(domainEvent(message, event.bindingId(), sequence, "BindingFailbackScheduled", null, payload)));
    }

    @EventHandler
    void on(BindingFailbackDue event, EventMessage<?> message, @SequenceNumber long sequence) {
        ObjectNode payload = KernelJson.JSON.valueToTree(event);
        payload.put("reason", event.cluster() + " stable since " + event.healthySince() + ": fresh reschedule");
        publish(List.of(domainEvent(message, event.bindingId(), sequence, "BindingFailbackDue", null, payload)));
    }

    private static List<ProducerRecord<String, String>> mutations(String bindingId, String decisionId, Instant at,
                                                                  List<BindingMutation> planned) {
        List<ProducerRecord<String, String>> records = new ArrayList<>();
        for (BindingMutation m : planned) {
            records.add(OutboundRecords.mutation(bindingId, decisionId, at, m.index(), m.cluster(), m.type(),
                    new ObjectRef(m.apiVersion(), m.kind(), m.namespace(), m.name(), null, null), m.body()));
        }
        return records;
    }

    private static ProducerRecord<String, String> domainEvent(EventMessage<?> message, String bindingId, long sequence,
                                                              String type, String decisionId, JsonNode payload) {
        return OutboundRecords.domainEvent(BindingApi.AGGREGATE_TYPE, message, bindingId, sequence, type, decisionId,
                payload);
    }

    private void publish(List<ProducerRecord<String, String>> records) {
        acks.send(records);
    }

    @Override
    public void destroy() {
        producer.close();
    }
}
