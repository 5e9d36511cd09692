package io.meridian.command.federation.api;

import java.time.Instant;
import java.util.List;

/**
 * The binding no longer manages its template: the template was deleted (its copies in the other members are
 * deleted by {@code mutations}) or no PropagationPolicy selects it any more (copies are left as they are).
 */
public record BindingReleased(String bindingId, String decisionId, String reason, List<BindingMutation> mutations,
                              Instant at) {
}
