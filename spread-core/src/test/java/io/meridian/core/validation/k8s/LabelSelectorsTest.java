package io.meridian.core.validation.k8s;

import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.core.validation.Json;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LabelSelectorsTest {

    private static List<String> validate(String selector) {
        return Check.run(LabelSelectors::validate, selector, "spec.selector");
    }

    private static String parseError(String selector) {
        return ((SelectorParse.Unparsable) LabelSelectors.parse(Json.parse(selector))).message();
    }

    private static LabelMatcher matcher(String selector) {
        return ((SelectorParse.Parsed) LabelSelectors.parse(Json.parse(selector))).matcher();
    }

    @Test
    void aSelectorWithValidLabelsAndExpressionsHasNoErrors() {
        assertThat(validate("{matchLabels:{app:'web'},matchExpressions:[{key:'tier',operator:'In',values:['a']}]}"))
                .isEmpty();
    }

    @Test
    void inAndNotInNeedValues() {
        assertThat(validate("{matchExpressions:[{key:'a',operator:'NotIn',values:[]}]}")).containsExactly(
                "spec.selector.matchExpressions[0].values: Required value: must be specified when `operator` is 'In' or 'NotIn'");
    }

    @Test
    void existsAndDoesNotExistTakeNoValues() {
        assertThat(validate("{matchExpressions:[{key:'a',operator:'Exists',values:['x']}]}")).containsExactly(
                "spec.selector.matchExpressions[0].values: Forbidden: may not be specified when `operator` is 'Exists' or 'DoesNotExist'");
    }

    @Test
    void unknownOperatorIsInvalid() {
        assertThat(validate("{matchExpressions:[{key:'a',operator:'Gt',values:['1']}]}")).containsExactly(
                "spec.selector.matchExpressions[0].operator: Invalid value: \"Gt\": not a valid selector operator");
    }

    @Test
    void labelKeysAndValuesAreChecked() {
        assertThat(validate("{matchLabels:{'bad key':'ok'}}")).singleElement().asString()
                .startsWith("spec.selector.matchLabels: Invalid value: \"bad key\": name part must consist of");
        assertThat(validate("{matchLabels:{app:'-x'}}")).singleElement().asString()
                .startsWith("spec.selector.matchLabels: Invalid value: \"-x\": a valid label must be");
    }

    @Test
    void wrongTypesAreReportedNotThrown() {
        assertThat(validate("{matchLabels:'app=web'}"))
                .containsExactly("spec.selector.matchLabels: Invalid value: \"app=web\": must be of type object");
        assertThat(validate("{matchLabels:{app:3}}"))
                .containsExactly("spec.selector.matchLabels[app]: Invalid value: 3: must be of type string");
    }

    @Test
    void parseRejectsInWithoutValues() {
        assertThat(parseError("{matchExpressions:[{key:'a',operator:'In',values:[]}]}"))
                .isEqualTo("values: Invalid value: []: for 'in', 'notin' operators, values set can't be empty");
    }

    @Test
    void parseRejectsAnUnknownOperator() {
        assertThat(parseError("{matchExpressions:[{key:'a',operator:'Foo'}]}"))
                .isEqualTo("\"Foo\" is not a valid label selector operator");
    }

    @Test
    void parseRejectsValuesOnExists() {
        assertThat(parseError("{matchExpressions:[{key:'a',operator:'DoesNotExist',values:['x']}]}"))
                .isEqualTo("values: Forbidden: values set must be empty for exists and does not exist");
    }

    @Test
    void parseRejectsAnInvalidKey() {
        assertThat(parseError("{matchLabels:{'a b':'x'}}")).startsWith("key: Invalid value: \"a b\"");
    }

    @Test
    void parsedSelectorMatchesLabelsAndExpressions() {
        LabelMatcher matcher = matcher("{matchLabels:{app:'web'},matchExpressions:["
                + "{key:'tier',operator:'NotIn',values:['db']},{key:'canary',operator:'DoesNotExist'},"
                + "{key:'zone',operator:'Exists'}]}");
        assertThat(matcher.matches(Map.of("app", "web", "zone", "a"))).isTrue();
        assertThat(matcher.matches(Map.of("app", "web", "zone", "a", "tier", "db"))).isFalse();
        assertThat(matcher.matches(Map.of("app", "web", "zone", "a", "canary", "1"))).isFalse();
        assertThat(matcher.matches(Map.of("app", "web"))).isFalse();
        assertThat(matcher.matches(Map.of("app", "api", "zone", "a"))).isFalse();
    }

    @Test
    void anEmptySelectorParsesToAnEmptyMatcher() {
        assertThat(matcher("{}").isEmpty()).isTrue();
    }
}
