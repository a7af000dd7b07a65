package org.tengen.gtp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tengen.agent.RandomAgent;

/** Every reply is one well-formed GTP response, whatever the input holds. */
class GtpFramingTest {

    private static String session(String input) throws IOException {
        StringWriter out = new StringWriter();
        new GtpEngine("Tengen", "1", new RandomAgent(1), 1).run(new StringReader(input), out);
        return out.toString();
    }

    /** The responses of a session: each ends with a blank line and holds none inside. */
    private static String[] responses(String output) {
        assertTrue(output.endsWith("\n\n"), output);
        String[] responses = output.substring(0, output.length() - 2).split("\n\n", -1);
        for (String r : responses) {
            assertTrue(r.startsWith("=") || r.startsWith("?"), "a response starts with = or ?: " + r);
            assertFalse(r.contains("\n\n"), r);
        }
        return responses;
    }

    @Test
    void aLoneCarriageReturnDoesNotSplitACommand() throws IOException {
        String[] replies = responses(session("1 name\r\n2 protocol_version\r3 version\n"));
        assertEquals(2, replies.length, String.join(" | ", replies));
        assertEquals("=1 Tengen", replies[0]);
    }

    @Test
    void anErrorEchoingLineBreaksStaysOneLine(@TempDir Path tmp) throws IOException {
        Path sgf = tmp.resolve("bad.sgf");
        Files.writeString(sgf, "(;SZ[9]KM[7\n\n.5];B[ee])");
        String[] replies = responses(session("loadsgf " + sgf + "\nname\n"));
        assertEquals(2, replies.length, String.join(" | ", replies));
        assertTrue(replies[0].startsWith("? cannot load file"), replies[0]);
        assertFalse(replies[0].contains("\n"), replies[0]);
        assertEquals("= Tengen", replies[1]);
    }

    @Test
    void devicesAndDirectoriesAreRefusedWithoutReadingThem(@TempDir Path tmp) throws IOException {
        String[] replies = responses(session("loadsgf /dev/zero\nloadsgf " + tmp + "\n"));
        assertEquals("? cannot load file /dev/zero: cannot read /dev/zero: not a regular file", replies[0]);
        assertEquals("? cannot load file " + tmp + ": cannot read " + tmp + ": not a regular file", replies[1]);
    }
}
