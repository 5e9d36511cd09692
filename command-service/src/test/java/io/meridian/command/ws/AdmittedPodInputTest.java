package io.meridian.command.ws;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.security.MessageDigest;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

class AdmittedPodInputTest {
    private static final String POD = "{\"apiVersion\":\"v1\",\"kind\":\"Pod\",\"metadata\":{\"name\":\"web-1\","
            + "\"namespace\":\"default\",\"labels\":{\"app\":\"web\"}},\"spec\":{\"containers\":[{\"name\":\"app\","
            + "\"image\":\"nginx\",\"resources\":{\"requests\":{\"cpu\":\"250m\"}}}]},\"status\":{\"phase\":\"Pending\"}}";

    @Test
    void theDigestIsTheSha256OfThePodsJsonAsWritten() throws Exception {
        JsonNode pod = KernelJson.JSON.readTree(POD);
        String expected = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                .digest(KernelJson.JSON.writeValueAsBytes(pod)));

        assertThat(AdmittedPodInput.sha256(pod)).isEqualTo(expected).hasSize(64);
    }

    @Test
    void theRecordKeepsTheMetadataThePhaseAndTheDigestButNotTheSpec() throws Exception {
        JsonNode pod = KernelJson.JSON.readTree(POD);

        JsonNode kept = AdmittedPodInput.of(pod);

        assertThat(kept.path("metadata").path("labels").path("app").asText()).isEqualTo("web");
        assertThat(kept.path("status").path("phase").asText()).isEqualTo("Pending");
        assertThat(kept.has("spec")).isFalse();
        assertThat(kept.path(AdmittedPodInput.DIGEST).asText()).isEqualTo(AdmittedPodInput.sha256(pod));
    }
}
