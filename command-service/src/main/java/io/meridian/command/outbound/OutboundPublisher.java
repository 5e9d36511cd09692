package io.meridian.command.outbound;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.command.kafka.KafkaClients;
import io.meridian.command.member.api.MemberCapacityChanged;
import io.meridian.command.member.api.MemberClusterReady;
import io.meridian.command.member.api.MemberClusterRegistered;
import io.meridian.command.member.api.MemberClusterUnreachable;
import io.meridian.command.ws.KernelJson;
import io.meridian.command.ws.api.MutationResultRecorded;
import io.meridian.command.ws.api.PlannedMutation;
import io.meridian.command.ws.api.PodDeletionRecorded;
import io.meridian.command.ws.api.PodsAdmitted;
import io.meridian.command.ws.api.PodsAdopted;
import io.meridian.command.ws.api.WorkloadSpreadApi;
import io.meridian.command.ws.api.WorkloadSpreadChanged;
import io.meridian.command.ws.api.WorkloadSpreadRegistered;
import io.meridian.command.ws.api.WorkloadSpreadRemoved;
import io.meridian.command.ws.api.WorkloadSpreadSynced;
import io.meridian.core.KernelVersion;
import io.meridian.schemas.DomainEvent;
import io.meridian.schemas.MessageCodec;
import io.meridian.schemas.Mutation;
import io.meridian.schemas.ObjectRef;
import io.meridian.schemas.Topics;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.EventHandler;
import org.axonframework.eventhandling.EventMessage;
import org.axonframework.eventhandling.SequenceNumber;
import org.axonframework.serialization.Serializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.stereotype.Component;

/**
 * Publishes what the aggregates decided: the mutations of a sync to {@code meridian.mutations}
 * (idempotency key {@code <decisionId>/<n>}) and every decision as a {@link DomainEvent} to
 * {@code meridian.domain-events} (WorkloadSpread and MemberCluster events). Runs in a tracking processor whose token is in the JDBC token
 * store: a batch of events commits (and its token moves) only once Kafka acknowledged their records (acks=all,
 * idempotent producer; {@link AcksAtCommit}), so the token moves on only past durable records. A replay publishes
 * the same records again, with the same ids, which consumers deduplicate.
 */
@Component
@ProcessingGroup("outbound")
public class OutboundPublisher implements DisposableBean {
    private static final Logger log = LoggerFactory.getLogger(OutboundPublisher.class);
    private final KafkaProducer<String, String> producer;
    private final AcksAtCommit acks;
    private final Serializer eventSerializer;

    /** @param eventSerializer the event store's: an admission batch read back from the store is taken as it was stored */
    public OutboundPublisher(KafkaClients clients, @Qualifier("eventSerializer") Serializer eventSerializer) {
        this.producer = clients.flushedPublisher("command-service-outbound");
        this.acks = new AcksAtCommit(producer, "outbound");
        this.eventSerializer = eventSerializer;
    }

    @EventHandler
    void on(WorkloadSpreadRegistered event, EventMessage<?> message) {
        ObjectNode payload = reason("registered");
        payload.set("manifest", event.manifest());
        publish(List.of(domainEvent(message.getIdentifier(), event.id(), event.domainSequence(), "WorkloadSpreadRegistered",
                message.getTimestamp(), null, payload)));
    }

    @EventHandler
    void on(WorkloadSpreadChanged event, EventMessage<?> message) {
        ObjectNode payload = reason("metadata or spec changed");
        payload.set("manifest", event.manifest());
        publish(List.of(domainEvent(message.getIdentifier(), event.id(), event.domainSequence(), "WorkloadSpreadChanged",
                message.getTimestamp(), null, payload)));
    }

    @EventHandler
    void on(WorkloadSpreadRemoved event, EventMessage<?> message) {
        publish(List.of(domainEvent(message.getIdentifier(), event.id(), event.domainSequence(), "WorkloadSpreadRemoved",
                message.getTimestamp(), null, reason("removed"))));
    }

    // takes the message, not the event: a parameter of the event's type would make Axon deserialize it, and the event
    // store's cache of recent events would then hold every admitted pod as a tree (docs/benchmarks.md, session 17)
    @EventHandler(payloadType = PodsAdmitted.class)
    void onAdmitted(EventMessage<?> message) {
        publish(admittedRecords(message, eventSerializer));
    }

    /**
     * One {@code PodAdmitted} domain event per admission of a batch, read from the event store's bytes when the message
     * came from there (the serializer is the store's), so the stored message stays serialized, and only the fields
     * published are built ({@link StoredAdmissions}).
     */
    static List<ProducerRecord<String, String>> admittedRecords(EventMessage<?> message, Serializer serializer) {
        StoredAdmissions batch = read(message.serializePayload(serializer, byte[].class).getData());
        String now = batch.now.toString();
        List<ProducerRecord<String, String>> records = new ArrayList<>(batch.admissions.size());
        for (int i = 0; i < batch.admissions.size(); i++) {
            StoredAdmissions.Admission admission = batch.admissions.get(i);
            StoredAdmissions.Outcome outcome = admission.outcomeOrNone();
            ObjectNode payload = reason(outcome.reason);
            payload.put("verdict", outcome.verdict);
            payload.put("subset", outcome.subset);
            payload.put("pod", admission.podName());
            payload.put("requestUid", admission.requestUid);
            payload.set("patch", outcome.patch);
            payload.put("now", now);
            records.add(domainEvent(message.getIdentifier() + "#" + i, batch.id, admission.domainSequence,
                    "PodAdmitted", message.getTimestamp(), admission.decisionId, payload));
        }
        return records;
    }

    private static StoredAdmissions read(byte[] stored) {
        try {
            return KernelJson.JSON.readValue(stored, StoredAdmissions.class);
        } catch (IOException e) {
            throw new UncheckedIOException("a stored PodsAdmitted does not read as one", e);
        }
    }

    @EventHandler
    void on(PodsAdopted event, EventMessage<?> message) {
        List<ProducerRecord<String, String>> records = new ArrayList<>();
        for (int i = 0; i < event.pods().size(); i++) {
            PodsAdopted.Adopted adopted = event.pods().get(i);
            ObjectNode payload = reason(adopted.reason());
            payload.put("subset", adopted.subset());
            payload.put("pod", adopted.pod());
            payload.put("podUid", adopted.podUid());
            payload.put("now", event.now().toString());
            records.add(domainEvent(message.getIdentifier() + "#" + i, event.id(), adopted.domainSequence(), "PodAdopted",
                    message.getTimestamp(), event.decisionId(), payload));
        }
        publish(records);
    }

    @EventHandler
    void on(PodDeletionRecorded event, EventMessage<?> message) {
        ObjectNode payload = reason(event.reason());
        payload.put("operation", event.operation());
        payload.put("pod", event.pod().path("metadata").path("name").asText());
        publish(List.of(domainEvent(message.getIdentifier(), event.id(), event.domainSequence(), "PodDeletionRecorded",
                message.getTimestamp(), event.decisionId(), payload)));
    }

    @EventHandler
    void on(WorkloadSpreadSynced event, EventMessage<?> message) {
        String[] id = event.id().split("/", 3);
        List<ProducerRecord<String, String>> records = new ArrayList<>();
        for (PlannedMutation planned : event.mutations()) {
            Mutation mutation = new Mutation(Mutation.SCHEMA_VERSION, event.decisionId() + "/" + planned.index(), id[0],
                    event.now(), event.id(), event.decisionId(), OutboundRecords.type(planned.type()),
                    new ObjectRef(planned.targetApiVersion(), planned.targetKind(), id[1], planned.targetName(),
                            planned.targetUid(), null), planned.body());
            records.add(new ProducerRecord<>(Topics.MUTATIONS, id[0], MessageCodec.MUTATION.encode(mutation)));
        }
        ObjectNode payload = reason(event.reason());
        payload.put("trigger", event.trigger());
        payload.put("statusChanged", event.statusChanged());
        payload.set("mutations", KernelJson.tree(event.mutations()));
        payload.set("events", KernelJson.tree(event.events()));
        payload.set("status", event.status());
        if (event.requeueAfterMillis() != null) {
            payload.put("requeueAfterMillis", event.requeueAfterMillis());
        }
        records.add(domainEvent(message.getIdentifier(), event.id(), event.domainSequence(), "WorkloadSpreadSynced",
                message.getTimestamp(), event.decisionId(), payload));
        publish(records);
    }

    @EventHandler
    void on(MutationResultRecorded event, EventMessage<?> message) {
        ObjectNode payload = reason("mutation " + event.mutationId() + ": " + event.outcome()
                + (event.detail() == null ? "" : " (" + event.detail() + ")"));
        payload.put("mutationId", event.mutationId());
        payload.put("outcome", event.outcome());
        payload.put("retrySync", event.retrySync());
        publish(List.of(domainEvent(message.getIdentifier(), event.id(), event.domainSequence(), "MutationResultRecorded",
                message.getTimestamp(), null, payload)));
    }

    @EventHandler
    void on(MemberClusterRegistered event, EventMessage<?> message, @SequenceNumber long sequence) {
        ObjectNode payload = reason("first report of the cluster");
        payload.put("role", event.role());
        publish(List.of(memberEvent(message, event.cluster(), sequence, "MemberClusterRegistered", payload)));
    }

    @EventHandler
    void on(MemberClusterReady event, EventMessage<?> message, @SequenceNumber long sequence) {
        publish(List.of(memberEvent(message, event.cluster(), sequence, "MemberClusterReady", reason("heartbeats arrive"))));
    }

    @EventHandler
    void on(MemberClusterUnreachable event, EventMessage<?> message, @SequenceNumber long sequence) {
        ObjectNode payload = reason("no heartbeat since " + event.lastSeen());
        publish(List.of(memberEvent(message, event.cluster(), sequence, "MemberClusterUnreachable", payload)));
    }

    @EventHandler
    void on(MemberCapacityChanged event, EventMessage<?> message, @SequenceNumber long sequence) {
        ObjectNode payload = reason("free capacity changed");
        payload.set("zones", event.zones());
        publish(List.of(memberEvent(message, event.cluster(), sequence, "MemberCapacityChanged", payload)));
    }

    /** Member cluster events: aggregate type MemberCluster, id the cluster name, sequence the event store's. */
    private static ProducerRecord<String, String> memberEvent(EventMessage<?> message, String cluster, long sequence,
                                                              String type, JsonNode payload) {
        DomainEvent event = new DomainEvent(DomainEvent.SCHEMA_VERSION, message.getIdentifier(), "MemberCluster", cluster,
                sequence, type, message.getTimestamp(), null, KernelVersion.VALUE, payload);
        return new ProducerRecord<>(Topics.DOMAIN_EVENTS, cluster, MessageCodec.DOMAIN_EVENT.encode(event));
    }

    private static ObjectNode reason(String reason) {
        return JsonNodeFactory.instance.objectNode().put("reason", reason);
    }

    private static ProducerRecord<String, String> domainEvent(String eventId, String aggregateId, long sequence, String type,
                                                              Instant occurredAt, String decisionId, JsonNode payload) {
        DomainEvent event = new DomainEvent(DomainEvent.SCHEMA_VERSION, eventId, WorkloadSpreadApi.AGGREGATE_TYPE, aggregateId,
                sequence, type, occurredAt, decisionId, KernelVersion.VALUE, payload);
        return new ProducerRecord<>(Topics.DOMAIN_EVENTS, aggregateId, MessageCodec.DOMAIN_EVENT.encode(event));
    }

    /**
     * Sends all; inside the processor's batch the acknowledgements are awaited before it commits ({@link AcksAtCommit}),
     * and a failure there rolls the batch back, so the processor handles its events again.
     */
    public void publish(List<ProducerRecord<String, String>> records) {
        acks.send(records);
        if (log.isDebugEnabled()) {
            MDC.put("aggregate", records.isEmpty() ? "" : records.get(records.size() - 1).key());
            log.debug("published {} record(s)", records.size());
            MDC.remove("aggregate");
        }
    }

    @Override
    public void destroy() {
        producer.close();
    }

}
