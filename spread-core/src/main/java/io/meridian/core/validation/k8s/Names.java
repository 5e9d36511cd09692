package io.meridian.core.validation.k8s;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Kubernetes name rules: RFC 1123 labels and subdomains, qualified names (label keys) and label
 * values. Each check returns the problems found, empty when the text is acceptable.
 */
public final class Names {
    public static final int LABEL_MAX = 63;
    public static final int SUBDOMAIN_MAX = 253;

    private static final String LABEL_FORM = "[a-z0-9]([-a-z0-9]*[a-z0-9])?";
    private static final Pattern LABEL = Pattern.compile(LABEL_FORM);
    private static final Pattern SUBDOMAIN = Pattern.compile(LABEL_FORM + "(\\." + LABEL_FORM + ")*");
    private static final String NAME_PART_FORM = "([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]";
    private static final Pattern NAME_PART = Pattern.compile(NAME_PART_FORM);
    private static final Pattern LABEL_VALUE = Pattern.compile("(" + NAME_PART_FORM + ")?");

    private Names() {
    }

    /** RFC 1123 label: what subset, container and volume names must be. */
    public static List<String> dns1123Label(String text) {
        List<String> problems = new ArrayList<>();
        if (text.length() > LABEL_MAX) {
            problems.add(tooLong(LABEL_MAX));
        }
        if (!LABEL.matcher(text).matches()) {
            problems.add("a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-',"
                    + " and must start and end with an alphanumeric character (e.g. 'my-name', or '123-abc',"
                    + " regex used for validation is '" + LABEL_FORM + "')");
        }
        return problems;
    }

    /** RFC 1123 subdomain: what object names and label-key prefixes must be. */
    public static List<String> dns1123Subdomain(String text) {
        List<String> problems = new ArrayList<>();
        if (text.length() > SUBDOMAIN_MAX) {
            problems.add(tooLong(SUBDOMAIN_MAX));
        }
        if (!SUBDOMAIN.matcher(text).matches()) {
            problems.add("a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-'"
                    + " or '.', and must start and end with an alphanumeric character (e.g. 'example.com')");
        }
        return problems;
    }

    /** A qualified name ({@code [prefix/]name}): label keys, toleration keys, node selector keys. */
    public static List<String> qualifiedName(String text) {
        List<String> problems = new ArrayList<>();
        String[] parts = text.split("/", -1);
        String name;
        if (parts.length == 1) {
            name = parts[0];
        } else if (parts.length == 2) {
            name = parts[1];
            if (parts[0].isEmpty()) {
                problems.add("prefix part must be non-empty");
            } else {
                dns1123Subdomain(parts[0]).forEach(p -> problems.add("prefix part " + p));
            }
        } else {
            problems.add(nameRule() + " with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')");
            return problems;
        }
        if (name.isEmpty()) {
            problems.add("name part must be non-empty");
            return problems;
        }
        if (name.length() > LABEL_MAX) {
            problems.add("name part " + tooLong(LABEL_MAX));
        }
        if (!NAME_PART.matcher(name).matches()) {
            problems.add("name part " + nameRule() + " (e.g. 'MyName', or 'my.name', or '123-abc')");
        }
        return problems;
    }

    /** A label value: empty, or at most 63 characters of the qualified-name alphabet. */
    public static List<String> labelValue(String text) {
        List<String> problems = new ArrayList<>();
        if (text.length() > LABEL_MAX) {
            problems.add(tooLong(LABEL_MAX));
        }
        if (!LABEL_VALUE.matcher(text).matches()) {
            problems.add("a valid label must be an empty string or " + nameRule().substring("must ".length())
                    + " (e.g. 'MyValue', or 'my_value', or '12345')");
        }
        return problems;
    }

    private static String nameRule() {
        return "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an"
                + " alphanumeric character";
    }

    private static String tooLong(int max) {
        return "must be no more than " + max + " characters";
    }
}
