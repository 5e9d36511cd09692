package io.meridian.core.validation;

/**
 * A Kubernetes-style field path such as {@code spec.subsets[1].maxReplicas} or
 * {@code spec.updateStrategy.manualUpdate.partitions[subset-a]}. The empty path is the object itself.
 */
public record FieldPath(String value) {

    public static final FieldPath ROOT = new FieldPath("");

    public static FieldPath of(String first, String... more) {
        FieldPath path = ROOT.child(first);
        for (String name : more) {
            path = path.child(name);
        }
        return path;
    }

    public FieldPath child(String name) {
        return new FieldPath(value.isEmpty() ? name : value + "." + name);
    }

    public FieldPath index(int i) {
        return new FieldPath(value + "[" + i + "]");
    }

    public FieldPath key(String key) {
        return new FieldPath(value + "[" + key + "]");
    }

    public boolean isRoot() {
        return value.isEmpty();
    }

    @Override
    public String toString() {
        return value;
    }
}
