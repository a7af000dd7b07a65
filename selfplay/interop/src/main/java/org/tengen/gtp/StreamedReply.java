package org.tengen.gtp;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BiConsumer;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * The body of a streamed GTP reply (the analysis commands): lines written while a search runs, after the header
 * {@code =id} on a line of its own and before the blank line that ends the reply, as KataGo and Leela Zero write them.
 *
 * @param interruptible whether the next input line ends it (lz-analyze, kata-analyze) rather than waits for it to
 *                      end (genmove_analyze)
 * @param body          writes the lines, one per call of the consumer, until done or until the supplier says stop
 */
record StreamedReply(boolean interruptible, BiConsumer<Consumer<String>, BooleanSupplier> body) {
    private static final Logger LOG = LogManager.getLogger(StreamedReply.class);

    /** Reads the next input line, or null at its end. */
    @FunctionalInterface
    interface LineSource {
        String next() throws IOException;
    }

    /**
     * Writes the body until it ends or {@code stop} says so. A failure after the header cannot become a {@code ?}
     * reply, so it is logged; an {@link UncheckedIOException} from {@code lines} (the output is gone) passes.
     */
    void write(Consumer<String> lines, BooleanSupplier stop) {
        try {
            body.accept(lines, stop);
        } catch (UncheckedIOException e) {
            throw e;
        } catch (RuntimeException e) {
            LOG.error("internal error in a streamed reply", e);
        }
    }

    /**
     * Writes the body on a thread of its own while this one waits for the next input line, which stops it (its search
     * ends after the current batch of leaves); returns that line, or null at the end of input. Nothing polls: this
     * thread blocks reading, and the search checks a flag between batches. A body that ends by itself leaves the reply
     * open until that line comes.
     */
    String writeUntilNextLine(Consumer<String> lines, LineSource input) throws IOException {
        AtomicBoolean stop = new AtomicBoolean();
        AtomicReference<UncheckedIOException> failure = new AtomicReference<>();
        Thread worker = new Thread(() -> {
            try {
                write(lines, stop::get);
            } catch (UncheckedIOException e) {
                failure.set(e);
            }
        }, "tengen-analysis");
        worker.setDaemon(true);
        worker.start();
        String next;
        try {
            next = input.next();
        } finally {
            stop.set(true);
            joinUninterruptibly(worker);
        }
        if (failure.get() != null) {
            throw failure.get().getCause();
        }
        return next;
    }

    private static void joinUninterruptibly(Thread thread) {
        boolean interrupted = false;
        while (true) {
            try {
                thread.join();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
