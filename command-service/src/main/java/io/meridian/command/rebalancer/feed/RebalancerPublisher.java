package io.meridian.command.rebalancer.feed;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.command.outbound.OutboundRecords;
import io.meridian.command.kafka.KafkaClients;
import io.meridian.command.rebalancer.api.RebalancerApi;
import io.meridian.command.rebalancer.api.RebalancerObject;
import io.meridian.command.rebalancer.api.RebalancerReconciled;
import io.meridian.command.rebalancer.api.RebalancerStatusWritten;
import io.meridian.command.rebalancer.api.RescheduleOutcomesRecorded;
import io.meridian.command.rebalancer.api.RescheduleRequest;
import io.meridian.command.ws.KernelJson;
import io.meridian.core.KernelVersion;
import io.meridian.schemas.DomainEvent;
import io.meridian.schemas.MessageCodec;
import io.meridian.schemas.Mutation;
import io.meridian.schemas.ObjectRef;
import io.meridian.schemas.Topics;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.EventHandler;
import org.axonframework.eventhandling.EventMessage;
import org.axonframework.eventhandling.SequenceNumber;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.stereotype.Component;

/**
 * Publishes a rebalancer's decisions: each status write as a {@code WriteStatus} mutation of the CR (id
 * {@code <writeId>/0}) and, when its TTL ran out, a {@code DeleteObject} of it (uid-guarded, so a new CR of the same
 * name is left alone; id {@code <decisionId>/1}), to {@code meridian.mutations}; every decision, status write and
 * recorded answer as a {@link DomainEvent} (aggregate type WorkloadRebalancer). Tracking processor {@value #GROUP}: a handler returns only
 * once Kafka acknowledged, so the token moves on only after the records are durable.
 */
@Component
@ProcessingGroup(RebalancerPublisher.GROUP)
public class RebalancerPublisher implements DisposableBean {
    public static final String GROUP = "rebalancer-outbound";
    private final KafkaProducer<String, String> producer;

    public RebalancerPublisher(KafkaClients clients) {
        this.producer = clients.flushedPublisher("command-service-rebalancer-outbound");
    }

    @EventHandler
    void on(RebalancerReconciled event, EventMessage<?> message, @SequenceNumber long sequence) {
        List<ProducerRecord<String, String>> records = new ArrayList<>();
        RebalancerObject cr = event.object();
        if (event.deletes()) {
            records.add(mutation(cr, event.id(), event.decisionId(), 1, Mutation.Type.DELETE_OBJECT,
                    KernelJson.JSON.createObjectNode(), event.at()));
        }
        ObjectNode payload = KernelJson.JSON.createObjectNode().put("reason", event.reason());
        payload.put("trigger", event.trigger());
        payload.put("cluster", cr.cluster());
        payload.set("inputs", event.inputs());
        payload.set("statusChange", KernelJson.JSON.valueToTree(event.statusChange()));
        payload.put("statusChanged", event.writeStatus());
        if (event.statusDueAt() != null) {
            payload.put("statusDueAt", event.statusDueAt().toString());
        }
        // the targets asked, by id: a decision asking thousands stays well inside Kafka's record size
        payload.set("requests", KernelJson.JSON.valueToTree(event.requests().stream()
                .map(RescheduleRequest::targetId).toList()));
        payload.set("next", KernelJson.JSON.valueToTree(event.next()));
        records.add(domainEvent(message, event.id(), sequence, "WorkloadRebalancerReconciled", event.decisionId(),
                payload));
        publish(records);
    }

    @EventHandler
    void on(RebalancerStatusWritten event, EventMessage<?> message, @SequenceNumber long sequence) {
        ObjectNode body = KernelJson.JSON.createObjectNode();
        body.set("status", KernelJson.JSON.valueToTree(event.status()));
        ObjectNode payload = KernelJson.JSON.createObjectNode().put("reason", "status written: "
                + event.status().observedWorkloads().size() + " workload(s)");
        payload.put("cluster", event.object().cluster());
        payload.set("status", body.get("status"));
        publish(List.of(mutation(event.object(), event.id(), event.writeId(), 0, Mutation.Type.WRITE_STATUS, body,
                        event.at()),
                domainEvent(message, event.id(), sequence, "WorkloadRebalancerStatusWritten", event.writeId(),
                        payload)));
    }

    @EventHandler
    void on(RescheduleOutcomesRecorded event, EventMessage<?> message, @SequenceNumber long sequence) {
        ObjectNode payload = KernelJson.JSON.createObjectNode().put("reason", event.outcomes().size()
                + " answer(s): " + event.outcomes().entrySet().stream().limit(3)
                .map(e -> e.getKey() + " " + e.getValue().kind()).toList()
                + (event.outcomes().size() > 3 ? " ..." : ""));
        payload.set("outcomes", KernelJson.JSON.valueToTree(event.outcomes()));
        publish(List.of(domainEvent(message, event.id(), sequence, "WorkloadRebalancerAnswersRecorded", null, payload)));
    }

    private static ProducerRecord<String, String> mutation(RebalancerObject cr, String aggregateId, String decisionId,
                                                           int index, Mutation.Type type, JsonNode body, Instant at) {
        Mutation mutation = new Mutation(Mutation.SCHEMA_VERSION, decisionId + "/" + index, cr.cluster(), at,
                aggregateId, decisionId, type,
                new ObjectRef(cr.apiVersion(), RebalancerFeed.KIND, "", cr.name(), cr.uid(), null), body);
        return new ProducerRecord<>(Topics.MUTATIONS, cr.cluster(), MessageCodec.MUTATION.encode(mutation));
    }

    private static ProducerRecord<String, String> domainEvent(EventMessage<?> message, String aggregateId,
                                                              long sequence, String type, String decisionId,
                                                              JsonNode payload) {
        DomainEvent event = new DomainEvent(DomainEvent.SCHEMA_VERSION, message.getIdentifier(),
                RebalancerApi.AGGREGATE_TYPE, aggregateId, sequence, type, message.getTimestamp(), decisionId,
                KernelVersion.VALUE, payload);
        return new ProducerRecord<>(Topics.DOMAIN_EVENTS, aggregateId, MessageCodec.DOMAIN_EVENT.encode(event));
    }

    /** Sends all, then waits for every acknowledgement; a failure throws, so the processor retries the event. */
    private void publish(List<ProducerRecord<String, String>> records) {
        OutboundRecords.sendAndAwait(producer, records);
    }

    @Override
    public void destroy() {
        producer.close();
    }
}
