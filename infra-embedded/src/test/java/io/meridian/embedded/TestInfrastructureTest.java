package io.meridian.embedded;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.meridian.embedded.TestInfrastructure.Choice;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;

class TestInfrastructureTest {
    private static final BooleanSupplier DOCKER = () -> true;
    private static final BooleanSupplier NO_DOCKER = () -> false;

    @Test
    void containersAreChosenWhenDockerIsAvailable() {
        assertThat(TestInfrastructure.choose(null, DOCKER)).isEqualTo(Choice.CONTAINERS);
    }

    @Test
    void theInProcessServersAreChosenWithoutDocker() {
        assertThat(TestInfrastructure.choose(null, NO_DOCKER)).isEqualTo(Choice.IN_PROCESS);
        assertThat(TestInfrastructure.choose("auto", NO_DOCKER)).isEqualTo(Choice.IN_PROCESS);
    }

    @Test
    void inProcessCanBeForcedAndThenDockerIsNotAsked() {
        AtomicInteger asked = new AtomicInteger();

        Choice choice = TestInfrastructure.choose("in-process", () -> asked.incrementAndGet() > 0);

        assertThat(choice).isEqualTo(Choice.IN_PROCESS);
        assertThat(asked).hasValue(0);
    }

    @Test
    void dockerForcedWithoutAnEngineIsAClearError() {
        assertThatThrownBy(() -> TestInfrastructure.choose("docker", NO_DOCKER))
                .hasMessageContaining("meridian.infra=docker").hasMessageContaining("no Docker engine");
    }

    @Test
    void anUnknownSettingNamesTheChoices() {
        assertThatThrownBy(() -> TestInfrastructure.choose("k8s", DOCKER))
                .hasMessageContaining("auto, docker or in-process").hasMessageContaining("k8s");
    }

    @Test
    void thisMachineRunsTheServersTheSwitchChoseAndTheyWork() throws Exception {
        Choice expected = ContainerServers.dockerAvailable() ? Choice.CONTAINERS : Choice.IN_PROCESS;
        assertThat(TestInfrastructure.choice()).isEqualTo(expected);

        try (PostgresServer postgres = TestInfrastructure.postgres()) {
            String url = postgres.createDatabase("switch");
            try (var c = postgres.dataSource("switch").getConnection(); var st = c.createStatement();
                 var rs = st.executeQuery("show server_version_num")) {
                rs.next();
                assertThat(rs.getInt(1)).isGreaterThanOrEqualTo(180000);
            }
            assertThat(url).contains("/switch");
        }
    }
}
