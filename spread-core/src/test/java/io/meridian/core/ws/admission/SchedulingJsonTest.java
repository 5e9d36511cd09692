package io.meridian.core.ws.admission;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabric8.kubernetes.api.model.NodeSelectorTerm;
import io.fabric8.kubernetes.api.model.NodeSelectorTermBuilder;
import io.fabric8.kubernetes.api.model.PreferredSchedulingTerm;
import io.fabric8.kubernetes.api.model.Toleration;
import io.fabric8.kubernetes.api.model.TolerationBuilder;
import org.junit.jupiter.api.Test;

/** The direct JSON writers give what generic Jackson serialisation of the fabric8 model gives. */
class SchedulingJsonTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final NodeSelectorTerm TERM = new NodeSelectorTermBuilder()
            .addNewMatchExpression().withKey("zone").withOperator("In").withValues("a", "b").endMatchExpression()
            .addNewMatchField().withKey("metadata.name").withOperator("NotIn").withValues("n1").endMatchField()
            .addNewMatchExpression().withKey("gpu").withOperator("Exists").endMatchExpression().build();

    @Test
    void tolerationWithEveryField() {
        Toleration toleration = new TolerationBuilder().withKey("k").withOperator("Equal").withValue("v")
                .withEffect("NoExecute").withTolerationSeconds(30L).build();
        assertThat(SchedulingJson.toleration(toleration)).isEqualTo(JSON.valueToTree(toleration));
    }

    @Test
    void tolerationWithOnlyAnOperator() {
        Toleration toleration = new TolerationBuilder().withOperator("Exists").build();
        assertThat(SchedulingJson.toleration(toleration)).isEqualTo(JSON.valueToTree(toleration));
    }

    @Test
    void nodeSelectorTerm() {
        assertThat(SchedulingJson.term(TERM)).isEqualTo(JSON.valueToTree(TERM));
    }

    @Test
    void preferredTerm() {
        PreferredSchedulingTerm preferred = new PreferredSchedulingTerm(TERM, 7);
        assertThat(SchedulingJson.preferred(preferred)).isEqualTo(JSON.valueToTree(preferred));
    }

    @Test
    void unknownPropertiesAreKept() {
        Toleration toleration = new TolerationBuilder().withKey("k").build();
        toleration.setAdditionalProperty("future", 1);
        assertThat(SchedulingJson.toleration(toleration).path("future").asInt()).isEqualTo(1);
    }
}
