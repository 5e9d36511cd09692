package io.meridian.command.outbound;

import io.meridian.schemas.MutationResult;
import java.util.Optional;

/**
 * Where the result of a mutation is recorded, for aggregates other than WorkloadSpreads: a Spring bean answers
 * the command that records {@code result} on the aggregate {@code aggregateId} (the mutation id before its
 * last {@code @}), or empty when that aggregate is not its kind. Results no route takes go to the spread.
 */
public interface MutationResultRoute {
    Optional<Object> command(String aggregateId, MutationResult result);
}
