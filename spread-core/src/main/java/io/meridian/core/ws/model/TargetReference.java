package io.meridian.core.ws.model;

/** The workload a spread manages: same namespace as the spread. */
public record TargetReference(String apiVersion, String kind, String name) {

    /** The API group of {@link #apiVersion()}: "" for the core group. */
    public String group() {
        if (apiVersion == null) {
            return "";
        }
        int slash = apiVersion.indexOf('/');
        return slash < 0 ? "" : apiVersion.substring(0, slash);
    }
}
