package io.meridian.command.admission;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
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

    private static MockHttpServletResponse post(String contentType, String body) throws Exception {
        MockHttpServletRequest request = new MockHttpServletRequest("POST", AdmissionBatchServlet.PATH);
        request.setContentType(contentType);
        request.setContent(body.getBytes());
        MockHttpServletResponse response = new MockHttpServletResponse();
        new AdmissionBatchServlet(null).service(request, response);
        return response;
    }
}
