package io.meridian.standalone;

import java.util.Arrays;
import java.util.List;
import org.springframework.boot.autoconfigure.AutoConfigurationImportFilter;
import org.springframework.boot.autoconfigure.AutoConfigurationMetadata;
import org.springframework.context.EnvironmentAware;
import org.springframework.core.env.Environment;

/**
 * In the standalone process every service shares one class path, so each one would see the others'
 * auto-configurations (the gateway would look for a DataSource, the projection service would start
 * Axon). A service's context lists the packages it does not use in {@value #PROPERTY}; their
 * auto-configurations are skipped. Without the property nothing is filtered.
 */
public final class ServiceAutoConfigurationFilter implements AutoConfigurationImportFilter, EnvironmentAware {
    public static final String PROPERTY = "meridian.standalone.skip-auto-configuration";
    private List<String> skipped = List.of();

    @Override
    public void setEnvironment(Environment environment) {
        String value = environment.getProperty(PROPERTY, "");
        skipped = Arrays.stream(value.split(",")).map(String::trim).filter(s -> !s.isEmpty()).map(s -> s + ".").toList();
    }

    @Override
    public boolean[] match(String[] candidates, AutoConfigurationMetadata metadata) {
        boolean[] keep = new boolean[candidates.length];
        for (int i = 0; i < candidates.length; i++) {
            String candidate = candidates[i];
            keep[i] = candidate == null || skipped.stream().noneMatch(candidate::startsWith);
        }
        return keep;
    }
}
