package org.tengen.env.game;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.tengen.env.board.Stone;
import org.tengen.env.rules.HandicapLayout;
import org.tengen.env.rules.Preset;
import org.tengen.env.rules.Rules;
import org.tengen.env.testutil.Positions;

/** What distinguishes the presets: how the game ends, pass prisoners, handicap placement and compensation. */
class PresetTest {

    /** AGA: two consecutive passes end the game only when White passed last (handicap games start with White). */
    @ParameterizedTest(name = "{0} handicap {1}: {2} -> {3}")
    @CsvSource({
        "aga, 0, pass pass, ENDED_BY_PASSES", "aga, 0, D4 pass pass, PLAYING", "aga, 0, D4 pass pass pass, ENDED_BY_PASSES",
        "aga, 2, pass pass, PLAYING", "aga, 2, pass pass pass, ENDED_BY_PASSES",
        "tromp-taylor, 0, D4 pass pass, ENDED_BY_PASSES", "nz, 0, D4 pass pass, ENDED_BY_PASSES",
        "chinese, 0, D4 pass pass, ENDED_BY_PASSES", "simple-ko, 0, D4 pass pass, ENDED_BY_PASSES",
        "tromp-taylor, 0, pass D4 pass, PLAYING"})
    void twoPassesEndTheGame(String preset, int handicap, String moves, Status expected) {
        Game game = Positions.play(new Game(Preset.byName(preset).rules(9, 9, handicap)), moves);
        assertEquals(expected, game.status());
    }

    /** AGA: each pass hands the opponent a prisoner, reported with the captures in the score. */
    @ParameterizedTest(name = "{0}: {1}")
    @CsvSource({"aga, D4 pass pass pass, 2, 1", "aga, pass pass, 1, 1", "tromp-taylor, D4 pass pass, 0, 0",
        "nz, D4 pass pass, 0, 0"})
    void passesGivePrisonersOnlyUnderAga(String preset, String moves, int blackPrisoners, int whitePrisoners) {
        Game game = Positions.play(new Game(Preset.byName(preset).rules(9, 9)), moves);
        assertEquals(Status.ENDED_BY_PASSES, game.status());
        assertEquals(blackPrisoners, game.score().blackPrisoners());
        assertEquals(whitePrisoners, game.score().whitePrisoners());
    }

    /** AGA handicap on 19x19: the GTP fixed_handicap vertices in GTP order, komi 0.5 plus n-1 points, White first. */
    @ParameterizedTest(name = "{0} stones")
    @CsvSource({
        "2, D4 Q16", "3, D4 Q16 D16", "4, D4 Q16 D16 Q4", "5, D4 Q16 D16 Q4 K10", "6, D4 Q16 D16 Q4 D10 Q10",
        "7, D4 Q16 D16 Q4 D10 Q10 K10", "8, D4 Q16 D16 Q4 D10 Q10 K4 K16", "9, D4 Q16 D16 Q4 D10 Q10 K4 K16 K10"})
    void agaHandicapStonesSitOnTheGtpPoints(int stones, String vertices) {
        assertEquals(vertices, Arrays.stream(HandicapLayout.points(19, 19, stones))
                .map(p -> Vertex.format(p[0], p[1], 19)).collect(Collectors.joining(" ")));
        Game game = new Game(Preset.AGA.rules(19, 19, stones));
        List<String> expected = List.of(vertices.split(" "));
        for (int a = 0; a < game.passAction(); a++) {
            int colour = game.board().colour(game.board().locOfAction(a));
            String vertex = Vertex.format(a % 19, a / 19, 19);
            assertEquals(expected.contains(vertex) ? Stone.BLACK : Stone.EMPTY, colour, vertex);
        }
        assertEquals(Stone.WHITE, game.toMove());
        assertEquals(0, game.turns());
        assertEquals(0.5, game.rules().komi());
        assertEquals(0.5 + stones - 1, game.score().komi());
    }

    /**
     * Handicap by moves: Black plays n stones in a row (free placement), or with White passing in between (NZ);
     * then White moves. Compensation: none (Tromp-Taylor, NZ) or n points (Chinese).
     */
    @ParameterizedTest(name = "{0} {1}x{1} with {2} stones")
    @CsvSource({"tromp-taylor, 9, 3, 3, 7.5", "chinese, 19, 4, 4, 4.5", "nz, 9, 3, 5, 0.0", "nz, 9, 2, 3, 0.0"})
    void handicapStonesArePlayedBeforeWhiteMoves(String preset, int size, int stones, int turns, double komi) {
        Game game = new Game(Preset.byName(preset).rules(size, size, stones));
        assertEquals(Stone.BLACK, game.toMove());
        String[] points = {"C3", "D4", "E5", "F6"};
        for (int i = 0; i < stones; i++) {
            game.play(Positions.action(game, points[i]));
            assertEquals(i < stones - 1 ? Stone.BLACK : Stone.WHITE, game.toMove(), "after stone " + (i + 1));
        }
        assertEquals(turns, game.turns(), "turns, automatic White passes included");
        assertEquals(stones, game.board().stoneCount());
        assertEquals(komi, game.score().komi());
        assertEquals(Status.PLAYING, game.status());
    }

    @ParameterizedTest
    @CsvSource({"Tromp_Taylor, TROMP_TAYLOR", " AGA , AGA", "nz, NZ", "Chinese, CHINESE", "SIMPLE-KO, SIMPLE_KO"})
    void presetNamesAreForgiving(String name, Preset expected) {
        assertEquals(expected, Preset.byName(name));
        assertEquals(expected.rules(9, 9), Rules.preset(name, 9, 9));
    }
}
