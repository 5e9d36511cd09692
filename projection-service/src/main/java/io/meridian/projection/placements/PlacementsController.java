package io.meridian.projection.placements;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

/** Where the pods of one WorkloadSpread are now. */
@RestController
public class PlacementsController {
    private final PlacementStore store;

    public PlacementsController(PlacementStore store) {
        this.store = store;
    }

    @GetMapping("/api/workloadspreads/{cluster}/{namespace}/{name}/placements")
    public SpreadPlacements placements(@PathVariable String cluster, @PathVariable String namespace,
                                       @PathVariable String name) {
        return store.of(cluster, namespace, name);
    }
}
