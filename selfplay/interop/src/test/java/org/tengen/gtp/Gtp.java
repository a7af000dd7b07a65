package org.tengen.gtp;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/** Test driver for a {@link GtpEngine}: sends commands and unwraps the responses. */
final class Gtp {
    final GtpEngine engine;

    Gtp(long seed) {
        this(new GtpEngine("Tengen", "1.2.3", new org.tengen.agent.RandomAgent(seed), 1));
    }

    Gtp(GtpEngine engine) {
        this.engine = engine;
    }

    /** The raw response to {@code command}, framing included. */
    String raw(String command) {
        String response = engine.execute(command);
        assertNotNull(response, () -> "no response to '" + command + "'");
        assertTrue(response.endsWith("\n\n"), () -> "response to '" + command + "' not ended by a blank line");
        return response;
    }

    /** The text of a successful response (without "= " and the blank line); fails the test on "?". */
    String ok(String command) {
        String response = raw(command);
        if (!response.startsWith("= ")) {
            fail("'" + command + "' failed: " + response.strip());
        }
        return response.substring(2, response.length() - 2);
    }

    /** The message of a failure response; fails the test on success. */
    String error(String command) {
        String response = raw(command);
        if (!response.startsWith("? ")) {
            fail("'" + command + "' succeeded: " + response.strip());
        }
        return response.substring(2, response.length() - 2);
    }
}
