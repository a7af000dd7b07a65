package org.tengen.gtp;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * A golden GTP session covering every command. Lines starting with {@code > } are sent; everything up to the next
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
            = E2

            > genmove b
            = A4

            > final_score
            = W+7.5

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

    @Test
    void sessionMatchesTheTranscript() {
        Gtp gtp = new Gtp(7);
        StringBuilder actual = new StringBuilder();
        for (String line : TRANSCRIPT.split("\n")) {
            if (line.startsWith(">")) {
                String command = line.substring(1);
                actual.append(line).append('\n');
                String response = gtp.engine.execute(command);
                if (response != null) {
                    actual.append(response);
                }
            }
        }
        assertEquals(stripTrailingSpaces(TRANSCRIPT), stripTrailingSpaces(actual.toString()));
    }

    private static String stripTrailingSpaces(String text) {
        return text.replaceAll("[ \t]+\n", "\n");
    }
}
