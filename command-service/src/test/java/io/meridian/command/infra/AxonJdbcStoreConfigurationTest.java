package io.meridian.command.infra;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class AxonJdbcStoreConfigurationTest {

    @Test
    void anEventCacheOfNoEventsIsRefusedNamingTheProperty() {
        assertThatThrownBy(() -> new AxonJdbcStoreConfiguration().eventStore(null, null, 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("meridian.event-store.cached-events must be >= 1, was 0");
    }
}
