package io.meridian.agent;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.Status;
import io.fabric8.kubernetes.api.model.WatchEvent;
import org.junit.jupiter.api.Test;

class WatchedObjectsTest {
    private static final String POD_ADDED = """
            {"type":"ADDED","object":{"apiVersion":"v1","kind":"Pod","metadata":{"name":"web-1","namespace":"deploy"},
             "spec":{"nodeName":"ack-0","containers":[{"name":"main","image":"nginx"}]}}}""";
    private static final String WATCH_EXPIRED = """
            {"type":"ERROR","object":{"apiVersion":"v1","kind":"Status","metadata":{},"status":"Failure",
             "message":"too old resource version","reason":"Expired","code":410}}""";

    @Test
    void aWatchedPodIsReadStraightIntoTheGenericForm() {
        WatchEvent event = WatchedObjects.serialization().unmarshal(POD_ADDED, WatchEvent.class);

        assertThat(event.getObject()).isInstanceOf(GenericKubernetesResource.class);
        GenericKubernetesResource pod = (GenericKubernetesResource) event.getObject();
        assertThat(pod.getKind()).isEqualTo("Pod");
        assertThat(pod.getMetadata().getName()).isEqualTo("web-1");
        assertThat(pod.<String>get("spec", "nodeName")).isEqualTo("ack-0");
    }

    @Test
    void anExpiredWatchIsStillReadAsAStatusSoTheInformerListsAgain() {
        WatchEvent event = WatchedObjects.serialization().unmarshal(WATCH_EXPIRED, WatchEvent.class);

        assertThat(event.getObject()).isInstanceOf(Status.class);
        assertThat(((Status) event.getObject()).getCode()).isEqualTo(410);
    }
}
