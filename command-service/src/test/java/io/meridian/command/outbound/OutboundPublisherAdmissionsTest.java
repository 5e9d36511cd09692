package io.meridian.command.outbound;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.command.ws.KernelJson;
import io.meridian.command.ws.api.AdmissionOutcome;
import io.meridian.command.ws.api.PodAdmission;
import io.meridian.command.ws.api.PodsAdmitted;
import io.meridian.command.ws.api.WorkloadSpreadApi;
import io.meridian.core.KernelVersion;
import io.meridian.schemas.DomainEvent;
import io.meridian.schemas.MessageCodec;
import io.meridian.schemas.Topics;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.axonframework.eventhandling.DomainEventMessage;
import org.axonframework.eventhandling.GenericDomainEventMessage;
import org.axonframework.messaging.MetaData;
import org.axonframework.serialization.SerializedMessage;
import org.axonframework.serialization.Serializer;
import org.axonframework.serialization.json.JacksonSerializer;
import org.junit.jupiter.api.Test;

/** What the {@code outbound} processor publishes for a batch of admissions, read back from the event store or not. */
class OutboundPublisherAdmissionsTest {
    private static final String SPREAD = "member1/default/ws";
    private static final Instant NOW = Instant.parse("2026-11-23T23:00:00.123456789Z");
    private final Serializer store = JacksonSerializer.builder().objectMapper(KernelJson.JSON.copy()).build();

    @Test
    void anAdmissionBatchReadBackFromTheStoreIsPublishedWithoutBeingDeserialized() {
        SerializedMessage<PodsAdmitted> stored = storedForm(batch());

        OutboundPublisher.admittedRecords(asDomainEvent(stored), store);

        assertThat(stored.isPayloadDeserialized()).isFalse();
    }

    @Test
    void anAdmissionBatchReadBackFromTheStoreGivesOneDecisionPerPodAsTheObjectWould() throws Exception {
        PodsAdmitted batch = batch();
        DomainEventMessage<PodsAdmitted> message = asDomainEvent(storedForm(batch));

        List<ProducerRecord<String, String>> records = OutboundPublisher.admittedRecords(message, store);

        assertSameRecords(records, recordsOfTheObject(batch, message));
    }

    @Test
    void anAdmissionBatchNotFromTheStoreIsPublishedFromTheObject() throws Exception {
        PodsAdmitted batch = batch();
        DomainEventMessage<PodsAdmitted> message = new GenericDomainEventMessage<>(WorkloadSpreadApi.AGGREGATE_TYPE, SPREAD,
                7, batch);

        List<ProducerRecord<String, String>> records = OutboundPublisher.admittedRecords(message, store);

        assertSameRecords(records, recordsOfTheObject(batch, message));
    }

    @Test
    void aStoredAdmissionWithoutAnOutcomeIsPublishedWithItsOutcomeFieldsNull() throws Exception {
        PodAdmission bare = new PodAdmission("d-3", "uid-3", json("{\"metadata\":{\"name\":\"web-3\"}}"), null, null,
                null, 13, null);
        PodsAdmitted batch = new PodsAdmitted(SPREAD, KernelVersion.VALUE, NOW, List.of(), List.of(bare), null, null);

        List<ProducerRecord<String, String>> records = OutboundPublisher.admittedRecords(asDomainEvent(storedForm(batch)), store);

        JsonNode payload = KernelJson.JSON.readTree(records.get(0).value()).path("payload");
        assertThat(payload.path("pod").asText()).isEqualTo("web-3");
        assertThat(payload.get("verdict").isNull()).isTrue();
        assertThat(payload.get("reason").isNull()).isTrue();
        assertThat(payload.get("patch").isNull()).isTrue();
    }

    /** A named pod patched into a subset, and a nameless one denied (no subset, no patch). */
    private static PodsAdmitted batch() {
        JsonNode named = json("{\"metadata\":{\"name\":\"web-1\",\"namespace\":\"default\"},\"status\":{\"phase\":\"Pending\"}}");
        JsonNode nameless = json("{\"metadata\":{\"generateName\":\"web-\",\"namespace\":\"default\"}}");
        JsonNode patch = json("[{\"op\":\"add\",\"path\":\"/metadata/annotations\",\"value\":{\"a\":\"b\"}}]");
        PodAdmission patched = new PodAdmission("d-1", "uid-1", named, null,
                new AdmissionOutcome("d-1", AdmissionOutcome.PATCH, "ack", patch, "subset ack has room", null), null, 11, "100");
        PodAdmission denied = new PodAdmission("d-2", "uid-2", nameless, "web-x7k2p",
                new AdmissionOutcome("d-2", AdmissionOutcome.DENY, null, null, "no subset matches", 403), null, 12, null);
        return new PodsAdmitted(SPREAD, KernelVersion.VALUE, NOW, List.of(json("{\"kind\":\"ReplicaSet\"}")),
                List.of(patched, denied), null, "v1");
    }

    private SerializedMessage<PodsAdmitted> storedForm(PodsAdmitted batch) {
        return new SerializedMessage<>("event-1", store.serialize(batch, byte[].class),
                store.serialize(MetaData.emptyInstance(), byte[].class), store);
    }

    private static DomainEventMessage<PodsAdmitted> asDomainEvent(SerializedMessage<PodsAdmitted> stored) {
        return new GenericDomainEventMessage<>(WorkloadSpreadApi.AGGREGATE_TYPE, SPREAD, 7, stored, NOW);
    }

    /** What the processor published when it took the batch as an object. */
    private static List<ProducerRecord<String, String>> recordsOfTheObject(PodsAdmitted batch, DomainEventMessage<?> message) {
        List<ProducerRecord<String, String>> records = new ArrayList<>();
        for (int i = 0; i < batch.admissions().size(); i++) {
            PodAdmission admission = batch.admissions().get(i);
            ObjectNode payload = KernelJson.JSON.createObjectNode().put("reason", admission.outcome().reason());
            payload.put("verdict", admission.outcome().verdict());
            payload.put("subset", admission.outcome().subset());
            payload.put("pod", admission.pod().path("metadata").path("name").asText(admission.generatedId()));
            payload.put("requestUid", admission.requestUid());
            payload.set("patch", admission.outcome().patch());
            payload.put("now", batch.now().toString());
            DomainEvent event = new DomainEvent(DomainEvent.SCHEMA_VERSION, message.getIdentifier() + "#" + i,
                    WorkloadSpreadApi.AGGREGATE_TYPE, batch.id(), admission.domainSequence(), "PodAdmitted",
                    message.getTimestamp(), admission.decisionId(), KernelVersion.VALUE, payload);
            records.add(new ProducerRecord<>(Topics.DOMAIN_EVENTS, batch.id(), MessageCodec.DOMAIN_EVENT.encode(event)));
        }
        return records;
    }

    private static void assertSameRecords(List<ProducerRecord<String, String>> actual,
                                          List<ProducerRecord<String, String>> expected) throws JsonProcessingException {
        assertThat(actual).hasSize(2).hasSameSizeAs(expected);
        for (int i = 0; i < expected.size(); i++) {
            assertThat(actual.get(i).topic()).isEqualTo(expected.get(i).topic());
            assertThat(actual.get(i).key()).isEqualTo(expected.get(i).key());
            assertThat(KernelJson.JSON.readTree(actual.get(i).value())).isEqualTo(KernelJson.JSON.readTree(expected.get(i).value()));
        }
    }

    private static JsonNode json(String text) {
        try {
            return KernelJson.JSON.readTree(text);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(e);
        }
    }
}
