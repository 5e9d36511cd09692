package io.meridian.bench.federation;

import java.lang.management.ManagementFactory;
import javax.management.JMException;
import javax.management.ObjectName;

/** The live-object class histogram of this JVM (what {@code jcmd <pid> GC.class_histogram} prints). */
final class HeapHistogram {

    private HeapHistogram() {
    }

    /** The header and the first {@code rows} classes by retained bytes. */
    static String top(int rows) {
        try {
            String all = (String) ManagementFactory.getPlatformMBeanServer().invoke(
                    new ObjectName("com.sun.management:type=DiagnosticCommand"), "gcClassHistogram",
                    new Object[] {new String[0]}, new String[] {String[].class.getName()});
            return String.join("\n", all.lines().limit(rows + 3L).toList());
        } catch (JMException e) {
            return "no class histogram: " + e.getMessage();
        }
    }
}
