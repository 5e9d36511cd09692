package io.meridian.command.federation.api;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * A binding decision: {@code trigger} (the §2.6 check that held, or TemplateChanged / RolloutStep), the
 * kernel's assignment in {@code mode} (Steady or Fresh) from {@code inputs}, or {@code failure} when no
 * assignment could be made; {@code applied} is what the member clusters are now asked to hold (the assignment,
 * or a make-before-break step towards it) and {@code mutations} the writes that get them there.
 */
public record BindingScheduled(String bindingId, String decisionId, String kernelVersion, String trigger, String mode,
                               ScheduleInputs inputs, Map<String, Integer> assignment, String affinityName,
                               String failure, Map<String, Integer> applied, String templateDigest,
                               List<BindingMutation> mutations, String reason, Instant at) {
}
