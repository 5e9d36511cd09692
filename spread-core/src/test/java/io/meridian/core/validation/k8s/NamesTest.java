package io.meridian.core.validation.k8s;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class NamesTest {

    @Test
    void labelAcceptsLowercaseAlphanumericsAndInnerDashes() {
        assertThat(Names.dns1123Label("subset-a1")).isEmpty();
    }

    @Test
    void labelRejectsUppercaseDotsAndEdgeDashes() {
        assertThat(Names.dns1123Label("Subset")).hasSize(1);
        assertThat(Names.dns1123Label("a.b")).hasSize(1);
        assertThat(Names.dns1123Label("-a")).hasSize(1);
        assertThat(Names.dns1123Label("a-")).hasSize(1);
    }

    @Test
    void labelIsAtMost63Characters() {
        assertThat(Names.dns1123Label("a".repeat(63))).isEmpty();
        assertThat(Names.dns1123Label("a".repeat(64))).containsExactly("must be no more than 63 characters");
    }

    @Test
    void subdomainAllowsDotsBetweenLabels() {
        assertThat(Names.dns1123Subdomain("web.example.com")).isEmpty();
        assertThat(Names.dns1123Subdomain("web..com")).hasSize(1);
        assertThat(Names.dns1123Subdomain("a".repeat(254))).contains("must be no more than 253 characters");
    }

    @Test
    void qualifiedNameAllowsAnOptionalSubdomainPrefix() {
        assertThat(Names.qualifiedName("topology.kubernetes.io/zone")).isEmpty();
        assertThat(Names.qualifiedName("My_Key.1")).isEmpty();
        assertThat(Names.qualifiedName("Bad.Prefix/zone")).singleElement().asString().startsWith("prefix part");
        assertThat(Names.qualifiedName("a/b/c")).hasSize(1);
        assertThat(Names.qualifiedName("")).containsExactly("name part must be non-empty");
        assertThat(Names.qualifiedName("has space")).hasSize(1);
    }

    @Test
    void labelValueMayBeEmptyButNotStartWithPunctuation() {
        assertThat(Names.labelValue("")).isEmpty();
        assertThat(Names.labelValue("v1.2_x")).isEmpty();
        assertThat(Names.labelValue("_x")).hasSize(1);
        assertThat(Names.labelValue("a".repeat(64))).contains("must be no more than 63 characters");
    }
}
