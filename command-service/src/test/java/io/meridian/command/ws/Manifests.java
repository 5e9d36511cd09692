package io.meridian.command.ws;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** Test manifests: a CloneSet {@code web} in namespace {@code ns} and a spread over two zones. */
public final class Manifests {
    private Manifests() {
    }

    public static JsonNode json(String text) {
        try {
            return KernelJson.JSON.readTree(text.replace('\'', '"'));
        } catch (Exception e) {
            throw new IllegalArgumentException(text, e);
        }
    }

    /** Subset zone-a (maxReplicas {@code maxA}) then zone-b (unlimited). */
    public static ObjectNode spread(String name, int maxA) {
        return (ObjectNode) json("""
                {'apiVersion':'apps.kruise.io/v1alpha1','kind':'WorkloadSpread',
                 'metadata':{'name':'%s','namespace':'ns','uid':'uid-%s','generation':1},
                 'spec':{'targetRef':{'apiVersion':'apps.kruise.io/v1alpha1','kind':'CloneSet','name':'web'},
                   'subsets':[
                     {'name':'zone-a','requiredNodeSelectorTerm':{'matchExpressions':[{'key':'zone','operator':'In','values':['a']}]},'maxReplicas':%d},
                     {'name':'zone-b','requiredNodeSelectorTerm':{'matchExpressions':[{'key':'zone','operator':'In','values':['b']}]}}]}}
                """.formatted(name, name, maxA));
    }

    public static ObjectNode cloneSet(int replicas) {
        return (ObjectNode) json("""
                {'apiVersion':'apps.kruise.io/v1alpha1','kind':'CloneSet',
                 'metadata':{'name':'web','namespace':'ns','uid':'uid-web'},'spec':{'replicas':%d}}
                """.formatted(replicas));
    }

    public static ObjectNode pod(String name) {
        return (ObjectNode) json("""
                {'apiVersion':'v1','kind':'Pod',
                 'metadata':{'name':'%s','namespace':'ns','labels':{'app':'web'},
                   'ownerReferences':[{'apiVersion':'apps.kruise.io/v1alpha1','kind':'CloneSet','name':'web','uid':'uid-web','controller':true}]},
                 'spec':{'containers':[{'name':'main','image':'nginx'}]}}
                """.formatted(name));
    }
}
