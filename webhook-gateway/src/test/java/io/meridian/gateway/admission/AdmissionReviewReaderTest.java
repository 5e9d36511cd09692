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
        String review = "{\"apiVersion\":\"admission.k8s.io/v1\",\"kind\":\"AdmissionReview\",\"request\":{\"uid\":\"u1\","
                + "\"operation\":\"CREATE\",\"namespace\":\"ns\",\"object\":" + object + "}}";
        return new AdmissionReviewReader().read(new ByteArrayInputStream(review.getBytes(StandardCharsets.UTF_8)));
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
