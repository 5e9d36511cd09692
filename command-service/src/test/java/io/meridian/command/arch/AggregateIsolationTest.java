package io.meridian.command.arch;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/** Aggregates and their messages know nothing of Kafka, HTTP or SQL. */
@AnalyzeClasses(packages = "io.meridian.command", importOptions = ImportOption.DoNotIncludeTests.class)
class AggregateIsolationTest {

    @ArchTest
    static final ArchRule aggregatesAndApiStayPure = noClasses()
            .that().resideInAnyPackage("io.meridian.command.ws", "io.meridian.command.ws.api",
                    "io.meridian.command.member", "io.meridian.command.member.api",
                    "io.meridian.command.ud", "io.meridian.command.ud.api")
            .should().dependOnClassesThat().resideInAnyPackage(
                    "org.apache.kafka..", "org.springframework.web..", "org.springframework.http..",
                    "org.springframework.jdbc..", "java.sql..", "javax.sql..", "jakarta.servlet..");
}
