package io.meridian.command.rebalancer;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/**
 * The rebalancer aggregate and its messages know nothing of Kafka, HTTP or SQL, and nothing of the aggregates it
 * asks (only their api packages): the feed and web packages do the talking.
 */
@AnalyzeClasses(packages = "io.meridian.command", importOptions = ImportOption.DoNotIncludeTests.class)
class RebalancerIsolationTest {

    @ArchTest
    static final ArchRule aggregateAndApiStayPure = noClasses()
            .that().resideInAnyPackage("io.meridian.command.rebalancer", "io.meridian.command.rebalancer.api")
            .should().dependOnClassesThat().resideInAnyPackage(
                    "org.apache.kafka..", "org.springframework.web..", "org.springframework.http..",
                    "org.springframework.jdbc..", "java.sql..", "javax.sql..", "jakarta.servlet..",
                    "io.meridian.command.rebalancer.feed..", "io.meridian.command.rebalancer.web..",
                    "io.meridian.command.federation", "io.meridian.command.ud");
}
