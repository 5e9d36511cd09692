package io.meridian.gateway.admission;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.meridian.gateway.command.CommandAnswer;
import io.meridian.gateway.command.CommandServiceClient;
import io.meridian.gateway.observability.AdmissionMetrics;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** A webhook decided by the command-service's admission API, failing open when it gives no usable answer. */
abstract class CommandBackedHandler implements AdmissionHandler {
    private static final Logger log = LoggerFactory.getLogger(CommandBackedHandler.class);

    protected final ObjectMapper json = new ObjectMapper();
    protected final CommandServiceClient commands;
    private final String path;
    private final AdmissionMetrics metrics;

    CommandBackedHandler(String path, CommandServiceClient commands, AdmissionMetrics metrics) {
        this.path = path;
        this.commands = commands;
        this.metrics = metrics;
    }

    @Override
    public final String path() {
        return path;
    }

    /** Counts and logs an admission made without a decision; {@code what} names the request in the log. */
    protected void failedOpen(CommandAnswer.Unavailable unavailable, String what) {
        metrics.failedOpen(path(), unavailable.cause().tag());
        log.warn("{} {} without a decision: command-service {} ({})", path(), what, unavailable.cause().tag(),
                unavailable.detail());
    }
}
