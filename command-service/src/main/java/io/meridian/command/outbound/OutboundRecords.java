package io.meridian.command.outbound;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.core.KernelVersion;
import io.meridian.schemas.DomainEvent;
import io.meridian.schemas.MessageCodec;
import io.meridian.schemas.Mutation;
import io.meridian.schemas.ObjectRef;
import io.meridian.schemas.Topics;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.axonframework.eventhandling.EventMessage;

/** The Kafka records of what an aggregate decided, shared by the publishers of every aggregate type. */
public final class OutboundRecords {

    private OutboundRecords() {
    }

    /**
     * Mutation number {@code index} of a decision, keyed by its target cluster; its id {@code <decisionId>/<index>}
     * is the idempotency key.
     */
    public static ProducerRecord<String, String> mutation(String aggregateId, String decisionId, Instant at, int index,
                                                          String cluster, String type, ObjectRef target, JsonNode body) {
        Mutation mutation = new Mutation(Mutation.SCHEMA_VERSION, decisionId + "/" + index, cluster, at, aggregateId,
                decisionId, type(type), target, body);
        return new ProducerRecord<>(Topics.MUTATIONS, cluster, MessageCodec.MUTATION.encode(mutation));
    }

    /** A domain event whose id is the Axon event's and whose sequence is the event store's. */
    public static ProducerRecord<String, String> domainEvent(String aggregateType, EventMessage<?> message,
                                                             String aggregateId, long sequence, String type,
                                                             String decisionId, JsonNode payload) {
        DomainEvent event = new DomainEvent(DomainEvent.SCHEMA_VERSION, message.getIdentifier(), aggregateType,
                aggregateId, sequence, type, message.getTimestamp(), decisionId, KernelVersion.VALUE, payload);
        return new ProducerRecord<>(Topics.DOMAIN_EVENTS, aggregateId, MessageCodec.DOMAIN_EVENT.encode(event));
    }

    /** The mutation type of a wire name (SetPodDeletionCost, ApplyObject, ...). */
    public static Mutation.Type type(String wire) {
        for (Mutation.Type type : Mutation.Type.values()) {
            if (type.wire().equals(wire)) {
                return type;
            }
        }
        throw new IllegalArgumentException("unknown mutation type " + wire);
    }

    /** Sends all, then waits for every acknowledgement; a failure throws, so the processor retries the event. */
    public static void sendAndAwait(Producer<String, String> producer, List<ProducerRecord<String, String>> records) {
        List<Future<RecordMetadata>> sent = new ArrayList<>(records.size());
        records.forEach(record -> sent.add(producer.send(record)));
        await(producer, sent);
    }

    /**
     * Sends what the producer still holds without waiting out its linger, then waits for every acknowledgement; a
     * failure throws, so the processor retries.
     */
    public static void await(Producer<String, String> producer, List<Future<RecordMetadata>> sent) {
        producer.flush();
        try {
            for (Future<RecordMetadata> ack : sent) {
                ack.get();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while publishing", e);
        } catch (ExecutionException e) {
            throw new IllegalStateException("cannot publish to Kafka: " + e.getCause(), e.getCause());
        }
    }
}
