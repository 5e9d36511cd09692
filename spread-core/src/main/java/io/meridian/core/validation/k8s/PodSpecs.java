package io.meridian.core.validation.k8s;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.core.validation.FieldError;
import io.meridian.core.validation.FieldErrors;
import io.meridian.core.validation.FieldPath;
import io.meridian.core.validation.Fields;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The parts of Kubernetes PodSpec validation a patched pod template most often breaks: containers
 * (names, images, ports, volume mounts), volume names, restart policy, node selector, tolerations
 * and node affinity.
 */
public final class PodSpecs {
    public static final List<String> RESTART_POLICIES = List.of("Always", "OnFailure", "Never");

    private PodSpecs() {
    }

    public static void validate(JsonNode podSpec, FieldPath path, FieldErrors errors) {
        if (Fields.object(podSpec, path, errors).isEmpty()) {
            errors.add(FieldError.required(path, ""));
            return;
        }
        Set<String> volumes = validateVolumes(Fields.member(podSpec, "volumes"), path.child("volumes"), errors);
        Set<String> containerNames = new HashSet<>();
        List<Fields.Element> containers = Fields.elements(Fields.member(podSpec, "containers"),
                path.child("containers"), errors);
        if (containers.isEmpty()) {
            errors.add(FieldError.required(path.child("containers"), ""));
        }
        containers.forEach(c -> validateContainer(c, volumes, containerNames, errors));
        Fields.elements(Fields.member(podSpec, "initContainers"), path.child("initContainers"), errors)
                .forEach(c -> validateContainer(c, volumes, containerNames, errors));
        Fields.string(Fields.member(podSpec, "restartPolicy"), path.child("restartPolicy"), errors)
                .filter(policy -> !RESTART_POLICIES.contains(policy))
                .ifPresent(policy -> errors.add(FieldError.notSupported(path.child("restartPolicy"), policy,
                        RESTART_POLICIES)));
        Labels.validate(Fields.stringMap(Fields.member(podSpec, "nodeSelector"), path.child("nodeSelector"), errors),
                path.child("nodeSelector"), errors);
        Tolerations.validate(Fields.member(podSpec, "tolerations"), path.child("tolerations"), errors);
        validateNodeAffinity(podSpec, path, errors);
    }

    private static Set<String> validateVolumes(JsonNode volumes, FieldPath path, FieldErrors errors) {
        Set<String> names = new HashSet<>();
        for (Fields.Element volume : Fields.elements(volumes, path, errors)) {
            if (Fields.object(volume.node(), volume.path(), errors).isEmpty()) {
                continue;
            }
            FieldPath namePath = volume.path().child("name");
            String name = Fields.string(Fields.member(volume.node(), "name"), namePath, errors).orElse("");
            if (name.isEmpty()) {
                errors.add(FieldError.required(namePath, ""));
            } else if (!names.add(name)) {
                errors.add(FieldError.duplicate(namePath, name));
            } else {
                Names.dns1123Label(name).forEach(p -> errors.add(FieldError.invalid(namePath, name, p)));
            }
        }
        return names;
    }

    private static void validateContainer(Fields.Element container, Set<String> volumes, Set<String> names,
                                          FieldErrors errors) {
        JsonNode node = container.node();
        FieldPath path = container.path();
        if (Fields.object(node, path, errors).isEmpty()) {
            return;
        }
        String name = Fields.string(Fields.member(node, "name"), path.child("name"), errors).orElse("");
        if (name.isEmpty()) {
            errors.add(FieldError.required(path.child("name"), ""));
        } else if (!names.add(name)) {
            errors.add(FieldError.duplicate(path.child("name"), name));
        } else {
            Names.dns1123Label(name).forEach(p -> errors.add(FieldError.invalid(path.child("name"), name, p)));
        }
        if (Fields.string(Fields.member(node, "image"), path.child("image"), errors).orElse("").isBlank()) {
            errors.add(FieldError.required(path.child("image"), ""));
        }
        for (Fields.Element port : Fields.elements(Fields.member(node, "ports"), path.child("ports"), errors)) {
            FieldPath portPath = port.path().child("containerPort");
            Fields.object(port.node(), port.path(), errors).ifPresent(p ->
                    Fields.int32(Fields.member(p, "containerPort"), portPath, errors)
                            .filter(n -> n < 1 || n > 65535)
                            .ifPresent(n -> errors.add(FieldError.invalid(portPath, n,
                                    "must be between 1 and 65535, inclusive"))));
        }
        for (Fields.Element mount : Fields.elements(Fields.member(node, "volumeMounts"), path.child("volumeMounts"), errors)) {
            FieldPath mountName = mount.path().child("name");
            Fields.string(Fields.member(mount.node(), "name"), mountName, errors)
                    .filter(v -> !volumes.contains(v))
                    .ifPresent(v -> errors.add(FieldError.invalid(mountName, v, "must match the name of a volume")));
        }
    }

    private static void validateNodeAffinity(JsonNode podSpec, FieldPath path, FieldErrors errors) {
        FieldPath affinityPath = path.child("affinity").child("nodeAffinity");
        JsonNode nodeAffinity = Fields.member(Fields.member(podSpec, "affinity"), "nodeAffinity");
        if (Fields.object(nodeAffinity, affinityPath, errors).isEmpty()) {
            return;
        }
        String required = "requiredDuringSchedulingIgnoredDuringExecution";
        NodeSelectors.validateNodeSelector(Fields.member(nodeAffinity, required), affinityPath.child(required), errors);
        String preferred = "preferredDuringSchedulingIgnoredDuringExecution";
        NodeSelectors.validatePreferredTerms(Fields.member(nodeAffinity, preferred), affinityPath.child(preferred), errors);
    }
}
