package io.meridian.core.patch;

import static io.meridian.core.patch.KubernetesStrategicMergePatchTest.json;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class JsonPatchDiffTest {

    @Test
    void equalDocumentsGiveAnEmptyPatch() {
        assertThat(JsonPatchDiff.between(json("{'a':[1,{'b':2}]}"), json("{'a':[1,{'b':2}]}"))).isEmpty();
    }

    @Test
    void newKeyIsAdded() {
        assertThat(JsonPatchDiff.between(json("{'a':1}"), json("{'a':1,'b':{'c':2}}")))
                .isEqualTo(json("[{'op':'add','path':'/b','value':{'c':2}}]"));
    }

    @Test
    void changedScalarIsReplaced() {
        assertThat(JsonPatchDiff.between(json("{'a':{'b':1}}"), json("{'a':{'b':2}}")))
                .isEqualTo(json("[{'op':'replace','path':'/a/b','value':2}]"));
    }

    @Test
    void missingKeyIsRemoved() {
        assertThat(JsonPatchDiff.between(json("{'a':1,'b':2}"), json("{'a':1}")))
                .isEqualTo(json("[{'op':'remove','path':'/b'}]"));
    }

    @Test
    void slashAndTildeInKeysAreEscaped() {
        assertThat(JsonPatchDiff.between(json("{'m':{}}"), json("{'m':{'apps.kruise.io/x~y':'v'}}")))
                .isEqualTo(json("[{'op':'add','path':'/m/apps.kruise.io~1x~0y','value':'v'}]"));
    }

    @Test
    void escapeHandlesTildeBeforeSlash() {
        assertThat(JsonPatchDiff.escape("~1/")).isEqualTo("~01~1");
    }

    @Test
    void appendedElementIsOneAdd() {
        assertThat(JsonPatchDiff.between(json("{'t':[1,2]}"), json("{'t':[1,2,3]}")))
                .isEqualTo(json("[{'op':'add','path':'/t/2','value':3}]"));
    }

    @Test
    void insertedElementInTheMiddleIsOneAdd() {
        assertThat(JsonPatchDiff.between(json("{'t':[1,3]}"), json("{'t':[1,2,3]}")))
                .isEqualTo(json("[{'op':'add','path':'/t/1','value':2}]"));
    }

    @Test
    void removedElementInTheMiddleIsOneRemove() {
        assertThat(JsonPatchDiff.between(json("{'t':[1,2,3]}"), json("{'t':[1,3]}")))
                .isEqualTo(json("[{'op':'remove','path':'/t/1'}]"));
    }

    @Test
    void changedElementIsDiffedInside() {
        assertThat(JsonPatchDiff.between(json("{'t':[{'a':1,'b':1}]}"), json("{'t':[{'a':1,'b':2}]}")))
                .isEqualTo(json("[{'op':'replace','path':'/t/0/b','value':2}]"));
    }

    @Test
    void typeChangeIsReplaced() {
        assertThat(JsonPatchDiff.between(json("{'a':[1]}"), json("{'a':{'x':1}}")))
                .isEqualTo(json("[{'op':'replace','path':'/a','value':{'x':1}}]"));
    }

    @Test
    void removalsComeFromTheHighestIndexDown() {
        assertThat(JsonPatchDiff.between(json("[1,2,3,4]"), json("[1]")))
                .isEqualTo(json("[{'op':'remove','path':'/3'},{'op':'remove','path':'/2'},{'op':'remove','path':'/1'}]"));
    }
}
