package io.meridian.command.ws;

import com.fasterxml.jackson.databind.JsonNode;

/** Which of two versions of one Kubernetes object is the newer. */
public final class ObjectVersions {
    private ObjectVersions() {
    }

    /**
     * The newer of two versions of one object: by resourceVersion when both are numbers (as etcd's are),
     * else by generation; on a tie {@code later}.
     */
    public static JsonNode newer(JsonNode earlier, JsonNode later) {
        Long a = resourceVersion(earlier);
        Long b = resourceVersion(later);
        if (a != null && b != null) {
            return b >= a ? later : earlier;
        }
        long generationA = earlier.path("metadata").path("generation").asLong(0);
        long generationB = later.path("metadata").path("generation").asLong(0);
        return generationB >= generationA ? later : earlier;
    }

    /** Both versions of the same object: same kind, name and (when both have one) uid. */
    public static boolean sameObject(JsonNode a, JsonNode b) {
        String uidA = a.path("metadata").path("uid").asText("");
        String uidB = b.path("metadata").path("uid").asText("");
        return a.path("kind").asText().equals(b.path("kind").asText())
                && a.path("metadata").path("name").asText().equals(b.path("metadata").path("name").asText())
                && (uidA.isEmpty() || uidB.isEmpty() || uidA.equals(uidB));
    }

    private static Long resourceVersion(JsonNode object) {
        try {
            return Long.parseLong(object.path("metadata").path("resourceVersion").asText(""));
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
