package io.meridian.core.ud.model;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import io.fabric8.kubernetes.api.model.ObjectMeta;

/** A UnitedDeployment manifest (apps.kruise.io v1alpha1/v1beta1, or Meridian's apps.meridian.io/v1alpha1). */
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record UnitedDeployment(String apiVersion, String kind, ObjectMeta metadata, UnitedDeploymentSpec spec,
                               UnitedDeploymentStatus status) {
    public static final String KIND = "UnitedDeployment";
    public static final String DEFAULT_API_VERSION = "apps.kruise.io/v1beta1";

    public UnitedDeployment {
        metadata = metadata == null ? new ObjectMeta() : metadata;
        status = status == null ? UnitedDeploymentStatus.EMPTY : status;
    }

    public String name() {
        return metadata.getName();
    }

    public String namespace() {
        return metadata.getNamespace();
    }

    public UnitedDeployment withSpec(UnitedDeploymentSpec newSpec) {
        return new UnitedDeployment(apiVersion, kind, metadata, newSpec, status);
    }

    public UnitedDeployment withStatus(UnitedDeploymentStatus newStatus) {
        return new UnitedDeployment(apiVersion, kind, metadata, spec, newStatus);
    }

    /** Whether the status should be written in the v1alpha1 shape. */
    @JsonIgnore
    public boolean isV1alpha1() {
        return apiVersion != null && apiVersion.endsWith("/v1alpha1") && apiVersion.startsWith("apps.kruise.io");
    }
}
