package org.tengen.external;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import org.tengen.gtp.GtpEngine;
import org.tengen.agent.RandomAgent;

/**
 * A GTP engine for tests: Tengen's own engine with random moves, plus one fault on purpose from the
 * {@code faultyGenmove}-th {@code genmove} on (or on every {@code play} / {@code boardsize} for the refusing modes).
 * It runs in this process over pipes ({@link #start}) or as a process ({@link #main}).
 */
public final class FakeEngine {
    public enum Fault {
        NONE, GARBAGE, WRONG_ID, HANG, CRASH, ILLEGAL, NOT_A_MOVE, RESIGN, REFUSE_GENMOVE, REFUSE_PLAY,
        REFUSE_BOARDSIZE
    }

    private FakeEngine() {
    }

    /** Serves GTP on stdin/stdout: {@code FakeEngine FAULT FAULTY_GENMOVE}; a crash exits with code 3. */
    public static void main(String[] args) throws IOException {
        Fault fault = Fault.valueOf(args[0].toUpperCase(Locale.ROOT));
        Writer out = new OutputStreamWriter(System.out, StandardCharsets.UTF_8);
        if (!serve(fault, Integer.parseInt(args[1]), new BufferedReader(new InputStreamReader(System.in,
                StandardCharsets.UTF_8)), out)) {
            System.err.println("fake engine: crashing on purpose");
            System.exit(3);
        }
    }

    /** The command line that runs {@link #main} in a new JVM with this test's classpath. */
    public static List<String> commandLine(Fault fault, int faultyGenmove) {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        return List.of(java, "-cp", System.getProperty("java.class.path"), FakeEngine.class.getName(),
                fault.name(), Integer.toString(faultyGenmove));
    }

    /** A client of a new fake engine running on a thread of this process. */
    static GtpClient start(Fault fault, int faultyGenmove, Duration timeout) {
        try {
            PipedOutputStream commands = new PipedOutputStream();
            PipedInputStream engineIn = new PipedInputStream(commands);
            PipedOutputStream engineOut = new PipedOutputStream();
            PipedInputStream answers = new PipedInputStream(engineOut);
            Thread thread = new Thread(() -> {
                try (Writer out = new OutputStreamWriter(engineOut, StandardCharsets.UTF_8)) {
                    serve(fault, faultyGenmove, new BufferedReader(new InputStreamReader(engineIn,
                            StandardCharsets.UTF_8)), out);
                } catch (IOException e) {
                    // The client went away.
                }
            }, "fake engine " + fault);
            thread.setDaemon(true);
            thread.start();
            return new GtpClient("fake " + fault.name().toLowerCase(Locale.ROOT), answers, commands, timeout);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Answers commands until quit or the end of input (true) or a crash (false, output left as is). */
    private static boolean serve(Fault fault, int faultyGenmove, BufferedReader in, Writer out) throws IOException {
        GtpEngine engine = new GtpEngine("Fake", "0.1", new RandomAgent(5), 1);
        int genmoves = 0;
        String lastStone = "Z99";
        for (String line = in.readLine(); line != null; line = in.readLine()) {
            String[] words = line.strip().split("\\s+");
            boolean hasId = words[0].chars().allMatch(Character::isDigit);
            String id = hasId ? words[0] : "";
            String command = words[hasId ? 1 : 0];
            if (command.equals("genmove")) {
                genmoves++;
            }
            boolean faulty = switch (fault) {
                case REFUSE_PLAY -> command.equals("play");
                case REFUSE_BOARDSIZE -> command.equals("boardsize");
                case NONE -> false;
                default -> command.equals("genmove") && genmoves >= faultyGenmove;
            };
            String answer;
            if (!faulty) {
                answer = engine.execute(line);
                String move = command.equals("play") ? words[words.length - 1]
                        : command.equals("genmove") ? answer.substring(answer.indexOf(' ') + 1).strip() : "pass";
                lastStone = move.equalsIgnoreCase("pass") ? lastStone : move;
            } else {
                answer = switch (fault) {
                    case GARBAGE -> "hello there\n\n";
                    case WRONG_ID -> "=" + (id.isEmpty() ? 1 : Integer.parseInt(id) + 1) + " pass\n\n";
                    case HANG -> "";
                    case CRASH -> null;
                    case ILLEGAL -> "=" + id + " " + lastStone + "\n\n";
                    case NOT_A_MOVE -> "=" + id + " Z99\n\n";
                    case RESIGN -> "=" + id + " resign\n\n";
                    default -> "?" + id + " not today\n\n";
                };
            }
            if (answer == null) {
                out.flush();
                return false;
            }
            out.write(answer);
            out.flush();
            if (command.equals("quit")) {
                break;
            }
        }
        return true;
    }
}
