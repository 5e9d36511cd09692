package io.meridian.core.karmada.model;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/** A {@code spreadConstraints} entry: group clusters by a field ({@code cluster|region|zone|provider}) or a label. */
@JsonIgnoreProperties(ignoreUnknown = true)
public record SpreadConstraint(String spreadByField, String spreadByLabel, int maxGroups, int minGroups) {
    public static final String CLUSTER = "cluster";
    public static final String REGION = "region";
    public static final String ZONE = "zone";
    public static final String PROVIDER = "provider";

    public SpreadConstraint {
        spreadByField = spreadByField == null ? "" : spreadByField;
        spreadByLabel = spreadByLabel == null ? "" : spreadByLabel;
    }

    /** What the mutating webhook stores: an empty field and label become {@code cluster}, minGroups 0 becomes 1. */
    public SpreadConstraint withWebhookDefaults() {
        String field = spreadByField.isEmpty() && spreadByLabel.isEmpty() ? CLUSTER : spreadByField;
        return new SpreadConstraint(field, spreadByLabel, maxGroups, minGroups == 0 ? 1 : minGroups);
    }

    public boolean spreadsBy(String field) {
        return spreadByField.equals(field);
    }

    /** The group a cluster falls in (its region, zone, provider or label value); empty when it has none. */
    public String groupOf(MemberCluster cluster) {
        if (!spreadByLabel.isEmpty()) {
            return cluster.labels().getOrDefault(spreadByLabel, "");
        }
        return cluster.field(spreadByField).orElse("");
    }

    /** What the constraint groups by, for messages: a field name or {@code label <key>}. */
    public String groupName() {
        return spreadByLabel.isEmpty() ? spreadByField : "label " + spreadByLabel;
    }
}
