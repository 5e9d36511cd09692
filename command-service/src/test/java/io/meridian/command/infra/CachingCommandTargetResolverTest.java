package io.meridian.command.infra;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.meridian.command.member.api.ReportHeartbeat;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.time.Instant;
import java.util.Set;
import java.util.stream.Collectors;
import org.axonframework.commandhandling.CommandMessage;
import org.axonframework.commandhandling.GenericCommandMessage;
import org.axonframework.modelling.command.AnnotationCommandTargetResolver;
import org.axonframework.modelling.command.TargetAggregateIdentifier;
import org.axonframework.modelling.command.TargetAggregateVersion;
import org.axonframework.spring.stereotype.Aggregate;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.context.annotation.ClassPathScanningCandidateComponentProvider;
import org.springframework.core.type.filter.AnnotationTypeFilter;

/** Resolves what Axon's annotation resolver resolves, and every aggregate uses it. */
class CachingCommandTargetResolverTest {
    private final CachingCommandTargetResolver cached = new CachingCommandTargetResolver();
    private final AnnotationCommandTargetResolver axons = AnnotationCommandTargetResolver.builder().build();

    record OnAComponent(@TargetAggregateIdentifier String id, @TargetAggregateVersion Long version) {
    }

    static final class OnAField {
        @TargetAggregateIdentifier
        private final String id = "field-id";
        @TargetAggregateVersion
        private final String version = "7";
    }

    static final class OnAMethod {
        @TargetAggregateIdentifier
        String target() {
            return "method-id";
        }
    }

    @Retention(RetentionPolicy.RUNTIME)
    @TargetAggregateIdentifier
    @interface MetaTarget {
    }

    record ThroughAMetaAnnotation(@MetaTarget String id) {
    }

    record WithoutATarget(String id) {
    }

    record NotANumber(@TargetAggregateIdentifier String id, @TargetAggregateVersion String version) {
    }

    private static CommandMessage<?> command(Object payload) {
        return GenericCommandMessage.asCommandMessage(payload);
    }

    @Test
    void resolvesOurCommandsAsAxonDoes() {
        CommandMessage<?> heartbeat = command(new ReportHeartbeat("member1", "member", Instant.EPOCH, 30));

        assertThat(cached.resolveTarget(heartbeat)).isEqualTo(axons.resolveTarget(heartbeat));
    }

    @Test
    void resolvesARecordComponentAFieldAMethodAndAMetaAnnotationAsAxonDoes() {
        for (Object payload : new Object[] {new OnAComponent("component-id", 3L), new OnAField(), new OnAMethod(),
                new ThroughAMetaAnnotation("meta-id")}) {
            CommandMessage<?> message = command(payload);

            assertThat(cached.resolveTarget(message)).as(payload.getClass().getSimpleName())
                    .isEqualTo(axons.resolveTarget(message));
        }
    }

    @Test
    void readsEachCommandsOwnValuesFromTheMembersFoundOnce() {
        assertThat(cached.resolveTarget(command(new OnAComponent("a", 1L))).getIdentifier()).isEqualTo("a");
        assertThat(cached.resolveTarget(command(new OnAComponent("b", null))).getIdentifier()).isEqualTo("b");
        assertThat(cached.resolveTarget(command(new OnAComponent("b", null))).getVersion()).isNull();
    }

    @Test
    void aCommandWithoutATargetFailsAsWithAxon() {
        assertSameFailure(command(new WithoutATarget("x")));
    }

    @Test
    void aNullTargetFailsAsWithAxon() {
        assertSameFailure(command(new OnAComponent(null, 1L)));
    }

    @Test
    void aVersionThatIsNotANumberFailsAsWithAxon() {
        assertSameFailure(command(new NotANumber("x", "seven")));
    }

    @Test
    void everyAggregateResolvesItsCommandsWithTheCachingResolver() {
        ClassPathScanningCandidateComponentProvider scan = new ClassPathScanningCandidateComponentProvider(false);
        scan.addIncludeFilter(new AnnotationTypeFilter(Aggregate.class));
        Set<String> aggregates = scan.findCandidateComponents("io.meridian.command").stream()
                .map(BeanDefinition::getBeanClassName)
                .filter(name -> !name.contains(".probe."))
                .collect(Collectors.toSet());

        assertThat(aggregates).hasSizeGreaterThanOrEqualTo(5);
        for (String aggregate : aggregates) {
            assertThat(aggregateAnnotation(aggregate).commandTargetResolver()).as(aggregate)
                    .isEqualTo(AxonComponentsConfiguration.COMMAND_TARGET_RESOLVER);
        }
    }

    private static Aggregate aggregateAnnotation(String className) {
        try {
            return Class.forName(className).getAnnotation(Aggregate.class);
        } catch (ClassNotFoundException e) {
            throw new AssertionError(e);
        }
    }

    private void assertSameFailure(CommandMessage<?> message) {
        Throwable expected = catchFrom(() -> axons.resolveTarget(message));
        assertThat(expected).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> cached.resolveTarget(message))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(expected.getMessage());
    }

    private static Throwable catchFrom(Runnable action) {
        try {
            action.run();
            return null;
        } catch (RuntimeException e) {
            return e;
        }
    }
}
