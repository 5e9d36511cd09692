package io.meridian.core.ws.controller;

import io.fabric8.kubernetes.api.model.Pod;

/** The deletion cost one active pod should carry. */
public record PodCost(Pod pod, int cost) {
}
