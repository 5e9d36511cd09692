package io.meridian.core.validation.k8s;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class NodeSelectorsTest {

    private static List<String> term(String json) {
        return Check.run(NodeSelectors::validateTerm, json, "term");
    }

    private static List<String> preferred(String json) {
        return Check.run(NodeSelectors::validatePreferredTerm, json, "pref");
    }

    @Test
    void aTermWithEveryOperatorUsedRightIsValid() {
        assertThat(term("{matchExpressions:[{key:'zone',operator:'In',values:['a','b']},"
                + "{key:'gpu',operator:'Exists'},{key:'spot',operator:'DoesNotExist'},"
                + "{key:'cpu',operator:'Gt',values:['4']},{key:'mem',operator:'Lt',values:['64']},"
                + "{key:'arch',operator:'NotIn',values:['arm']}]}")).isEmpty();
    }

    @Test
    void inNeedsValues() {
        assertThat(term("{matchExpressions:[{key:'zone',operator:'In'}]}")).containsExactly(
                "term.matchExpressions[0].values: Required value: must be specified when `operator` is 'In' or 'NotIn'");
    }

    @Test
    void existsTakesNoValues() {
        assertThat(term("{matchExpressions:[{key:'zone',operator:'DoesNotExist',values:['a']}]}")).containsExactly(
                "term.matchExpressions[0].values: Forbidden: may not be specified when `operator` is 'Exists' or 'DoesNotExist'");
    }

    @Test
    void gtAndLtTakeExactlyOneValue() {
        assertThat(term("{matchExpressions:[{key:'cpu',operator:'Gt',values:['1','2']}]}")).containsExactly(
                "term.matchExpressions[0].values: Required value: must be specified single value when `operator` is 'Lt' or 'Gt'");
        assertThat(term("{matchExpressions:[{key:'cpu',operator:'Lt'}]}")).hasSize(1);
    }

    @Test
    void unknownOperatorIsInvalid() {
        assertThat(term("{matchExpressions:[{key:'zone',operator:'Near',values:['a']}]}")).containsExactly(
                "term.matchExpressions[0].operator: Invalid value: \"Near\": not a valid selector operator");
    }

    @Test
    void keyIsRequiredAndMustBeAQualifiedName() {
        assertThat(term("{matchExpressions:[{operator:'Exists'}]}"))
                .containsExactly("term.matchExpressions[0].key: Required value");
        assertThat(term("{matchExpressions:[{key:'bad key',operator:'Exists'}]}")).singleElement().asString()
                .startsWith("term.matchExpressions[0].key: Invalid value: \"bad key\"");
    }

    @Test
    void matchFieldsAllowOnlyMetadataNameWithOneValue() {
        assertThat(term("{matchFields:[{key:'metadata.name',operator:'In',values:['n1']}]}")).isEmpty();
        assertThat(term("{matchFields:[{key:'metadata.uid',operator:'In',values:['n1','n2']}]}")).containsExactly(
                "term.matchFields[0].values: Required value: must be only one value when `operator` is 'In' or 'NotIn' for node field selector",
                "term.matchFields[0].key: Unsupported value: \"metadata.uid\": supported values: \"metadata.name\"");
    }

    @Test
    void preferredWeightMustBeBetween1And100() {
        assertThat(preferred("{weight:100,preference:{}}")).isEmpty();
        assertThat(preferred("{weight:1,preference:{}}")).isEmpty();
        assertThat(preferred("{weight:0,preference:{}}"))
                .containsExactly("pref.weight: Invalid value: 0: must be in the range 1-100");
        assertThat(preferred("{weight:101,preference:{}}"))
                .containsExactly("pref.weight: Invalid value: 101: must be in the range 1-100");
    }

    @Test
    void preferredTermIsCheckedLikeARequiredOne() {
        assertThat(preferred("{weight:5,preference:{matchExpressions:[{key:'z',operator:'In'}]}}"))
                .containsExactly("pref.preference.matchExpressions[0].values: Required value: "
                        + "must be specified when `operator` is 'In' or 'NotIn'");
    }

    @Test
    void aStringWeightIsATypeError() {
        assertThat(preferred("{weight:'10',preference:{}}"))
                .containsExactly("pref.weight: Invalid value: \"10\": must be of type integer");
    }

    @Test
    void aNodeSelectorNeedsAtLeastOneTerm() {
        assertThat(Check.run(NodeSelectors::validateNodeSelector, "{nodeSelectorTerms:[]}", "ns"))
                .containsExactly("ns.nodeSelectorTerms: Required value: must have at least one node selector term");
    }
}
