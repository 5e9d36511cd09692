package io.meridian.command.federation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.command.federation.api.BindingMutation;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * The writes that take the member clusters from one applied assignment to the next. The host's copy is the
 * template itself: it is told its share and the total ({@link FederatedTemplate#hostPatch}), never deleted (a
 * host outside the assignment holds 0). Another member gets the whole copy when it is new (marked {@code absent})
 * or the template changed, a Scale when only its share moved, and a DeleteObject when it left the assignment.
 */
final class CopyPlanner {
    static final String APPLY = "ApplyObject";
    static final String SCALE = "Scale";
    static final String DELETE = "DeleteObject";

    private CopyPlanner() {
    }

    /** What the clusters hold now, as far as this binding wrote it. */
    record Written(Map<String, Integer> applied, int total, String digest, boolean hostWritten) {
    }

    static List<BindingMutation> plan(String host, JsonNode template, String bindingLabel, Written before,
                                      Map<String, Integer> applied, int total, String digest) {
        List<BindingMutation> mutations = new ArrayList<>();
        String apiVersion = template.path("apiVersion").asText("apps/v1");
        String kind = template.path("kind").asText();
        String namespace = template.path("metadata").path("namespace").asText("default");
        String name = template.path("metadata").path("name").asText();
        boolean templateChanged = !digest.equals(before.digest());
        TreeSet<String> clusters = new TreeSet<>(before.applied().keySet());
        clusters.addAll(applied.keySet());
        clusters.add(host);
        for (String cluster : clusters) {
            Integer was = before.applied().get(cluster);
            Integer now = applied.get(cluster);
            JsonNode body = null;
            String type = null;
            if (cluster.equals(host)) {
                int share = now == null ? 0 : now;
                if (!before.hostWritten() || total != before.total() || was == null && share != 0
                        || was != null && was != share) {
                    type = APPLY;
                    // merged into the template: its spec and other annotations are the user's
                    body = object(FederatedTemplate.hostPatch(total, share)).put("merge", true);
                }
            } else if (now == null) {
                type = was == null ? null : DELETE;
                body = JsonNodeFactory.instance.objectNode();
            } else if (was == null || templateChanged) {
                type = APPLY;
                body = object(FederatedTemplate.copy(template, bindingLabel, now));
                if (was == null) {
                    // never written there: the gateway creates it in one request (and converges it if it exists)
                    ((ObjectNode) body).put("absent", true);
                }
            } else if (!was.equals(now)) {
                type = SCALE;
                // what it held: the gateway writes in one request when the copy still holds it
                body = JsonNodeFactory.instance.objectNode().put("replicas", now).put("from", was);
            }
            if (type != null) {
                mutations.add(new BindingMutation(mutations.size(), cluster, type, apiVersion, kind, namespace, name, body));
            }
        }
        return mutations;
    }

    private static ObjectNode object(JsonNode object) {
        ObjectNode body = JsonNodeFactory.instance.objectNode();
        body.set("object", object);
        return body;
    }
}
