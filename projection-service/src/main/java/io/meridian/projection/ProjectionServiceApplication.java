package io.meridian.projection;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;

@SpringBootApplication
@ConfigurationPropertiesScan
public class ProjectionServiceApplication {
    public static void main(String[] args) {
        SpringApplication.run(ProjectionServiceApplication.class, args);
    }
}
