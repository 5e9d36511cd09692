package io.meridian.sim;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabric8.kubernetes.api.model.KubernetesResource;
import io.fabric8.kubernetes.api.model.Namespace;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Status;
import io.fabric8.kubernetes.api.model.admissionregistration.v1.MutatingWebhookConfiguration;
import io.fabric8.kubernetes.api.model.admissionregistration.v1.ValidatingWebhookConfiguration;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.util.List;

/**
 * How the simulation's own client reads what it is sent: the kinds it watches typed ({@link #TYPED}) are decoded into
 * their model, every other kind straight into a generic resource. The workloads (Deployments, ReplicaSets,
 * StatefulSets, CloneSets...) are watched as generic resources, and with the stock serialization each of their watch
 * events was decoded into its typed model first and then converted into the generic form: two decodes and an encode
 * per event, in the same process as the services under test.
 *
 * <p>Resolving a kind by apiVersion and kind ({@code genericKubernetesResources("apps/v1", "Deployment")}) still
 * knows every model class: fabric8 resolves it from the registered classes and else by discovery, which the mock
 * server does not serve for built-in groups.
 */
final class SimSerialization extends KubernetesSerialization {
    /** What the simulation watches typed, and a watch's ERROR event (410 Gone must still make an informer list). */
    static final List<Class<? extends KubernetesResource>> TYPED = List.of(Pod.class, Node.class, Namespace.class,
            MutatingWebhookConfiguration.class, ValidatingWebhookConfiguration.class, Status.class);
    /** Every model class on the class path: consulted to resolve a kind, never to decode. */
    private final KubernetesSerialization catalog = new KubernetesSerialization();

    SimSerialization() {
        super(new ObjectMapper(), false);
        TYPED.forEach(this::registerKubernetesResource);
    }

    @Override
    public Class<? extends KubernetesResource> getRegisteredKubernetesResource(String apiVersion, String kind) {
        Class<? extends KubernetesResource> typed = super.getRegisteredKubernetesResource(apiVersion, kind);
        return typed != null ? typed : catalog.getRegisteredKubernetesResource(apiVersion, kind);
    }
}
