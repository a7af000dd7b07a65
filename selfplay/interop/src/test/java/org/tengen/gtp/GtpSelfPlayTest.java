package org.tengen.gtp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import java.util.StringJoiner;
import java.util.stream.IntStream;
import org.tengen.search.PlayoutPolicy;
import org.tengen.env.board.Board;
import org.tengen.env.board.Stone;
import org.tengen.env.game.Game;
import org.tengen.env.game.Vertex;
import org.tengen.env.rules.Preset;
import org.tengen.env.rules.Rules;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Whole random games through GTP, checked against a mirror {@link Game} fed the same moves. */
class GtpSelfPlayTest {

    private static String colour(int player) {
        return player == Stone.BLACK ? "b" : "w";
    }

    private static String vertex(Rules rules, int action) {
        return action == rules.passAction() ? "pass"
                : Vertex.format(action % rules.width(), action / rules.width(), rules.height());
    }

    /** Legal points of the player to move that are not its own single-point eyes. */
    private static int nonEyeMoves(Game game) {
        int n = 0;
        Board board = game.board();
        for (int a = 0; a < game.rules().area(); a++) {
            if (game.isLegal(a) && !PlayoutPolicy.isOwnEye(board, board.locOfAction(a), game.toMove())) {
                n++;
            }
        }
        return n;
    }

    @ParameterizedTest(name = "{0} {1}x{2}")
    @CsvSource({"tromp-taylor, 9, 9", "tromp-taylor, 19, 19", "tromp-taylor, 1, 1", "tromp-taylor, 2, 2",
        "tromp-taylor, 7, 3", "aga, 9, 9", "nz, 7, 5", "chinese, 5, 5", "simple-ko, 9, 9"})
    void randomGamesPlayToTheEndAndScore(String preset, int width, int height) {
        Rules rules = Preset.byName(preset).rules(width, height);
        Gtp gtp = new Gtp(width * 100L + height);
        gtp.ok("tengen-rules " + preset);
        gtp.ok("boardsize " + width + " " + height);
        Game mirror = new Game(rules);
        int cap = 20 * rules.area() + 100;
        while (!mirror.isOver()) {
            assertTrue(mirror.turns() < cap, "no end after " + cap + " turns");
            int player = mirror.toMove();
            int action = Vertex.parse(gtp.ok("genmove " + colour(player)), width, height);
            if (action == rules.passAction()) {
                assertEquals(0, nonEyeMoves(mirror), "passed with moves left");
            } else {
                assertFalse(PlayoutPolicy.isOwnEye(mirror.board(), mirror.board().locOfAction(action), player),
                        "filled its own eye");
            }
            mirror.play(action);
        }
        assertEquals(stones(mirror, Stone.BLACK), gtp.ok("list_stones b"));
        assertEquals(stones(mirror, Stone.WHITE), gtp.ok("list_stones w"));
        String score = gtp.ok("final_score");
        String expected = Preset.byName(preset).removesDeadStones()
                ? AreaCount.without(mirror, java.util.Set.of(gtp.ok("final_status_list dead").split("\\s+")))
                : mirror.score().result();
        assertEquals(expected, score, "the area, without the dead stones where the rules remove them");
        assertTrue(score.matches("0|[BW]\\+\\d+(\\.5)?"), score);
    }

    /**
     * Issue 24: under Tromp-Taylor, final_score removed the stones the playouts judged dead, answering B+73.5 for a
     * random 9x9 game whose board counts B+10.5. Random games with early passes leave such stones on the board; rules
     * that count the board as it stands after two passes must count them, as self-play and the referee do.
     */
    @ParameterizedTest
    @ValueSource(strings = {"tromp-taylor", "simple-ko"})
    void finalScoreCountsTheBoardAsItStandsWhereTheRulesDoNotRemoveDeadStones(String preset) {
        Rules rules = Preset.byName(preset).rules(9, 9);
        Gtp gtp = new Gtp(24);
        gtp.ok("tengen-rules " + preset);
        gtp.ok("boardsize 9");
        SplittableRandom random = new SplittableRandom(24);
        int withDeadStones = 0;
        for (int game = 0; game < 5; game++) {
            gtp.ok("clear_board");
            Game mirror = new Game(rules);
            while (!mirror.isOver()) {
                int action = randomMove(mirror, random);
                gtp.ok("play " + colour(mirror.toMove()) + " " + vertex(rules, action));
                mirror.play(action);
            }
            withDeadStones += gtp.ok("final_status_list dead").isEmpty() ? 0 : 1;
            assertEquals(mirror.score().result(), gtp.ok("final_score"), gtp.ok("showboard"));
        }
        assertTrue(withDeadStones > 0, "no game left a stone the judge calls dead: the test would prove nothing");
    }

    /** A pass one time in ten, else a uniformly random legal point; a pass when there is none. */
    private static int randomMove(Game game, SplittableRandom random) {
        int pass = game.rules().passAction();
        int[] legal = IntStream.range(0, pass).filter(game::isLegal).toArray();
        return legal.length == 0 || random.nextInt(10) == 0 ? pass : legal[random.nextInt(legal.length)];
    }

    private static String stones(Game game, int player) {
        StringJoiner out = new StringJoiner(" ");
        for (int a = 0; a < game.rules().area(); a++) {
            if (game.board().colour(game.board().locOfAction(a)) == player) {
                out.add(vertex(game.rules(), a));
            }
        }
        return out.toString();
    }

    @ParameterizedTest
    @ValueSource(strings = {"tromp-taylor", "aga", "nz", "chinese", "simple-ko"})
    void isLegalAndAllLegalAgreeWithGameForBothColours(String preset) {
        Rules rules = Preset.byName(preset).rules(5, 5);
        Gtp gtp = new Gtp(11);
        gtp.ok("tengen-rules " + preset);
        gtp.ok("boardsize 5");
        Game mirror = new Game(rules);
        SplittableRandom random = new SplittableRandom(preset.hashCode());
        while (!mirror.isOver() && mirror.turns() < 200) {
            for (int player : new int[] {Stone.BLACK, Stone.WHITE}) {
                Game view = mirror.copy();
                view.setToMove(player);
                StringJoiner legal = new StringJoiner(" ");
                for (int a = 0; a <= rules.area(); a++) {
                    String v = vertex(rules, a);
                    assertEquals(view.isLegal(a) ? "1" : "0", gtp.ok("is_legal " + colour(player) + " " + v),
                            () -> colour(player) + " " + v + " at turn " + mirror.turns() + "\n" + mirror);
                    if (a < rules.area() && view.isLegal(a)) {
                        legal.add(v);
                    }
                }
                assertEquals(legal.toString(), gtp.ok("all_legal " + colour(player)));
            }
            // One move in six out of turn.
            int player = random.nextInt(6) == 0 ? Stone.opponent(mirror.toMove()) : mirror.toMove();
            int action = Vertex.parse(gtp.ok("genmove " + colour(player)), 5, 5);
            mirror.setToMove(player);
            mirror.play(action);
        }
    }
}
