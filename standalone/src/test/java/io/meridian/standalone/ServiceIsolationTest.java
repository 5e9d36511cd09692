package io.meridian.standalone;

import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.command.CommandServiceApplication;
import io.meridian.gateway.GatewayApplication;
import io.meridian.projection.ProjectionServiceApplication;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.env.MapPropertySource;

/** What keeps the services apart on one class path: own application.yml, own migrations, skipped auto-configurations. */
class ServiceIsolationTest {

    @Test
    void eachServiceReadsTheApplicationYamlOfItsOwnModule() {
        for (Class<?> app : new Class<?>[] {CommandServiceApplication.class, ProjectionServiceApplication.class, GatewayApplication.class}) {
            String location = StandaloneRuntime.ownApplicationYaml(app);
            String module = app.getProtectionDomain().getCodeSource().getLocation().toString();
            assertThat(location).as(app.getSimpleName()).contains(module).endsWith("application.yml");
        }
    }

    @Test
    void eachServiceMigratesOnlyItsOwnTables() throws IOException {
        assertThat(names(StandaloneRuntime.ownMigrations(CommandServiceApplication.class)))
                .contains("V1__axon_event_and_token_store.sql").noneMatch(n -> n.contains("decisions"));
        assertThat(names(StandaloneRuntime.ownMigrations(ProjectionServiceApplication.class)))
                .contains("V1__decisions.sql").noneMatch(n -> n.contains("axon"));
        assertThat(StandaloneRuntime.ownMigrations(GatewayApplication.class)).isNull();
    }

    private static java.util.List<String> names(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(p -> p.getFileName().toString()).toList();
        } finally {
            try (Stream<Path> files = Files.list(dir)) {
                for (Path f : files.toList()) {
                    Files.delete(f);
                }
            }
            Files.delete(dir);
        }
    }

    @Test
    void theFilterSkipsTheListedPackagesOnly() {
        ServiceAutoConfigurationFilter filter = new ServiceAutoConfigurationFilter();
        StandardEnvironment environment = new StandardEnvironment();
        environment.getPropertySources().addFirst(new MapPropertySource("test",
                java.util.Map.of(ServiceAutoConfigurationFilter.PROPERTY, "org.axonframework, org.springframework.boot.jdbc")));
        filter.setEnvironment(environment);

        boolean[] keep = filter.match(new String[] {
                "org.axonframework.springboot.autoconfig.AxonAutoConfiguration",
                "org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration",
                "org.springframework.boot.jdbcx.Other",
                "org.springframework.boot.webmvc.autoconfigure.WebMvcAutoConfiguration",
                null}, null);

        assertThat(keep).containsExactly(false, false, true, true, true);
    }

    @Test
    void withoutThePropertyNothingIsSkipped() {
        ServiceAutoConfigurationFilter filter = new ServiceAutoConfigurationFilter();
        filter.setEnvironment(new StandardEnvironment());
        assertThat(filter.match(new String[] {"org.axonframework.X"}, null)).containsExactly(true);
    }
}
