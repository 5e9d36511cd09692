package io.meridian.gateway.admission;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.admission.v1.AdmissionRequest;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class AdmissionReviewReaderTest {
    private static final String POD = "{\"apiVersion\":\"v1\",\"kind\":\"Pod\",\"metadata\":{\"name\":\"web-1\",\"namespace\":\"ns\"},"
            + "\"spec\":{\"containers\":[{\"name\":\"c\",\"image\":\"nginx\"}]}}";

    private static AdmissionRequest read(String object) {
        return readRequest("{\"uid\":\"u1\",\"operation\":\"CREATE\",\"namespace\":\"ns\",\"object\":" + object + "}");
    }

    private static AdmissionRequest readRequest(String request) {
        String review = "{\"apiVersion\":\"admission.k8s.io/v1\",\"kind\":\"AdmissionReview\",\"request\":" + request + "}";
        return new AdmissionReviewReader().read(new ByteArrayInputStream(review.getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void everyFieldOfTheRequestIsRead() {
        AdmissionRequest request = readRequest("""
                {"uid":"u1","kind":{"group":"","version":"v1","kind":"Pod"},"resource":{"group":"","version":"v1","resource":"pods"},
                 "subResource":"status","requestKind":{"group":"","version":"v1","kind":"Pod"},
                 "requestResource":{"group":"","version":"v1","resource":"pods"},"requestSubResource":"status",
                 "name":"web-1","namespace":"ns","operation":"UPDATE","dryRun":true,
                 "userInfo":{"username":"system:serviceaccount:kube-system:replicaset-controller","groups":["system:serviceaccounts"]},
                 "options":{"apiVersion":"meta.k8s.io/v1","kind":"UpdateOptions"},"object":{"kind":"Pod"}}""");

        assertThat(request.getUid()).isEqualTo("u1");
        assertThat(request.getKind().getKind()).isEqualTo("Pod");
        assertThat(request.getKind().getVersion()).isEqualTo("v1");
        assertThat(request.getResource().getResource()).isEqualTo("pods");
        assertThat(request.getSubResource()).isEqualTo("status");
        assertThat(request.getRequestKind().getKind()).isEqualTo("Pod");
        assertThat(request.getRequestResource().getResource()).isEqualTo("pods");
        assertThat(request.getRequestSubResource()).isEqualTo("status");
        assertThat(request.getName()).isEqualTo("web-1");
        assertThat(request.getNamespace()).isEqualTo("ns");
        assertThat(request.getOperation()).isEqualTo("UPDATE");
        assertThat(request.getDryRun()).isTrue();
        assertThat(request.getUserInfo().getUsername()).isEqualTo("system:serviceaccount:kube-system:replicaset-controller");
        assertThat(request.getUserInfo().getGroups()).containsExactly("system:serviceaccounts");
        assertThat(request.getOptions()).isNotNull();
    }

    @Test
    void aFieldTheHandlersReadWithTheWrongTypeIsABadRequestNamingTheField() {
        assertThatThrownBy(() -> readRequest("{\"uid\":{\"a\":1},\"operation\":\"CREATE\"}"))
                .isInstanceOf(BadAdmissionReview.class)
                .hasMessage("malformed AdmissionReview: request.uid must be a string");
        assertThatThrownBy(() -> readRequest("{\"uid\":\"u1\",\"operation\":\"CREATE\",\"dryRun\":[true]}"))
                .isInstanceOf(BadAdmissionReview.class)
                .hasMessage("malformed AdmissionReview: request.dryRun must be a boolean");
    }

    @Test
    void aReviewLargerThanTheFirstReadIsReadWhole() {
        String label = "x".repeat(20_000);
        String pod = POD.replace("\"namespace\":\"ns\"}", "\"namespace\":\"ns\",\"labels\":{\"big\":\"" + label + "\"}}");

        AdmissionRequest request = new AdmissionReviewReader().read(new TrickleInputStream(review(pod), 1_000));

        assertThat(((Pod) request.getObject()).getMetadata().getLabels()).containsEntry("big", label);
    }

    @Test
    void aBodyOfExactlyTheLimitIsRead() {
        String unpadded = review(POD);
        byte[] body = (unpadded.substring(0, unpadded.length() - 1) + ",\"pad\":\"\"}").getBytes(StandardCharsets.UTF_8);
        String padded = new String(body, StandardCharsets.UTF_8).replace("\"pad\":\"\"",
                "\"pad\":\"" + "x".repeat(AdmissionReviewReader.MAX_BODY_BYTES - body.length) + "\"");

        assertThat(padded.getBytes(StandardCharsets.UTF_8)).hasSize(AdmissionReviewReader.MAX_BODY_BYTES);
        assertThat(new AdmissionReviewReader().read(new TrickleInputStream(padded, 65_536)).getUid()).isEqualTo("u1");
    }

    @Test
    void aBodyOneByteOverTheLimitIsABadRequest() {
        String body = "{\"pad\":\"" + "x".repeat(AdmissionReviewReader.MAX_BODY_BYTES - 9) + "\"}";

        assertThat(body.getBytes(StandardCharsets.UTF_8)).hasSize(AdmissionReviewReader.MAX_BODY_BYTES + 1);
        assertThatThrownBy(() -> new AdmissionReviewReader().read(new TrickleInputStream(body, 65_536)))
                .isInstanceOf(BadAdmissionReview.class)
                .hasMessage("body exceeds " + AdmissionReviewReader.MAX_BODY_BYTES + " bytes");
    }

    @Test
    void theAnnouncedLengthIsAHintOnlyABodyLongerThanItIsReadWhole() {
        AdmissionRequest request = new AdmissionReviewReader().read(new TrickleInputStream(review(POD), 100), 10);

        assertThat(((Pod) request.getObject()).getMetadata().getName()).isEqualTo("web-1");
    }

    @Test
    void aBodyOverTheLimitIsABadRequestWhateverLengthItAnnounced() {
        String body = "{\"pad\":\"" + "x".repeat(AdmissionReviewReader.MAX_BODY_BYTES) + "\"}";

        assertThatThrownBy(() -> new AdmissionReviewReader().read(new TrickleInputStream(body, 65_536), 1_000))
                .isInstanceOf(BadAdmissionReview.class)
                .hasMessage("body exceeds " + AdmissionReviewReader.MAX_BODY_BYTES + " bytes");
    }

    private static String review(String object) {
        return "{\"apiVersion\":\"admission.k8s.io/v1\",\"kind\":\"AdmissionReview\",\"request\":"
                + "{\"uid\":\"u1\",\"operation\":\"CREATE\",\"namespace\":\"ns\",\"object\":" + object + "}}";
    }

    /** A body that arrives at most {@code chunk} bytes per read, as from a socket. */
    private static final class TrickleInputStream extends ByteArrayInputStream {
        private final int chunk;

        TrickleInputStream(String text, int chunk) {
            super(text.getBytes(StandardCharsets.UTF_8));
            this.chunk = chunk;
        }

        @Override
        public synchronized int read(byte[] b, int off, int len) {
            return super.read(b, off, Math.min(len, chunk));
        }
    }

    @Test
    void thePodIsForwardedAsTheTreeThatCameIn() throws Exception {
        AdmissionRequest request = read(POD);

        assertThat(RawObjectsRequest.objectTree(request, new ObjectMapper())).isEqualTo(new ObjectMapper().readTree(POD));
    }

    @Test
    void theTypedModelIsStillThereForHandlersThatAskForIt() {
        AdmissionRequest request = read(POD);

        assertThat(request.getObject()).isInstanceOf(Pod.class);
        assertThat(((Pod) request.getObject()).getMetadata().getName()).isEqualTo("web-1");
        assertThat(request.getUid()).isEqualTo("u1");
    }

    @Test
    void anObjectThatIsNotAnObjectIsABadRequestNamingTheField() {
        assertThatThrownBy(() -> read("\"text\""))
                .isInstanceOf(BadAdmissionReview.class)
                .hasMessage("malformed AdmissionReview: request.object must be an object");
    }
}
