package io.meridian.core.ws.admission;

/** A controller owner reference or a target reference: apiVersion, kind and name. */
public record ObjectRef(String apiVersion, String kind, String name) {
    public GroupKind groupKind() {
        return GroupKind.of(apiVersion, kind);
    }

    public boolean sameObjectAs(ObjectRef other) {
        return other != null && groupKind().equals(other.groupKind()) && name.equals(other.name());
    }
}
