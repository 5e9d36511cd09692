package io.meridian.core;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/** The kernel is pure: no I/O, no clock of its own, no randomness, no infrastructure. */
class KernelPurityTest {
    private static final JavaClasses KERNEL = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("io.meridian.core");

    @Test
    void kernelDoesNotUseInfrastructureLibraries() {
        noClasses().should().dependOnClassesThat().resideInAnyPackage(
                        "io.fabric8.kubernetes.client..", "org.apache.kafka..", "org.springframework..",
                        "org.axonframework..", "java.sql..", "javax.sql..", "java.net..", "java.nio.file..",
                        "java.nio.channels..")
                .check(KERNEL);
    }

    @Test
    void kernelDoesNotTouchFilesOrSockets() {
        noClasses().should().dependOnClassesThat().haveFullyQualifiedName("java.io.File")
                .orShould().dependOnClassesThat().haveFullyQualifiedName("java.io.FileInputStream")
                .orShould().dependOnClassesThat().haveFullyQualifiedName("java.io.FileOutputStream")
                .orShould().dependOnClassesThat().haveFullyQualifiedName("java.io.FileReader")
                .orShould().dependOnClassesThat().haveFullyQualifiedName("java.io.FileWriter")
                .orShould().dependOnClassesThat().haveFullyQualifiedName("java.io.RandomAccessFile")
                .check(KERNEL);
    }

    @Test
    void kernelHasNoClockOrRandomnessOfItsOwn() {
        noClasses().should().callMethod(System.class, "currentTimeMillis")
                .orShould().callMethod(System.class, "nanoTime")
                .orShould().callMethod(java.time.Instant.class, "now")
                .orShould().callMethod(java.util.UUID.class, "randomUUID")
                .orShould().dependOnClassesThat().haveFullyQualifiedName("java.util.Random")
                .orShould().dependOnClassesThat().haveFullyQualifiedName("java.security.SecureRandom")
                .orShould().dependOnClassesThat().haveFullyQualifiedName("java.util.concurrent.ThreadLocalRandom")
                .orShould().dependOnClassesThat().haveFullyQualifiedName("java.time.Clock")
                .check(KERNEL);
    }
}
