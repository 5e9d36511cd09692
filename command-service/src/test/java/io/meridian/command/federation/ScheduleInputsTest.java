package io.meridian.command.federation;

import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.command.federation.api.ScheduleInputs;
import io.meridian.command.ws.KernelJson;
import org.junit.jupiter.api.Test;

class ScheduleInputsTest {

    @Test
    void aDecisionRecordedBeforeTheFleetDigestExistedNamesItsHostByTheMemberMarkedHost() throws Exception {
        String stored = """
                {"templateApiVersion":"apps/v1","templateUid":"u","replicas":3,"policy":"p","placement":{},
                 "members":[{"name":"member2","ready":true,"host":false},{"name":"member1","ready":true,"host":true}],
                 "previous":{},"evicted":[],"observedAffinityName":""}""";

        ScheduleInputs inputs = KernelJson.JSON.readValue(stored, ScheduleInputs.class);

        assertThat(inputs.fleet()).isNull();
        assertThat(inputs.hostCluster()).isEqualTo("member1");
    }
}
