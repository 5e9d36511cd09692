package io.meridian.core.ws.admission;

/** An API group and kind; versions never matter when matching workloads. */
public record GroupKind(String group, String kind) {
    public GroupKind {
        group = group == null ? "" : group;
        kind = kind == null ? "" : kind;
    }

    /** The group of an apiVersion such as {@code apps/v1} ({@code ""} for {@code v1}). */
    public static GroupKind of(String apiVersion, String kind) {
        if (apiVersion == null) {
            return new GroupKind("", kind);
        }
        int slash = apiVersion.indexOf('/');
        return new GroupKind(slash < 0 ? "" : apiVersion.substring(0, slash), kind);
    }
}
