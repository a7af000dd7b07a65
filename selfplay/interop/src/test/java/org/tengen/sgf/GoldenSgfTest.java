package org.tengen.sgf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.tengen.env.board.Stone;
import org.tengen.env.game.Game;
import org.tengen.env.game.GameResult;
import org.tengen.env.game.Status;
import org.tengen.env.rules.Preset;
import org.tengen.env.rules.Rules;

/**
 * SGF games written by an earlier version of Tengen must read, replay and write back byte for byte. To re-make the
 * files on purpose, run with {@code -Dtengen.golden.regenerate=true} and say why in the commit.
 */
class GoldenSgfTest {
    private static final Path DIR = Path.of("src/test/resources/golden/sgf");

    @ParameterizedTest
    @ValueSource(strings = {"passes-5x5", "handicap-resign-9x9", "setup-7x7"})
    void goldenGamesReadReplayAndWriteBackIdentically(String name) throws IOException {
        Path file = DIR.resolve(name + ".sgf");
        if (Boolean.getBoolean("tengen.golden.regenerate")) {
            Files.writeString(file, GoSgf.format(make(name)));
        }
        String text = Files.readString(file);
        GameRecord record = GoSgf.parse(text);
        assertEquals(text, GoSgf.format(record), "written back");
        Game end = record.history().replay();
        assertEquals(record.history().moveCount(), end.turns());
        GameResult result = GameResult.parse(record.result());
        if (end.status() == Status.ENDED_BY_PASSES) {
            assertEquals(GameResult.of(end), record.result(), "the stored result is the area count");
        } else {
            assertEquals(GameResult.Kind.RESIGN, result.kind());
        }
        assertTrue(end.board().stoneCount() > 0);
    }

    /**
     * How each golden game was made: seeded random play that avoids filling its own eyes. (The files were written
     * by records built move by move; these build them from the finished game's history, and write the same bytes.)
     */
    private static GameRecord make(String name) {
        SplittableRandom random = new SplittableRandom(name.hashCode());
        return switch (name) {
            case "passes-5x5" -> {
                Game game = new Game(Rules.trompTaylor(5).withKomi(0.5));
                while (!game.isOver()) {
                    game.play(move(game, random));
                }
                GameRecord.Builder record = GameRecord.builder(game.history()).optPlayers("random-a", "random-b")
                        .optGameName("golden passes");
                for (int i = 0; i < game.moveCount(); i += 5) {
                    record.optMoveComment(i, "turn " + (i + 1));
                }
                yield record.optResult(GameResult.of(game)).build();
            }
            case "handicap-resign-9x9" -> {
                Game game = new Game(Preset.AGA.rules(9, 9).withHandicap(2, org.tengen.env.rules.HandicapPlacement.FIXED));
                for (int i = 0; i < 30 && !game.isOver(); i++) {
                    game.play(move(game, random));
                }
                game.resign(Stone.WHITE);
                yield GameRecord.builder(game.history()).optDate("2026-11-24").optResult(GameResult.of(game)).build();
            }
            case "setup-7x7" -> {
                Game game = new Game(Rules.trompTaylor(7));
                game.setUpStones(new int[] {8, 16, 24}, new int[] {10, 18}, Stone.WHITE);
                while (!game.isOver()) {
                    game.play(move(game, random));
                }
                yield GameRecord.builder(game.history()).optComment("set-up stones, White first")
                        .optPlayers("Black [1]", "White (2)").optResult(GameResult.of(game)).build();
            }
            default -> throw new IllegalArgumentException(name);
        };
    }

    private static int move(Game game, SplittableRandom random) {
        int area = game.rules().area();
        List<Integer> candidates = new java.util.ArrayList<>();
        for (int a = 0; a < area; a++) {
            if (game.isLegal(a) && !ownEye(game, a)) {
                candidates.add(a);
            }
        }
        return candidates.isEmpty() ? game.passAction() : candidates.get(random.nextInt(candidates.size()));
    }

    private static boolean ownEye(Game game, int action) {
        var board = game.board();
        int loc = board.locOfAction(action);
        for (int d = 0; d < 4; d++) {
            int c = board.colour(board.neighbour(loc, d));
            if (c != game.toMove() && c != Stone.WALL) {
                return false;
            }
        }
        return true;
    }
}
