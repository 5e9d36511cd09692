package io.meridian.gateway;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The gateway's settings ({@code meridian.*}); application.yml maps the environment variables of the
 * deployment contract onto them.
 *
 * @param defaultCluster  the member cluster of a webhook call without {@code ?cluster=} ({@code MERIDIAN_DEFAULT_CLUSTER})
 * @param command         the command-service's admission API
 * @param kafka           the Kafka connection of the applier; no bootstrap servers, no applier
 * @param kubeconfigsDir  one {@code <cluster>.kubeconfig} per member ({@code MERIDIAN_KUBECONFIGS_DIR})
 * @param applier         retries, backoff and expectations of the mutation applier
 */
@ConfigurationProperties("meridian")
public record GatewayProperties(@DefaultValue("default") String defaultCluster, @DefaultValue Command command,
                                @DefaultValue Kafka kafka, String kubeconfigsDir, @DefaultValue Applier applier) {

    /**
     * @param url base URL ({@code MERIDIAN_COMMAND_URL})
     * @param timeout the whole call, kept below the webhook's timeoutSeconds
     * @param podCallsInFlight pod CREATE calls go coalesced, in at most this many batch calls under way at once
     *                         ({@code MERIDIAN_COMMAND_POD_CALLS_IN_FLIGHT}); 0: each on its own call
     */
    public record Command(@DefaultValue("http://localhost:8081") String url, @DefaultValue("2s") Duration timeout,
                          @DefaultValue("2") int podCallsInFlight) {
    }

    public record Kafka(String bootstrap, @DefaultValue("meridian-webhook-gateway") String group) {
    }

    /**
     * @param backoffInitial     first retry delay
     * @param backoffMax         the cap of the exponential delay (jitter is on top of half of it)
     * @param conflictRetries    attempts after a 409 before the result is {@code Conflict}
     * @param expectationTimeout how long one mutation may stay in flight (conflicts, throttling) before it fails
     * @param requestTimeout     one call to a member cluster's apiserver
     * @param maxPendingPerPartition records of one partition in flight before it is paused
     * @param lanesPerCluster    writes to one cluster that may go side by side (one aggregate's stay in order)
     * @param sharedExtraLanes   lanes past each cluster's first that may have a thread at once over all clusters
     * @param keepAlive          how long an idle connection to a member cluster stays open (client-go: 90 s)
     */
    public record Applier(@DefaultValue("200ms") Duration backoffInitial, @DefaultValue("30s") Duration backoffMax,
                          @DefaultValue("5") int conflictRetries, @DefaultValue("2m") Duration expectationTimeout,
                          @DefaultValue("5s") Duration requestTimeout, @DefaultValue("1000") int maxPendingPerPartition,
                          @DefaultValue("4") int lanesPerCluster, @DefaultValue("8") int sharedExtraLanes,
                          @DefaultValue("90s") Duration keepAlive) {
    }
}
