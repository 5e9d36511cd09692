package io.meridian.core.validation.k8s;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class TolerationsTest {

    private static List<String> check(String json) {
        return Check.run(Tolerations::validate, json, "tolerations");
    }

    @Test
    void usualTolerationsAreValid() {
        assertThat(check("[{key:'dedicated',operator:'Equal',value:'gpu',effect:'NoSchedule'},"
                + "{key:'node.kubernetes.io/unreachable',operator:'Exists',effect:'NoExecute',tolerationSeconds:30},"
                + "{operator:'Exists'},{key:'k',value:'v'}]")).isEmpty();
    }

    @Test
    void emptyKeyNeedsOperatorExists() {
        assertThat(check("[{operator:'Equal',value:'x'}]")).containsExactly("tolerations[0].operator: Invalid value: "
                + "\"Equal\": operator must be Exists when `key` is empty, which means \"match all values and all keys\"");
    }

    @Test
    void existsTakesNoValue() {
        assertThat(check("[{key:'k',operator:'Exists',value:'v'}]")).singleElement().asString()
                .startsWith("tolerations[0].operator: Invalid value: {").endsWith("value must be empty when `operator` is 'Exists'");
    }

    @Test
    void unknownOperatorIsNotSupported() {
        assertThat(check("[{key:'k',operator:'In'}]")).containsExactly(
                "tolerations[0].operator: Unsupported value: \"In\": supported values: \"Equal\", \"Exists\"");
    }

    @Test
    void unknownEffectIsNotSupported() {
        assertThat(check("[{key:'k',operator:'Exists',effect:'NoRun'}]")).containsExactly("tolerations[0].effect: "
                + "Unsupported value: \"NoRun\": supported values: \"NoSchedule\", \"PreferNoSchedule\", \"NoExecute\"");
    }

    @Test
    void tolerationSecondsNeedNoExecute() {
        assertThat(check("[{key:'k',operator:'Exists',effect:'NoSchedule',tolerationSeconds:5}]")).containsExactly(
                "tolerations[0].effect: Invalid value: \"NoSchedule\": effect must be 'NoExecute' when `tolerationSeconds` is set");
    }

    @Test
    void keyAndValueFollowLabelRules() {
        assertThat(check("[{key:'bad key',operator:'Exists'}]")).hasSize(1);
        assertThat(check("[{key:'k',value:'bad value'}]")).singleElement().asString()
                .startsWith("tolerations[0].value: Invalid value: \"bad value\"");
    }

    @Test
    void aTolerationThatIsNotAnObjectIsATypeError() {
        assertThat(check("['NoSchedule']"))
                .containsExactly("tolerations[0]: Invalid value: \"NoSchedule\": must be of type object");
    }
}
