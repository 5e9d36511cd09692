package io.meridian.schemas;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.util.Arrays;

/**
 * Binds a parsed message to its record and hands its free-form JSON components (a cluster event's object, a
 * mutation's body, a domain event's payload) over as the parsed nodes. Jackson would copy each of those trees node by
 * node into a new one, the larger part of a message's decoding (docs/benchmarks.md, Issue 3, session 44).
 */
final class TreeBinder<T> {
    private final ObjectMapper json;
    private final Class<T> type;
    private final RecordComponent[] components;
    private final Constructor<T> canonical;
    private final String[] handedOver;
    private final boolean any;

    TreeBinder(ObjectMapper json, Class<T> type) {
        this.json = json;
        this.type = type;
        this.components = type.getRecordComponents();
        this.canonical = canonicalConstructor(type, components);
        this.handedOver = Arrays.stream(components).map(c -> c.getType() == JsonNode.class ? c.getName() : null)
                .toArray(String[]::new);
        this.any = Arrays.stream(handedOver).anyMatch(name -> name != null);
    }

    /** The record of {@code tree}, which this takes apart: the caller must not use it afterwards. */
    T bind(ObjectNode tree) throws JsonProcessingException {
        if (!any) {
            return json.treeToValue(tree, type);
        }
        JsonNode[] detached = new JsonNode[components.length];
        for (int i = 0; i < components.length; i++) {
            if (handedOver[i] != null) {
                detached[i] = tree.remove(handedOver[i]);
            }
        }
        T bound = json.treeToValue(tree, type);
        Object[] arguments = new Object[components.length];
        for (int i = 0; i < components.length; i++) {
            arguments[i] = handedOver[i] != null ? detached[i] : read(components[i], bound);
        }
        try {
            return canonical.newInstance(arguments);
        } catch (InstantiationException | IllegalAccessException | InvocationTargetException e) {
            throw new IllegalStateException("cannot rebuild " + type.getSimpleName(), e);
        }
    }

    private static Object read(RecordComponent component, Object record) {
        try {
            return component.getAccessor().invoke(record);
        } catch (IllegalAccessException | InvocationTargetException e) {
            throw new IllegalStateException("cannot read " + component.getName(), e);
        }
    }

    private static <T> Constructor<T> canonicalConstructor(Class<T> type, RecordComponent[] components) {
        try {
            return type.getDeclaredConstructor(Arrays.stream(components).map(RecordComponent::getType).toArray(Class<?>[]::new));
        } catch (NoSuchMethodException e) {
            throw new IllegalStateException(type.getSimpleName() + " is not a record", e);
        }
    }
}
