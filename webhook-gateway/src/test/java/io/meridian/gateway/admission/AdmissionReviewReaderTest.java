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
