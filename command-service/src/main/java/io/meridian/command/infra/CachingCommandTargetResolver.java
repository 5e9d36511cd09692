package io.meridian.command.infra;

import java.lang.annotation.Annotation;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import org.axonframework.commandhandling.CommandMessage;
import org.axonframework.common.ReflectionUtils;
import org.axonframework.common.annotation.AnnotationUtils;
import org.axonframework.modelling.command.CommandTargetResolver;
import org.axonframework.modelling.command.TargetAggregateIdentifier;
import org.axonframework.modelling.command.TargetAggregateVersion;
import org.axonframework.modelling.command.VersionedAggregateIdentifier;

/**
 * Axon's annotation-based command target resolution, with the annotated members found once per command class: Axon's
 * own resolver looks them up by reflection, meta-annotations included, at every command (0.8 % of a rebalance
 * window's samples, 0.4 % of an admission's; docs/benchmarks.md, Issue 4, session 40). The rules are Axon's: the first
 * no-argument method, else the first field, annotated (directly or through a meta-annotation) with
 * {@link TargetAggregateIdentifier} gives the identifier, one with {@link TargetAggregateVersion} the version; the
 * same exceptions with the same messages when a command names no target.
 */
public final class CachingCommandTargetResolver implements CommandTargetResolver {
    private final ClassValue<Targets> targets = new ClassValue<>() {
        @Override
        protected Targets computeValue(Class<?> type) {
            return new Targets(member(type, TargetAggregateIdentifier.class), member(type, TargetAggregateVersion.class));
        }
    };

    private record Targets(Member identifier, Member version) {
    }

    @FunctionalInterface
    private interface Member {
        Object read(Object payload) throws InvocationTargetException, IllegalAccessException;
    }

    @Override
    public VersionedAggregateIdentifier resolveTarget(CommandMessage<?> command) {
        Targets found = targets.get(command.getPayloadType());
        Object identifier;
        Long version;
        try {
            identifier = found.identifier().read(command.getPayload());
            version = asLong(found.version().read(command.getPayload()));
        } catch (InvocationTargetException e) {
            throw new IllegalArgumentException("An exception occurred while extracting aggregate information form a command", e);
        } catch (IllegalAccessException e) {
            throw new IllegalArgumentException("The current security context does not allow extraction of aggregate "
                    + "information from the given command.", e);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("The value provided for the version is not a number.", e);
        }
        if (identifier == null) {
            throw new IllegalArgumentException(String.format("Invalid command. It does not identify the target aggregate. "
                    + "Make sure at least one of the fields or methods in the [%s] class contains the "
                    + "@TargetAggregateIdentifier annotation and that it returns a non-null value.",
                    command.getPayloadType().getSimpleName()));
        }
        return new VersionedAggregateIdentifier(identifier, version);
    }

    private static Member member(Class<?> type, Class<? extends Annotation> annotation) {
        for (Method method : ReflectionUtils.methodsOf(type)) {
            if (AnnotationUtils.isAnnotationPresent(method, annotation)) {
                ReflectionUtils.ensureAccessible(method);
                return payload -> method.invoke(payload);
            }
        }
        for (Field field : ReflectionUtils.fieldsOf(type)) {
            if (AnnotationUtils.isAnnotationPresent(field, annotation)) {
                ReflectionUtils.ensureAccessible(field);
                return field::get;
            }
        }
        return payload -> null;
    }

    private static Long asLong(Object value) {
        if (value == null) {
            return null;
        }
        return value instanceof Number number ? number.longValue() : Long.parseLong(value.toString());
    }
}
