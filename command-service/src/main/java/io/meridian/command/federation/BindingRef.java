package io.meridian.command.federation;

import io.meridian.command.federation.api.BindingApi;
import java.util.Locale;

/** The template a binding id names: {@code binding:namespace/kind/name}. */
public record BindingRef(String namespace, String kind, String name) {
    private static final String PREFIX = "binding:";

    public static BindingRef parse(String bindingId) {
        if (bindingId == null || !bindingId.startsWith(PREFIX)) {
            throw new IllegalArgumentException("bindingId: must start with '" + PREFIX + "', got " + bindingId);
        }
        String[] parts = bindingId.substring(PREFIX.length()).split("/", 3);
        if (parts.length != 3) {
            throw new IllegalArgumentException("bindingId: must be binding:namespace/kind/name, got " + bindingId);
        }
        return new BindingRef(parts[0], parts[1], parts[2]);
    }

    public String id() {
        return BindingApi.aggregateId(namespace, kind, name);
    }

    /** The label value that marks a member's copy: Karmada's binding name, {@code <name>-<kind>} in lower case. */
    public String labelValue() {
        String value = (name + "-" + kind).toLowerCase(Locale.ROOT).replace(':', '.');
        return value.length() <= 63 ? value : value.substring(0, 63);
    }
}
