package io.meridian.core.patch;

/**
 * How Kubernetes patches one field: {@code mergeKey} non-null for a list of objects merged by that
 * key, {@code mergeList} for the "merge" strategy (also for primitive lists, merged as a set),
 * {@code elementType} the type of the value or of each list element.
 */
record PatchField(boolean mergeList, String mergeKey, PatchType elementType) {

    static PatchField object(PatchType type) {
        return new PatchField(false, null, type);
    }

    static PatchField mergedBy(String mergeKey, PatchType elementType) {
        return new PatchField(true, mergeKey, elementType);
    }

    static PatchField primitiveSet() {
        return new PatchField(true, null, PatchType.OPAQUE);
    }
}
