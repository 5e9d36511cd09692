package io.meridian.projection.decisions;

import java.util.List;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

/** The history of every decision about one object, oldest first. */
@RestController
public class HistoryController {
    private final DomainEventStore store;

    public HistoryController(DomainEventStore store) {
        this.store = store;
    }

    @GetMapping("/api/workloadspreads/{cluster}/{namespace}/{name}/history")
    public List<DecisionRecord> workloadSpreadHistory(@PathVariable String cluster, @PathVariable String namespace,
                                                      @PathVariable String name) {
        return store.history("WorkloadSpread", cluster + "/" + namespace + "/" + name);
    }
}
