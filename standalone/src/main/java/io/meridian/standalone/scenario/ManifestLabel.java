package io.meridian.standalone.scenario;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A short label for a manifest ({@code Deployment web}), read without parsing it fully. */
final class ManifestLabel {
    private static final Pattern KIND = Pattern.compile("(?m)^kind:\\s*(\\S+)");
    private static final Pattern NAME = Pattern.compile("(?m)(?:^metadata:\\s*\\{[^}]*?\\bname:\\s*([\\w.-]+)|^\\s+name:\\s*([\\w.-]+))");

    private ManifestLabel() {
    }

    static String of(String manifest) {
        List<String> labels = new ArrayList<>();
        for (String document : manifest.split("(?m)^---\\s*$")) {
            Matcher kind = KIND.matcher(document);
            if (!kind.find()) {
                continue;
            }
            Matcher name = NAME.matcher(document);
            String found = name.find() ? (name.group(1) != null ? name.group(1) : name.group(2)) : "?";
            labels.add(kind.group(1) + " " + found);
        }
        return labels.isEmpty() ? "manifest" : String.join(", ", labels);
    }
}
