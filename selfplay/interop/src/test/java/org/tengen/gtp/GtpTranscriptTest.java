package org.tengen.gtp;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Golden GTP sessions covering every command. Lines starting with {@code > } are sent; everything up to the next
 * one is the expected output (trailing spaces are not compared: text blocks drop them). Seeded, so genmove is fixed.
 */
class GtpTranscriptTest {

    private static final String TRANSCRIPT = """
            > # comments and blank lines get no response
            >\s\s
            > 1 protocol_version
            =1 2

            > 2 name
            =2 Tengen

            > 3 version
            =3 1.2.3

            > known_command play
            = true

            > KNOWN_COMMAND fly
            = false

            > tengen-rules
            = tromp-taylor 19x19 komi=7.5 ko=positional-superko suicide=allowed

            > boardsize 5
            =

            > komi 0.5
            =

            > 10 play b c3
            =10

            > play w b2
            =

            > Play BLACK d4\t# tabs, case and comments
            =

            > play w c4
            =

            > play w e4
            =

            > play w d5
            =

            > play w d3
            =

            > showboard
            =
               A B C D E
             5 . . . O . 5
             4 . . O . O 4
             3 . . X O . 3
             2 . O . . . 2     WHITE (O) has captured 1 stones
             1 . . . . . 1     BLACK (X) has captured 0 stones
               A B C D E

            > captures w
            = 1

            > captures b
            = 0

            > list_stones black
            = C3

            > list_stones w
            = D5 C4 E4 D3 B2

            > is_legal b d4
            = 0

            > is_legal w c3
            = 0

            > all_legal b
            = A5 B5 C5 A4 B4 A3 B3 E3 A2 C2 D2 E2 A1 B1 C1 D1 E1

            > genmove w
            = C5

            > genmove b
            = C1

            > final_score
            = W+6.5

            > undo
            =

            > undo
            =

            > showboard
            =
               A B C D E
             5 . . . O . 5
             4 . . O . O 4
             3 . . X O . 3
             2 . O . . . 2     WHITE (O) has captured 1 stones
             1 . . . . . 1     BLACK (X) has captured 0 stones
               A B C D E

            > final_score
            = W+6.5

            > komi 7
            =

            > final_score
            = W+13

            > tengen-rules aga
            =

            > tengen-rules
            = aga 5x5 komi=7.0 ko=positional-superko suicide=forbidden white-passes-last pass-gives-prisoner

            > boardsize 4 3
            =

            > play b b2
            =

            > showboard
            =
               A B C D
             3 . . . . 3
             2 . X . . 2     WHITE (O) has captured 0 stones
             1 . . . . 1     BLACK (X) has captured 0 stones
               A B C D

            > final_score
            = B+5

            > clear_board
            =

            > final_score
            = W+7

            > undo
            ? cannot undo

            > fly
            ? unknown command

            > 11 quit
            =11

            """;

    /**
     * What GoGui and similar controllers send: list_commands, a game with genmove and undo under time settings, the
     * score and dead stones of an obvious position (White's B2 inside Black's area), an SGF round trip through a
     * file, handicap on an empty board, the KGS time systems.
     */
    private static final String GOGUI_SESSION = """
            > 1 list_commands
            =1 protocol_version
            name
            version
            known_command
            list_commands
            quit
            boardsize
            rectangular_boardsize
            clear_board
            komi
            play
            genmove
            undo
            showboard
            final_score
            final_status_list
            fixed_handicap
            place_free_handicap
            set_free_handicap
            time_settings
            time_left
            loadsgf
            printsgf
            kgs-genmove_cleanup
            kgs-time_settings
            is_legal
            all_legal
            list_stones
            captures
            tengen-rules
            tengen-analyze
            lz-analyze
            kata-analyze
            analyze
            lz-genmove_analyze
            kata-genmove_analyze
            genmove_analyze
            gogui-analyze_commands
            tengen-policy
            tengen-visits
            tengen-ownership

            > boardsize 7
            =

            > clear_board
            =

            > komi 6.5
            =

            > time_settings 300 30 5
            =

            > time_left b 290 0
            =

            > play b a4
            =

            > play w a5
            =

            > play b b4
            =

            > play w b5
            =

            > play b c4
            =

            > play w c5
            =

            > play b d4
            =

            > play w d5
            =

            > play b e4
            =

            > play w e5
            =

            > play b f4
            =

            > play w f5
            =

            > play b g4
            =

            > play w g5
            =

            > play w b2
            =

            > showboard
            =
               A B C D E F G
             7 . . . . . . . 7
             6 . . . . . . . 6
             5 O O O O O O O 5
             4 X X X X X X X 4
             3 . . + . + . . 3
             2 . O . . . . . 2     WHITE (O) has captured 0 stones
             1 . . . . . . . 1     BLACK (X) has captured 0 stones
               A B C D E F G

            > final_score
            = W+21.5

            > final_status_list dead
            = B2

            > final_status_list alive
            = A5 B5 C5 D5 E5 F5 G5
            A4 B4 C4 D4 E4 F4 G4

            > final_status_list seki
            =

            > genmove b
            = B1

            > undo
            =

            > time_left b 280 0
            =

            > genmove b
            = D7

            > undo
            =

            > printsgf {file}
            =

            > clear_board
            =

            > loadsgf {file}
            =

            > list_stones w
            = A5 B5 C5 D5 E5 F5 G5 B2

            > final_status_list dead
            = B2

            > loadsgf {file} 4
            =

            > printsgf
            = (;FF[4]GM[1]CA[UTF-8]AP[Tengen]SZ[7]KM[6.5]RU[Tromp-Taylor]
            ;B[ad]
            ;W[ac]
            ;B[bd])

            > boardsize 9
            =

            > fixed_handicap 3
            = C3 G7 C7

            > genmove w
            = G4

            > printsgf
            = (;FF[4]GM[1]CA[UTF-8]AP[Tengen]SZ[9]KM[6.5]RU[Tromp-Taylor]HA[3]PL[W]AB[cc][gc][cg]
            ;W[gf])

            > undo
            =

            > undo
            ? cannot undo

            > clear_board
            =

            > place_free_handicap 4
            = C3 G7 C7 G3

            > clear_board
            =

            > set_free_handicap c3 g7 e5
            =

            > tengen-rules
            = tromp-taylor 9x9 komi=6.5 ko=positional-superko suicide=allowed handicap=3/free handicap-komi=0

            > list_stones b
            = G7 E5 C3

            > fixed_handicap 2
            ? board not empty

            > kgs-time_settings byoyomi 60 10 3
            =

            > kgs-time_settings canadian 0 300 25
            =

            > time_left w 120 10
            =

            > kgs-time_settings absolute 600
            =

            > kgs-time_settings none
            =

            > tengen-analyze
            ? no search to show: this engine plays without one (start it with --model or --player mcts-rollout)

            > kata-analyze b 10
            ? no search to show: this engine plays without one (start it with --model or --player mcts-rollout)

            > gogui-analyze_commands
            = gfx/Policy heat map/tengen-policy %p
            dboard/Visit counts/tengen-visits %p
            gfx/Ownership/tengen-ownership %p
            string/Candidate moves/tengen-analyze %p

            > 5 genmove_analyze b 10
            =5
            play D7

            > quit
            =

            """;

    @Test
    void sessionMatchesTheTranscript() {
        assertTranscript(TRANSCRIPT, "");
    }

    @Test
    void goguiSessionMatchesTheTranscript(@TempDir Path tmp) {
        assertTranscript(GOGUI_SESSION, tmp.resolve("game.sgf").toString());
    }

    /** Runs the commands of {@code transcript} on a fresh engine, with {@code {file}} standing for {@code file}. */
    private static void assertTranscript(String transcript, String file) {
        Gtp gtp = new Gtp(7);
        StringBuilder actual = new StringBuilder();
        for (String line : transcript.split("\n")) {
            if (line.startsWith(">")) {
                String command = line.substring(1).replace("{file}", file);
                actual.append(line).append('\n');
                String response = gtp.engine.execute(command);
                if (response != null) {
                    actual.append(response);
                }
            }
        }
        assertEquals(stripTrailingSpaces(transcript), stripTrailingSpaces(actual.toString()));
    }

    private static String stripTrailingSpaces(String text) {
        return text.replaceAll("[ \t]+\n", "\n");
    }
}
