package io.meridian.cli;

import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;

/** Lets code that prints to a stream write to picocli's (redirectable) writer. */
final class WriterOutputStream extends OutputStream {
    private final PrintWriter writer;
    private final java.io.ByteArrayOutputStream line = new java.io.ByteArrayOutputStream();

    WriterOutputStream(PrintWriter writer) {
        this.writer = writer;
    }

    @Override
    public void write(int b) {
        line.write(b);
        if (b == '\n') {
            flush();
        }
    }

    @Override
    public void flush() {
        writer.print(line.toString(StandardCharsets.UTF_8));
        writer.flush();
        line.reset();
    }
}
