package io.meridian.command.rebalancer.web;

import io.meridian.core.karmada.rebalancer.ResourceTemplate;
import io.meridian.core.karmada.rebalancer.WorkloadReference;
import java.util.List;
import java.util.Optional;

/**
 * Reads a workload as a person writes it on the command line: {@code namespace/kind/name}, {@code kind/name}
 * (namespace {@code default}) or a bare {@code name}, which must name exactly one resource template of the host.
 */
final class WorkloadNames {
    private WorkloadNames() {
    }

    /** The workload, or a one-line reason why the text names none. */
    sealed interface Resolved {
        record Found(WorkloadReference workload) implements Resolved {
        }

        record Unknown(String reason) implements Resolved {
        }
    }

    static Resolved resolve(String text, List<ResourceTemplate> templates) {
        String[] parts = text.split("/", -1);
        if (parts.length > 3 || List.of(parts).stream().anyMatch(String::isBlank)) {
            return new Resolved.Unknown("'" + text + "': expected [namespace/]kind/name or name");
        }
        if (parts.length == 1) {
            List<WorkloadReference> named = templates.stream().map(ResourceTemplate::reference)
                    .filter(r -> r.name().equals(text)).toList();
            return switch (named.size()) {
                case 0 -> new Resolved.Unknown("'" + text + "': no workload of that name in the host cluster");
                case 1 -> new Resolved.Found(named.get(0));
                default -> new Resolved.Unknown("'" + text + "' names " + named.size()
                        + " workloads; write namespace/kind/name");
            };
        }
        String namespace = parts.length == 3 ? parts[0] : "default";
        String kind = parts[parts.length - 2];
        String name = parts[parts.length - 1];
        String apiVersion = templates.stream().map(ResourceTemplate::reference)
                .filter(r -> r.kind().equalsIgnoreCase(kind) && r.namespace().equals(namespace) && r.name().equals(name))
                .map(WorkloadReference::apiVersion).findFirst().orElse("");
        return new Resolved.Found(new WorkloadReference(apiVersion, canonicalKind(kind, templates), namespace, name));
    }

    /** {@code deployment} → {@code Deployment} when a template of that kind exists (kubectl is lenient too). */
    private static String canonicalKind(String kind, List<ResourceTemplate> templates) {
        Optional<String> known = templates.stream().map(t -> t.reference().kind())
                .filter(k -> k.equalsIgnoreCase(kind)).findFirst();
        return known.orElse(kind);
    }
}
