package io.meridian.sim;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Status;
import io.fabric8.kubernetes.api.model.WatchEvent;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import org.junit.jupiter.api.Test;

class SimSerializationTest {
  final SimSerialization serialization = new SimSerialization();

  Object watchedObject(String object) {
    return serialization.unmarshal("{\"type\":\"MODIFIED\",\"object\":" + object + "}", WatchEvent.class).getObject();
  }

  @Test
  void aWorkloadOfAWatchEventIsDecodedStraightIntoAGenericResource() {
    assertThat(watchedObject("{\"apiVersion\":\"apps/v1\",\"kind\":\"Deployment\",\"metadata\":{\"name\":\"web\"}}"))
        .isInstanceOf(GenericKubernetesResource.class);
  }

  @Test
  void aPodOfAWatchEventIsStillAPod() {
    assertThat(watchedObject("{\"apiVersion\":\"v1\",\"kind\":\"Pod\",\"metadata\":{\"name\":\"web-1\"}}"))
        .isInstanceOf(Pod.class);
  }

  @Test
  void anExpiredWatchIsStillAStatus() {
    assertThat(watchedObject("{\"apiVersion\":\"v1\",\"kind\":\"Status\",\"code\":410,\"reason\":\"Expired\"}"))
        .isInstanceOf(Status.class);
  }

  @Test
  void aBuiltInKindIsStillResolvedByApiVersionAndKind() {
    assertThat(serialization.getRegisteredKubernetesResource("apps/v1", "Deployment")).isEqualTo(Deployment.class);
  }
}
