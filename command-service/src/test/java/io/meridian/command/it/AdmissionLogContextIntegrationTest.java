package io.meridian.command.it;

import static io.meridian.command.it.Infra.POSTGRES;
import static io.meridian.command.it.Infra.admit;
import static io.meridian.command.it.Infra.port;
import static io.meridian.command.it.Infra.upsert;
import static io.meridian.command.ws.Manifests.cloneSet;
import static io.meridian.command.ws.Manifests.pod;
import static io.meridian.command.ws.Manifests.spread;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.OutputStreamAppender;
import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.command.admission.AdmissionService;
import io.meridian.command.ws.KernelJson;
import io.meridian.command.ws.api.WorkloadSpreadApi;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;
import org.springframework.boot.logging.logback.StructuredLogEncoder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The admission path logs one JSON object per line, in the structured format the service is configured with
 * ({@code logging.structured.format.console}), and each line names the cluster, the aggregate and the decision.
 */
class AdmissionLogContextIntegrationTest {
    private static final String CLUSTER = "member-logs";
    private static final String DB = POSTGRES.createDatabase("admission_logs");

    @Test
    void anAdmissionLogsJsonLinesCarryingClusterAggregateAndDecisionId() throws Exception {
        try (ConfigurableApplicationContext context = Infra.start(DB)) {
            ByteArrayOutputStream captured = new ByteArrayOutputStream();
            OutputStreamAppender<ILoggingEvent> appender = structuredAppender(
                    context.getEnvironment().getProperty("logging.structured.format.console"), captured);
            Logger admissionLog = (Logger) LoggerFactory.getLogger(AdmissionService.class);
            Level before = admissionLog.getLevel();
            admissionLog.addAppender(appender);
            admissionLog.setLevel(Level.DEBUG);
            try {
                upsert(CLUSTER, "CloneSet", "apps.kruise.io/v1alpha1", "ns", "web", cloneSet(5));
                upsert(CLUSTER, "WorkloadSpread", "apps.kruise.io/v1alpha1", "ns", "ws", spread("ws", 3));
                int port = port(context);
                await().atMost(Duration.ofSeconds(30)).until(() -> !admit(port, CLUSTER, "CREATE", pod("web-log"))
                        .path("patch").isNull());
            } finally {
                admissionLog.detachAppender(appender);
                admissionLog.setLevel(before);
                appender.stop();
            }

            List<JsonNode> lines = jsonLines(captured.toString(StandardCharsets.UTF_8));
            JsonNode admitted = lines.stream().filter(l -> l.path("message").asText().startsWith("CREATE of pod web-log: Patch"))
                    .findFirst().orElseThrow(() -> new AssertionError("no admission line in " + lines));
            assertThat(admitted.path("cluster").asText()).isEqualTo(CLUSTER);
            assertThat(admitted.path("aggregate").asText()).isEqualTo(WorkloadSpreadApi.aggregateId(CLUSTER, "ns", "ws"));
            assertThat(admitted.path("decisionId").asText()).isNotBlank();
            assertThat(admitted.path("log").path("logger").asText()).isEqualTo(AdmissionService.class.getName());
        }
    }

    /** The encoder Spring Boot puts on the console for {@code logging.structured.format.console}, writing to memory. */
    private static OutputStreamAppender<ILoggingEvent> structuredAppender(String format, ByteArrayOutputStream out) {
        assertThat(format).as("logging.structured.format.console").isNotBlank();
        LoggerContext logback = (LoggerContext) LoggerFactory.getILoggerFactory();
        StructuredLogEncoder encoder = new StructuredLogEncoder();
        encoder.setContext(logback);
        encoder.setFormat(format);
        encoder.start();
        OutputStreamAppender<ILoggingEvent> appender = new OutputStreamAppender<>();
        appender.setContext(logback);
        appender.setEncoder(encoder);
        appender.setOutputStream(out);
        appender.start();
        return appender;
    }

    /** Every line must be one JSON object. */
    private static List<JsonNode> jsonLines(String text) throws Exception {
        List<JsonNode> lines = new ArrayList<>();
        for (String line : text.split("\n")) {
            if (!line.isBlank()) {
                JsonNode node = KernelJson.JSON.readTree(line);
                assertThat(node.isObject()).as(line).isTrue();
                lines.add(node);
            }
        }
        assertThat(lines).isNotEmpty();
        return lines;
    }
}
