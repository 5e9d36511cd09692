package io.meridian.core.patch;

import java.util.Map;

/** The merge keys and strategies Kubernetes declares for Pod, PodTemplateSpec and their nested types. */
final class PodPatchTypes {
    static final PatchType CONTAINER = new PatchType(Map.of(
            "ports", PatchField.mergedBy("containerPort", PatchType.OPAQUE),
            "env", PatchField.mergedBy("name", PatchType.OPAQUE),
            "volumeMounts", PatchField.mergedBy("mountPath", PatchType.OPAQUE),
            "volumeDevices", PatchField.mergedBy("devicePath", PatchType.OPAQUE)));

    static final PatchType OBJECT_META = new PatchType(Map.of(
            "ownerReferences", PatchField.mergedBy("uid", PatchType.OPAQUE),
            "finalizers", PatchField.primitiveSet()));

    static final PatchType POD_SPEC = new PatchType(Map.of(
            "containers", PatchField.mergedBy("name", CONTAINER),
            "initContainers", PatchField.mergedBy("name", CONTAINER),
            "ephemeralContainers", PatchField.mergedBy("name", CONTAINER),
            "volumes", PatchField.mergedBy("name", PatchType.OPAQUE),
            "imagePullSecrets", PatchField.mergedBy("name", PatchType.OPAQUE),
            "resourceClaims", PatchField.mergedBy("name", PatchType.OPAQUE),
            "schedulingGates", PatchField.mergedBy("name", PatchType.OPAQUE),
            "hostAliases", PatchField.mergedBy("ip", PatchType.OPAQUE),
            "topologySpreadConstraints", PatchField.mergedBy("topologyKey", PatchType.OPAQUE)));

    static final PatchType POD_STATUS = new PatchType(Map.of(
            "conditions", PatchField.mergedBy("type", PatchType.OPAQUE),
            "podIPs", PatchField.mergedBy("ip", PatchType.OPAQUE),
            "hostIPs", PatchField.mergedBy("ip", PatchType.OPAQUE),
            "resourceClaimStatuses", PatchField.mergedBy("name", PatchType.OPAQUE)));

    static final PatchType POD_TEMPLATE = new PatchType(Map.of(
            "metadata", PatchField.object(OBJECT_META),
            "spec", PatchField.object(POD_SPEC)));

    static final PatchType POD = new PatchType(Map.of(
            "metadata", PatchField.object(OBJECT_META),
            "spec", PatchField.object(POD_SPEC),
            "status", PatchField.object(POD_STATUS)));

    private PodPatchTypes() {
    }
}
