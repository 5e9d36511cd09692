package io.meridian.command.admission;

import static org.assertj.core.api.Assertions.assertThat;

import jakarta.servlet.http.MappingMatch;
import org.junit.jupiter.api.Test;
import org.springframework.http.server.observation.ServerRequestObservationContext;
import org.springframework.mock.web.MockHttpServletMapping;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;

class AdmissionBatchServletTest {
    @Test
    void aBatchWhoseBodyIsNotJsonIsRefusedAsAnUnsupportedMediaType() throws Exception {
        MockHttpServletResponse response = post("text/plain", "[]");

        assertThat(response.getStatus()).isEqualTo(415);
    }

    @Test
    void aBatchThatIsNotParseableJsonIsRefusedWithA400NamingIt() throws Exception {
        MockHttpServletResponse response = post("application/json", "[{\"operation\":");

        assertThat(response.getStatus()).isEqualTo(400);
        assertThat(response.getContentAsString()).contains("not JSON");
    }

    @Test
    void anEmptyBatchIsAnsweredWithAnEmptyArray() throws Exception {
        MockHttpServletResponse response = post("application/json", "[]");

        assertThat(response.getStatus()).isEqualTo(200);
        assertThat(response.getContentAsString()).isEqualTo("[]");
    }

    @Test
    void theBatchCallIsNotObservedAsAnHttpServerRequestWhileOtherRequestsAre() {
        assertThat(AdmissionConfiguration.observed("http.server.requests", context(AdmissionConfiguration.BATCH_SERVLET)))
                .isFalse();
        assertThat(AdmissionConfiguration.observed("http.server.requests", context("dispatcherServlet"))).isTrue();
        assertThat(AdmissionConfiguration.observed("http.server.requests", context("admission-pods"))).isTrue();
    }

    private static ServerRequestObservationContext context(String servletName) {
        MockHttpServletRequest request = new MockHttpServletRequest("POST", "/api/anything");
        request.setHttpServletMapping(new MockHttpServletMapping("/api/anything", "", servletName, MappingMatch.EXACT));
        return new ServerRequestObservationContext(request, new MockHttpServletResponse());
    }

    private static MockHttpServletResponse post(String contentType, String body) throws Exception {
        MockHttpServletRequest request = new MockHttpServletRequest("POST", AdmissionBatchServlet.PATH);
        request.setContentType(contentType);
        request.setContent(body.getBytes());
        MockHttpServletResponse response = new MockHttpServletResponse();
        new AdmissionBatchServlet(null).service(request, response);
        return response;
    }
}
