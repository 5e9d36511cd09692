package io.meridian.command.ud.outbound;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.command.outbound.OutboundPublisher;
import io.meridian.command.outbound.OutboundRecords;
import io.meridian.command.ud.api.LeftoverWorkloadsDeleted;
import io.meridian.command.ud.api.UdMutation;
import io.meridian.command.ud.api.UnitedDeploymentApi;
import io.meridian.command.ud.api.UnitedDeploymentChanged;
import io.meridian.command.ud.api.UnitedDeploymentMutationResultRecorded;
import io.meridian.command.ud.api.UnitedDeploymentReconciled;
import io.meridian.command.ud.api.UnitedDeploymentRegistered;
import io.meridian.command.ud.api.UnitedDeploymentRemoved;
import io.meridian.command.ud.api.UnitedDeploymentRescheduleCompleted;
import io.meridian.command.ud.api.UnitedDeploymentRescheduled;
import io.meridian.command.ws.KernelJson;
import io.meridian.schemas.ObjectRef;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.EventHandler;
import org.axonframework.eventhandling.EventMessage;
import org.axonframework.eventhandling.SequenceNumber;
import org.springframework.stereotype.Component;

/**
 * Publishes what UnitedDeployment aggregates decided, in the same tracking processor as the spreads' decisions
 * ({@code outbound}): the mutations to {@code meridian.mutations} (key = the target cluster, id
 * {@code <decisionId>/<n>}) and every event as a {@link DomainEvent} of type UnitedDeployment, whose sequence is
 * the event store's.
 */
@Component
@ProcessingGroup("outbound")
public class UnitedDeploymentPublisher {
    private final OutboundPublisher publisher;

    public UnitedDeploymentPublisher(OutboundPublisher publisher) {
        this.publisher = publisher;
    }

    @EventHandler
    void on(UnitedDeploymentRegistered event, EventMessage<?> message, @SequenceNumber long sequence) {
        ObjectNode payload = reason("registered");
        payload.put("cluster", event.cluster());
        payload.set("manifest", event.manifest());
        publisher.publish(List.of(domainEvent(message, event.id(), sequence, "UnitedDeploymentRegistered", null, payload)));
    }

    @EventHandler
    void on(UnitedDeploymentChanged event, EventMessage<?> message, @SequenceNumber long sequence) {
        ObjectNode payload = reason("metadata or spec changed");
        payload.set("manifest", event.manifest());
        publisher.publish(List.of(domainEvent(message, event.id(), sequence, "UnitedDeploymentChanged", null, payload)));
    }

    @EventHandler
    void on(UnitedDeploymentRemoved event, EventMessage<?> message, @SequenceNumber long sequence) {
        ObjectNode payload = reason("removed; " + event.mutations().size() + " subset workload(s) to delete");
        payload.set("mutations", KernelJson.tree(event.mutations()));
        List<ProducerRecord<String, String>> records = mutations(event.id(), event.decisionId(), event.at(), event.mutations());
        records.add(domainEvent(message, event.id(), sequence, "UnitedDeploymentRemoved", event.decisionId(), payload));
        publisher.publish(records);
    }

    @EventHandler
    void on(LeftoverWorkloadsDeleted event, EventMessage<?> message, @SequenceNumber long sequence) {
        ObjectNode payload = reason(event.mutations().size() + " subset workload(s) of the removed UnitedDeployment found again; deleted");
        payload.set("mutations", KernelJson.tree(event.mutations()));
        List<ProducerRecord<String, String>> records = mutations(event.id(), event.decisionId(), event.at(), event.mutations());
        records.add(domainEvent(message, event.id(), sequence, "LeftoverWorkloadsDeleted", event.decisionId(), payload));
        publisher.publish(records);
    }

    @EventHandler
    void on(UnitedDeploymentReconciled event, EventMessage<?> message, @SequenceNumber long sequence) {
        ObjectNode payload = reason(event.reason());
        payload.put("trigger", event.trigger());
        payload.put("now", event.now().toString());
        payload.set("inputs", event.inputs());
        payload.set("output", event.output());
        payload.set("status", event.status());
        payload.put("statusChanged", event.statusChanged());
        payload.set("mutations", KernelJson.tree(event.mutations()));
        payload.set("events", KernelJson.tree(event.events()));
        if (event.requeueAfterMillis() != null) {
            payload.put("requeueAfterMillis", event.requeueAfterMillis());
        }
        List<ProducerRecord<String, String>> records = mutations(event.id(), event.decisionId(), event.now(), event.mutations());
        records.add(domainEvent(message, event.id(), sequence, "UnitedDeploymentReconciled", event.decisionId(), payload));
        publisher.publish(records);
    }

    @EventHandler
    void on(UnitedDeploymentRescheduled event, EventMessage<?> message, @SequenceNumber long sequence) {
        String how = event.availableAtStart() == null ? ""
                : ", make-before-break keeping at least " + event.availableAtStart() + " ready";
        ObjectNode payload = reason("fresh allocation for " + event.requestedBy() + ", ignoring current subset sizes: "
                + event.before() + " -> " + event.after() + how);
        payload.put("requestedBy", event.requestedBy());
        if (event.availableAtStart() != null) {
            payload.put("availableAtStart", event.availableAtStart());
        }
        payload.set("before", KernelJson.tree(event.before()));
        payload.set("after", KernelJson.tree(event.after()));
        publisher.publish(List.of(domainEvent(message, event.id(), sequence, "UnitedDeploymentRescheduled",
                event.decisionId(), payload)));
    }

    @EventHandler
    void on(UnitedDeploymentRescheduleCompleted event, EventMessage<?> message, @SequenceNumber long sequence) {
        ObjectNode payload = reason("reschedule for " + event.requestedBy() + " completed: " + event.reason());
        payload.put("requestedBy", event.requestedBy());
        payload.set("after", KernelJson.tree(event.after()));
        publisher.publish(List.of(domainEvent(message, event.id(), sequence, "UnitedDeploymentRescheduleCompleted",
                null, payload)));
    }

    @EventHandler
    void on(UnitedDeploymentMutationResultRecorded event, EventMessage<?> message, @SequenceNumber long sequence) {
        ObjectNode payload = reason("mutation " + event.mutationId() + ": " + event.outcome()
                + (event.detail() == null ? "" : " (" + event.detail() + ")"));
        payload.put("mutationId", event.mutationId());
        payload.put("outcome", event.outcome());
        payload.put("retry", event.retry());
        publisher.publish(List.of(domainEvent(message, event.id(), sequence, "UnitedDeploymentMutationResultRecorded",
                null, payload)));
    }

    private static List<ProducerRecord<String, String>> mutations(String aggregateId, String decisionId, Instant at,
                                                                  List<UdMutation> planned) {
        List<ProducerRecord<String, String>> records = new ArrayList<>();
        for (UdMutation m : planned) {
            records.add(OutboundRecords.mutation(aggregateId, decisionId, at, m.index(), m.cluster(), m.type(),
                    new ObjectRef(m.apiVersion(), m.kind(), m.namespace(), m.name(), null, null), m.body()));
        }
        return records;
    }

    private static ObjectNode reason(String reason) {
        return JsonNodeFactory.instance.objectNode().put("reason", reason);
    }

    private static ProducerRecord<String, String> domainEvent(EventMessage<?> message, String aggregateId, long sequence,
                                                              String type, String decisionId, JsonNode payload) {
        return OutboundRecords.domainEvent(UnitedDeploymentApi.AGGREGATE_TYPE, message, aggregateId, sequence, type,
                decisionId, payload);
    }
}
