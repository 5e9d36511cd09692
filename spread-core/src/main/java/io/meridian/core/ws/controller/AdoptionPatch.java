package io.meridian.core.ws.controller;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * A strategic-merge patch that adopts a pod created before the spread into {@code subset}: the
 * matched-workloadspread annotation plus, unless the spread opts out, the subset patch's labels
 * and annotations.
 */
public record AdoptionPatch(String podName, String subset, JsonNode patch) {
}
