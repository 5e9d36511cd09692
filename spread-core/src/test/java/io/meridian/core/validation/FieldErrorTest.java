package io.meridian.core.validation;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class FieldErrorTest {
    private static final FieldPath MAX = FieldPath.of("spec", "subsets").index(0).child("maxReplicas");

    @Test
    void pathsAreRenderedWithDotsAndIndexes() {
        assertThat(FieldPath.of("spec", "subsets").index(1).child("maxReplicas").toString())
                .isEqualTo("spec.subsets[1].maxReplicas");
        assertThat(FieldPath.of("spec").child("partitions").key("a").toString()).isEqualTo("spec.partitions[a]");
    }

    @Test
    void invalidShowsQuotedStringValueAndDetail() {
        assertThat(FieldError.invalid(MAX, "30%", "the maxReplicas type of all subsets must be the same").render())
                .isEqualTo("spec.subsets[0].maxReplicas: Invalid value: \"30%\": "
                        + "the maxReplicas type of all subsets must be the same");
    }

    @Test
    void invalidShowsNumbersUnquoted() {
        assertThat(FieldError.invalid(MAX, -1, "maxReplicas is not valid for subset").render())
                .isEqualTo("spec.subsets[0].maxReplicas: Invalid value: -1: maxReplicas is not valid for subset");
    }

    @Test
    void invalidWithEmptyDetailEndsAfterTheValue() {
        assertThat(FieldError.invalid(FieldPath.of("spec", "name"), "", "").render())
                .isEqualTo("spec.name: Invalid value: \"\"");
    }

    @Test
    void requiredShowsNoValue() {
        assertThat(FieldError.required(FieldPath.of("spec", "targetRef"), "no targetRef defined in WorkloadSpread")
                .render()).isEqualTo("spec.targetRef: Required value: no targetRef defined in WorkloadSpread");
        assertThat(FieldError.required(FieldPath.of("spec"), "").render()).isEqualTo("spec: Required value");
    }

    @Test
    void forbiddenShowsNoValue() {
        assertThat(FieldError.forbidden(FieldPath.of("spec", "x"), "may not be changed in an update").render())
                .isEqualTo("spec.x: Forbidden: may not be changed in an update");
    }

    @Test
    void notSupportedListsTheSupportedValues() {
        assertThat(FieldError.notSupported(FieldPath.of("spec", "type"), "Auto", List.of("Manual")).render())
                .isEqualTo("spec.type: Unsupported value: \"Auto\": supported values: \"Manual\"");
    }

    @Test
    void duplicateShowsTheValue() {
        assertThat(FieldError.duplicate(FieldPath.of("a"), "x").render()).isEqualTo("a: Duplicate value: \"x\"");
    }

    @Test
    void typeInvalidNamesTheExpectedType() {
        FieldError error = FieldError.typeInvalid(FieldPath.of("spec", "replicas"), Json.parse("'3'"), "integer");
        assertThat(error.type()).isEqualTo(ErrorType.TYPE_INVALID);
        assertThat(error.render()).isEqualTo("spec.replicas: Invalid value: \"3\": must be of type integer");
    }

    @Test
    void objectValuesAreRenderedAsJson() {
        assertThat(FieldError.invalid(FieldPath.of("t"), Json.parse("{kind:'X'}"), "bad").render())
                .isEqualTo("t: Invalid value: {\"kind\":\"X\"}: bad");
    }

    @Test
    void anErrorOnTheWholeObjectHasNoPathPrefix() {
        assertThat(FieldError.forbidden(FieldPath.ROOT, "feature-gate WorkloadSpread is not enabled").render())
                .isEqualTo("Forbidden: feature-gate WorkloadSpread is not enabled");
    }
}
