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
        Game end = record.replay();
        assertEquals(record.moves().size(), end.turns());
        GameResult result = GameResult.parse(record.result());
        if (end.status() == Status.ENDED_BY_PASSES) {
            assertEquals(GameResult.of(end), record.result(), "the stored result is the area count");
        } else {
            assertEquals(GameResult.Kind.RESIGN, result.kind());
        }
        assertTrue(end.board().stoneCount() > 0);
    }

    /** How each golden game was made: seeded random play that avoids filling its own eyes. */
    private static GameRecord make(String name) {
        SplittableRandom random = new SplittableRandom(name.hashCode());
        return switch (name) {
            case "passes-5x5" -> {
                Game game = new Game(Rules.trompTaylor(5).withKomi(0.5));
                GameRecord.Builder record = GameRecord.builder(game.history()).optPlayers("random-a", "random-b")
                        .optGameName("golden passes");
                int turn = 0;
                while (!game.isOver()) {
                    int a = move(game, random);
                    record.addMove(game.toMove(), a, turn++ % 5 == 0 ? "turn " + turn : "");
                    game.play(a);
                }
                yield record.optResult(GameResult.of(game)).build();
            }
            case "handicap-resign-9x9" -> {
                Game game = new Game(Preset.AGA.rules(9, 9).withHandicap(2, org.tengen.env.rules.HandicapPlacement.FIXED));
                GameRecord.Builder record = GameRecord.builder(game.history()).optDate("2026-11-24");
                for (int i = 0; i < 30 && !game.isOver(); i++) {
                    int a = move(game, random);
                    record.addMove(game.toMove(), a);
                    game.play(a);
                }
                game.resign(Stone.WHITE);
                yield record.optResult(GameResult.of(game)).build();
            }
            case "setup-7x7" -> {
                Game game = new Game(Rules.trompTaylor(7));
                game.setUpStones(new int[] {8, 16, 24}, new int[] {10, 18}, Stone.WHITE);
                GameRecord.Builder record = GameRecord.builder(game.history()).optComment("set-up stones, White first")
                        .optPlayers("Black [1]", "White (2)");
                while (!game.isOver()) {
                    int a = move(game, random);
                    record.addMove(game.toMove(), a);
                    game.play(a);
                }
                yield record.optResult(GameResult.of(game)).build();
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
