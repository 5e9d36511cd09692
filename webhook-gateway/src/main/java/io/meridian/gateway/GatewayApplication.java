package io.meridian.gateway;

import io.meridian.gateway.tls.TlsBootstrap;
import java.time.Clock;
import java.util.List;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

@SpringBootApplication
public class GatewayApplication {
    public static void main(String[] args) {
        SpringApplication application = new SpringApplication(GatewayApplication.class);
        application.setDefaultProperties(TlsBootstrap.serverProperties(TlsBootstrap.certificateDirectory(
                System.getenv("MERIDIAN_TLS_DIR"), List.of("localhost", "meridian-webhook-gateway"), Clock.systemUTC().instant())));
        application.run(args);
    }
}
