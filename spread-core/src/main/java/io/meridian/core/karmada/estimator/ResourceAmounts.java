package io.meridian.core.karmada.estimator;

import io.fabric8.kubernetes.api.model.Quantity;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Optional;

/**
 * Resource quantities as whole numbers the estimator can divide: {@code cpu} in millicores, every other resource
 * ({@code memory}, {@code ephemeral-storage}, extended resources) in its base unit, rounded up as the scheduler
 * does. An unparseable quantity is absent.
 */
public final class ResourceAmounts {
    public static final String CPU = "cpu";
    public static final String MEMORY = "memory";
    public static final String PODS = "pods";
    private static final BigDecimal THOUSAND = BigDecimal.valueOf(1000);

    private ResourceAmounts() {
    }

    public static Optional<Long> amount(String resource, String quantity) {
        if (quantity == null || quantity.isBlank()) {
            return Optional.empty();
        }
        try {
            BigDecimal base = Quantity.getAmountInBytes(new Quantity(quantity));
            BigDecimal scaled = CPU.equals(resource) ? base.multiply(THOUSAND) : base;
            return Optional.of(scaled.setScale(0, RoundingMode.CEILING).longValueExact());
        } catch (IllegalArgumentException | ArithmeticException e) {
            return Optional.empty();
        }
    }
}
