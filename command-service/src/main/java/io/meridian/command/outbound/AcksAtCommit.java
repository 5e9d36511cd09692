package io.meridian.command.outbound;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Future;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.axonframework.messaging.unitofwork.CurrentUnitOfWork;
import org.axonframework.messaging.unitofwork.UnitOfWork;

/**
 * Publishing from a tracking processor's batch: the records are sent as they are made, and Kafka's acknowledgements
 * are awaited once, when the batch prepares its commit (after its token is written, before the transaction
 * commits). A batch of events then costs one wait for Kafka, not one per event, and the producer puts the batch's
 * records in one request: it lingers longer than a batch takes to handle ({@code KafkaClients.flushedPublisher})
 * and is flushed here. A failed acknowledgement throws there: the batch rolls back, its token stays and the
 * processor handles the events again (a record is published at least once). Outside a unit of work, the
 * acknowledgements are awaited at once.
 */
public final class AcksAtCommit {
    private final Producer<String, String> producer;
    private final String resourceKey;

    /** @param name tells this publisher's pending acknowledgements apart from another's in the same unit of work */
    public AcksAtCommit(Producer<String, String> producer, String name) {
        this.producer = producer;
        this.resourceKey = AcksAtCommit.class.getName() + "." + name;
    }

    public void send(List<ProducerRecord<String, String>> records) {
        if (!CurrentUnitOfWork.isStarted()) {
            OutboundRecords.sendAndAwait(producer, records);
            return;
        }
        List<Future<RecordMetadata>> pending = pendingIn(CurrentUnitOfWork.get().root());
        records.forEach(record -> pending.add(producer.send(record)));
    }

    private List<Future<RecordMetadata>> pendingIn(UnitOfWork<?> batch) {
        return batch.getOrComputeResource(resourceKey, key -> {
            List<Future<RecordMetadata>> pending = new ArrayList<>();
            batch.onPrepareCommit(unit -> OutboundRecords.await(producer, pending));
            return pending;
        });
    }
}
