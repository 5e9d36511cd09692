package io.meridian.core.ud.model;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.ArrayList;
import java.util.List;

/** {@code spec.template}: exactly one of the four templates is expected to be set. */
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record SubsetTemplate(WorkloadTemplate statefulSetTemplate, WorkloadTemplate advancedStatefulSetTemplate,
                             WorkloadTemplate cloneSetTemplate, WorkloadTemplate deploymentTemplate) {

    /** The templates that are set, with their kinds, in declaration order. */
    public List<KindedTemplate> present() {
        List<KindedTemplate> present = new ArrayList<>();
        addIfSet(present, WorkloadKind.STATEFUL_SET, statefulSetTemplate);
        addIfSet(present, WorkloadKind.ADVANCED_STATEFUL_SET, advancedStatefulSetTemplate);
        addIfSet(present, WorkloadKind.CLONE_SET, cloneSetTemplate);
        addIfSet(present, WorkloadKind.DEPLOYMENT, deploymentTemplate);
        return present;
    }

    private static void addIfSet(List<KindedTemplate> present, WorkloadKind kind, WorkloadTemplate template) {
        if (template != null) {
            present.add(new KindedTemplate(kind, template));
        }
    }

    /** A template together with the workload kind it renders to. */
    public record KindedTemplate(WorkloadKind kind, WorkloadTemplate template) {
    }
}
