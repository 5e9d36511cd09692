package io.meridian.command.outbound;

import io.meridian.schemas.kafka.DeadLetters;
import io.meridian.command.kafka.KafkaClients;
import io.meridian.command.kafka.MeridianProperties;
import io.meridian.command.kafka.PacedCommits;
import io.meridian.command.kafka.RefusedRecords;
import io.meridian.command.ws.api.RecordMutationResult;
import io.meridian.schemas.Decoded;
import io.meridian.schemas.MessageCodec;
import io.meridian.schemas.MutationResult;
import io.meridian.schemas.Topics;
import io.meridian.schemas.kafka.PollRecovery;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.common.errors.WakeupException;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.axonframework.modelling.command.AggregateNotFoundException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;

/**
 * Records the applier's results ({@code meridian.mutation-results}) on the spread that issued the
 * mutation (the aggregate id is the part of the mutation id before the last {@code @}). The offsets of batches whose
 * commands are stored are committed about once a second, when partitions are taken away and when it stops
 * ({@link PacedCommits}); a redelivered result is recorded again, harmlessly. After a
 * failure (Kafka or the event store out of reach) it goes on from the first result not recorded ({@link PollRecovery}).
 * A result refused {@value RefusedRecords#ATTEMPTS} times in a row otherwise than by an outage (a route or an aggregate
 * that throws on it) goes to the .dlq with the last failure ({@link RefusedRecords}) instead of holding the partition:
 * it is then missing from the aggregate's history, which converges on its next sync as for a result never received.
 */
@Component
public class MutationResultConsumer implements SmartLifecycle {
    private static final Logger log = LoggerFactory.getLogger(MutationResultConsumer.class);

    private final KafkaClients clients;
    private final CommandGateway commands;
    private final MeridianProperties properties;
    private final List<MutationResultRoute> routes;
    private final RefusedRecords refused = new RefusedRecords();
    private final Clock clock;
    private volatile KafkaConsumer<String, String> consumer;
    private PacedCommits commits;
    private volatile boolean running;
    private Thread worker;

    public MutationResultConsumer(KafkaClients clients, CommandGateway commands, MeridianProperties properties,
                                  List<MutationResultRoute> routes, Clock clock) {
        this.clock = clock;
        this.clients = clients;
        this.commands = commands;
        this.properties = properties;
        this.routes = List.copyOf(routes);
    }

    @Override
    public void start() {
        running = true;
        consumer = clients.consumer("command-service-mutation-results", properties.consumerGroup());
        commits = new PacedCommits(consumer, clock, PacedCommits.INTERVAL);
        worker = new Thread(this::run, "mutation-results");
        worker.start();
    }

    private void run() {
        try (KafkaProducer<String, String> deadLetters = clients.idempotentProducer("command-service-results-dlq")) {
            consumer.subscribe(List.of(Topics.MUTATION_RESULTS), commits);
            PollRecovery recovery = new PollRecovery("mutation results consumer", () -> running);
            while (running) {
                recovery.attempt(consumer, () -> consumeOnce(deadLetters, recovery));
            }
        } catch (WakeupException stopping) {
            // stop() woke the consumer up
        } catch (RuntimeException e) {
            log.error("mutation results consumer stopped", e);
        } finally {
            commits.commitLeaving("mutation results");
            consumer.close();
        }
    }

    private void consumeOnce(KafkaProducer<String, String> deadLetters, PollRecovery recovery) {
        ConsumerRecords<String, String> records = consumer.poll(Duration.ofMillis(500));
        recovery.polled(records);
        for (ConsumerRecord<String, String> record : records) {
            handle(record, deadLetters);
            recovery.handled(record);
        }
        if (!records.isEmpty()) {
            commits.handled(records);
        }
    }

    private void handle(ConsumerRecord<String, String> record, KafkaProducer<String, String> deadLetters) {
        Decoded<MutationResult> decoded = MessageCodec.MUTATION_RESULT.decode(record.value());
        if (decoded instanceof Decoded.Rejected<MutationResult> rejected) {
            DeadLetters.send(deadLetters, record, rejected.reason());
            return;
        }
        MutationResult result = ((Decoded.Accepted<MutationResult>) decoded).message();
        int at = result.mutationId().lastIndexOf('@');
        if (at <= 0) {
            log.debug("mutation {} was not issued by a WorkloadSpread", result.mutationId());
            return;
        }
        String aggregateId = result.mutationId().substring(0, at);
        MDC.put("cluster", result.cluster());
        MDC.put("aggregate", aggregateId);
        try {
            Object command = routes.stream().flatMap(route -> route.command(aggregateId, result).stream()).findFirst()
                    .orElseGet(() -> new RecordMutationResult(aggregateId, result.mutationId(), result.outcome().wire(),
                            result.detail(), result.completedAt()));
            commands.sendAndWait(command);
            refused.handled();
        } catch (AggregateNotFoundException e) {
            log.info("mutation result for unknown spread {}", aggregateId);
            refused.handled();
        } catch (RuntimeException e) {
            if (!refused.refusedForGood(record, e)) {
                throw e;
            }
            DeadLetters.send(deadLetters, record, "not recorded, refused " + RefusedRecords.ATTEMPTS + " times in a row: " + e);
            refused.handled();
        } finally {
            MDC.remove("cluster");
            MDC.remove("aggregate");
        }
    }

    @Override
    public void stop() {
        running = false;
        io.meridian.command.kafka.ConsumerThreads.stop(consumer, worker);
    }

    @Override
    public boolean isRunning() {
        return running;
    }
}
