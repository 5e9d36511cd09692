package io.meridian.command.admission;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;

class AdmissionServletTest {
    @Test
    void aPodCallWhoseBodyIsNotJsonIsRefusedAsAnUnsupportedMediaType() throws Exception {
        MockHttpServletRequest request = new MockHttpServletRequest("POST", AdmissionServlet.PATH);
        request.setContentType("text/plain");
        request.setContent("{}".getBytes());
        MockHttpServletResponse response = new MockHttpServletResponse();

        new AdmissionServlet(null).service(request, response);

        assertThat(response.getStatus()).isEqualTo(415);
    }
}
