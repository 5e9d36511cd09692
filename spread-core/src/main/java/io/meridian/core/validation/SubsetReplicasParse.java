package io.meridian.core.validation;

import io.fabric8.kubernetes.api.model.IntOrString;

/**
 * UnitedDeployment subset replicas (§2.4 parse): an integer >= 0, or "N%" of the UnitedDeployment
 * replicas with N an integer in [0, 100], rounded half up.
 */
sealed interface SubsetReplicasParse {

    record Parsed(int replicas) implements SubsetReplicasParse {
    }

    record Failed(String message) implements SubsetReplicasParse {
    }

    static SubsetReplicasParse parse(int udReplicas, IntOrString value) {
        if (value.getStrVal() == null) {
            int count = value.getIntVal();
            return count >= 0 ? new Parsed(count)
                    : new Failed("subset replicas (" + count + ") should not be less than 0");
        }
        String text = value.getStrVal();
        if (!text.endsWith("%")) {
            return new Failed("subset replicas (" + text + ") only support integer value or percentage value with a"
                    + " suffix '%'");
        }
        if (udReplicas < 0) {
            return new Failed("subsetReplicas (" + text + ") should not be string when unitedDeployment replicas is"
                    + " empty");
        }
        String number = text.substring(0, text.length() - 1);
        int percent;
        try {
            percent = Integer.parseInt(number);
        } catch (NumberFormatException notAnInteger) {
            return new Failed("subset replicas (" + text + ") should be correct percentage integer: \"" + number
                    + "\" is not an integer");
        }
        if (percent < 0 || percent > 100) {
            return new Failed("subset replicas (" + text + ") should be in range [0, 100]");
        }
        return new Parsed((int) Math.floor(udReplicas * percent / 100.0 + 0.5));
    }
}
