package org.tengen.env.game;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;
import org.tengen.env.board.Stone;
import org.tengen.env.game.GameHistory.Ending;
import org.tengen.env.game.GameHistory.Move;
import org.tengen.env.rules.HandicapPlacement;
import org.tengen.env.rules.KoRule;
import org.tengen.env.rules.Preset;
import org.tengen.env.rules.Rules;
import org.tengen.env.testutil.Fixtures;
import org.tengen.env.testutil.Positions;

/** A game's history replays to the very game at every move: position, superko state, player, status, ending. */
class GameHistoryTest {

    /** Everything a game holds that play can reach, compared; the legal masks carry the ko and superko bans. */
    private static void assertSameGame(Game expected, Game actual, String where) {
        assertEquals(expected.board().toString(), actual.board().toString(), where);
        assertEquals(expected.board().hash(), actual.board().hash(), where);
        assertEquals(expected.board().koLoc(), actual.board().koLoc(), where);
        assertEquals(expected.toMove(), actual.toMove(), where);
        assertEquals(expected.status(), actual.status(), where);
        assertEquals(expected.resignedPlayer(), actual.resignedPlayer(), where);
        assertEquals(expected.turns(), actual.turns(), where);
        assertEquals(expected.moveCount(), actual.moveCount(), where);
        assertEquals(expected.consecutivePasses(), actual.consecutivePasses(), where);
        assertEquals(expected.lastAction(), actual.lastAction(), where);
        assertEquals(expected.lastPlayer(), actual.lastPlayer(), where);
        assertEquals(expected.score(), actual.score(), where);
        assertEquals(expected.pastPositionCount(), actual.pastPositionCount(), where);
        for (int k = 0; k < expected.pastPositionCount(); k++) {
            for (int loc = 0; loc < expected.board().locCount(); loc++) {
                assertEquals(expected.pastColour(k, loc), actual.pastColour(k, loc), where + ", " + k + " turns ago");
            }
        }
        // Both colours: a move out of turn must meet the same bans.
        for (int player : new int[] {Stone.BLACK, Stone.WHITE}) {
            Game e = expected.copy();
            Game a = actual.copy();
            if (!e.isOver()) {
                e.setToMove(player);
                a.setToMove(player);
            }
            boolean[] me = new boolean[expected.rules().actionCount()];
            boolean[] ma = new boolean[me.length];
            e.legalMask(me, 0);
            a.legalMask(ma, 0);
            assertArrayEquals(me, ma, where + ": legal moves of " + Stone.name(player) + ", superko bans included");
        }
    }

    /** A random legal action for the player to move, or pass. */
    private static int randomAction(Game game, SplittableRandom random, boolean[] mask) {
        int n = game.legalMask(mask, 0);
        int pick = random.nextInt(n);
        int a = 0;
        while (!mask[a] || pick-- > 0) {
            a++;
        }
        return a;
    }

    /**
     * Random games, some from set-up stones, under every handicap placement and ko rule: now and then a move out of
     * turn, a stone after two passes (which resumes the game), a pass after the end; at the end a resignation or a
     * truncation. The history replays every intermediate game exactly, and copies carry the history.
     */
    @ParameterizedTest(name = "{0} handicap {1} {2}, seed {3}")
    @CsvSource({"tromp-taylor, 0, FREE, 1", "tromp-taylor, 0, FREE, 2", "aga, 3, FIXED, 3", "nz, 3, WHITE_PASSES, 4",
        "chinese, 2, FREE, 5", "simple-ko, 0, FREE, 6", "tromp-taylor, 2, WHITE_PASSES, 7", "aga, 2, FIXED, 8",
        "tromp-taylor, 0, FREE, 9", "nz, 0, FREE, 10"})
    void replayToEveryMoveGivesTheGameAsPlayed(String preset, int handicap, HandicapPlacement placement, long seed) {
        Rules rules = Preset.byName(preset).rules(7, 7);
        if (handicap > 0) {
            rules = rules.withHandicap(handicap, placement);
        }
        SplittableRandom random = new SplittableRandom(seed);
        Game game = new Game(rules);
        if (seed % 2 == 0 && handicap == 0) {
            game.setUpStones(new int[] {8, 6}, new int[] {24}, Stone.WHITE);
        }
        List<Game> positions = new ArrayList<>();
        positions.add(game.copy());
        boolean[] mask = new boolean[rules.actionCount()];
        int resumptions = 0;
        while (game.moveCount() < 150) {
            if (game.isOver()) {
                if (game.status() != Status.ENDED_BY_PASSES || resumptions++ == 3) {
                    break;
                }
                // A controller passes after the end, then plays on (a KGS cleanup phase).
                game.playAs(random.nextBoolean() ? Stone.BLACK : Stone.WHITE, rules.passAction());
                positions.add(game.copy());
                Game view = game.copy();
                view.resume();
                int player = random.nextBoolean() ? Stone.BLACK : Stone.WHITE;
                view.setToMove(player);
                int a = randomAction(view, random, mask);
                if (a == rules.passAction()) {
                    break;
                }
                game.playAs(player, a);
            } else if (random.nextInt(8) == 0) {
                // Out of turn, as GTP allows.
                int player = Stone.opponent(game.toMove());
                Game view = game.copy();
                view.setToMove(player);
                game.playAs(player, randomAction(view, random, mask));
            } else {
                game.play(randomAction(game, random, mask));
            }
            positions.add(game.copy());
        }
        if (!game.isOver()) {
            switch ((int) (seed % 3)) {
                case 0 -> game.resign(Stone.BLACK);
                case 1 -> game.truncate();
                default -> game.resign(Stone.WHITE);
            }
        }
        positions.add(game.copy());
        GameHistory history = game.history();
        assertEquals(game.moveCount(), history.moveCount());
        for (int k = 0; k < positions.size(); k++) {
            Game expected = positions.get(k);
            GameHistory h = expected.history();
            assertEquals(history.moves().subList(0, h.moveCount()), h.moves(), "copies carry the history");
            assertSameGame(expected, h.replay(), "position " + k + " replayed from its own history");
            assertEquals(h, h.replay().history(), "position " + k + ": history of the replay");
        }
        assertSameGame(game, history.replay(), "the end");
        for (int n = 0; n <= history.moveCount(); n++) {
            assertEquals(n, history.replay(n).moveCount());
        }
    }

    /** The moves a rules preset's start and handicap make: the history starts where the rules start. */
    @ParameterizedTest
    @EnumSource(HandicapPlacement.class)
    void handicapStartsReplay(HandicapPlacement placement) {
        Rules rules = Rules.trompTaylor(9).withHandicap(3, placement);
        Game game = new Game(rules);
        GameHistory start = game.history();
        assertEquals(GameHistory.start(rules), start);
        assertFalse(start.setUp());
        assertEquals(placement == HandicapPlacement.FIXED ? 3 : 0, start.blackStones().size());
        game.play(0);
        game.play(1);
        game.play(9);
        assertEquals(3, game.history().moveCount(), "the passes the rules insert are not moves");
        assertSameGame(game, game.history().replay(), placement.name());
        // Set-up stones stand for the handicap: no free moves or White passes follow.
        Game setUp = new Game(rules);
        setUp.setUpStones(new int[] {10, 20, 30}, new int[0], Stone.WHITE);
        assertTrue(setUp.history().setUp());
        setUp.play(40);
        assertSameGame(setUp, setUp.history().replay(), placement.name() + " set up");
    }

    /** Triple ko: the replayed game bans the repetition as the game did, under either superko. */
    @ParameterizedTest
    @EnumSource(KoRule.class)
    void superkoBansReplay(KoRule ko) {
        Game game = Fixtures.tripleKoBeforeTheRepetition(Rules.trompTaylor(14, 3).withKoRule(ko));
        int repeat = Positions.action(game, Fixtures.TRIPLE_KO_REPEAT);
        Game replayed = game.history().replay();
        assertEquals(ko == KoRule.SIMPLE ? Legality.LEGAL : Legality.SUPERKO, replayed.legality(repeat));
        assertSameGame(game, replayed, ko.name());
    }

    @Test
    void anOpeningOfStonesBecomesSetUpAndTheGameEndsTheSame() {
        Rules rules = Rules.trompTaylor(5).withKomi(0.5);
        Game game = new Game(rules, 1);
        for (int a : new int[] {6, 18, 8, 16, 12, 7, rules.passAction(), rules.passAction()}) {
            game.play(a);
        }
        GameHistory opened = game.history().openingAsSetup(4);
        assertEquals(List.of(6, 8), opened.blackStones());
        assertEquals(List.of(16, 18), opened.whiteStones());
        assertEquals(Stone.BLACK, opened.firstPlayer());
        assertEquals(4, opened.moveCount());
        Game replayed = opened.replay();
        assertEquals(game.board().toString(), replayed.board().toString());
        assertEquals(game.status(), replayed.status());
        assertEquals(game.scoreMargin(), replayed.scoreMargin());
        assertEquals(Stone.WHITE, game.history().openingAsSetup(5).firstPlayer());

        Game capture = new Game(rules, 1);
        for (int a : new int[] {1, 0, 5}) {
            capture.play(a);
        }
        assertThrows(IllegalArgumentException.class, () -> capture.history().openingAsSetup(3),
                "a capture cannot become set-up");
        assertThrows(IllegalArgumentException.class, () -> game.history().openingAsSetup(8), "nor can a pass");
    }

    @Test
    void aResignationIsTheEndingNotAMove() {
        Game game = new Game(Rules.trompTaylor(5));
        game.play(12);
        game.resign(Stone.WHITE);
        GameHistory history = game.history();
        assertEquals(List.of(new Move(Stone.BLACK, 12)), history.moves());
        assertEquals(Ending.WHITE_RESIGNED, history.ending());
        assertEquals(Status.RESIGNED, history.replay().status());
        assertEquals(Stone.BLACK, history.replay().winner());
        assertEquals(Status.PLAYING, history.replay(0).status());
        assertEquals(Ending.NONE, history.truncated(0).ending(), "undoing the move undoes the resignation");
        assertThrows(IllegalMoveException.class, () -> game.playAs(Stone.BLACK, game.passAction()),
                "nothing is played after a resignation");
        Game capped = new Game(Rules.trompTaylor(5).withMaxMoves(1));
        capped.play(12);
        assertEquals(Ending.NONE, capped.history().ending(), "the turn cap follows from the moves");
        assertEquals(Status.TRUNCATED, capped.history().replay().status());
    }

    /**
     * A White pass right after one the rules inserted (NZ handicap) is a real move when GTP plays it out of turn: it
     * ends the game, and so does its replay.
     */
    @Test
    void aWhitePassAfterAnInsertedPassIsAMove() {
        Game game = new Game(Preset.NZ.rules(9, 9, 3));
        game.play(10);
        assertEquals(Stone.BLACK, game.toMove());
        game.playAs(Stone.WHITE, game.passAction());
        assertEquals(Status.ENDED_BY_PASSES, game.status());
        assertSameGame(game, game.history().replay(), "after the white pass");
    }

    @Test
    void anIllegalMoveNamesItsNumber() {
        Rules rules = Rules.trompTaylor(5);
        GameHistory history = new GameHistory(rules, List.of(), List.of(), Stone.BLACK,
                List.of(new Move(Stone.BLACK, 12), new Move(Stone.WHITE, 12)), Ending.NONE);
        assertEquals("move 2 (white C3) is illegal: the point is occupied",
                assertThrows(IllegalArgumentException.class, history::replay).getMessage());
        assertEquals(1, history.replay(1).turns());
        assertEquals("move number 3 is outside 0..2",
                assertThrows(IllegalArgumentException.class, () -> history.replay(3)).getMessage());
    }

    @Test
    void badHistoriesAreRejected() {
        Rules rules = Rules.trompTaylor(5);
        assertEquals("set-up point C3 is both black and white", assertThrows(IllegalArgumentException.class,
                () -> new GameHistory(rules, List.of(12), List.of(12), Stone.BLACK, List.of(), Ending.NONE))
                .getMessage());
        assertEquals("black set-up stone C3 is given twice", assertThrows(IllegalArgumentException.class,
                () -> new GameHistory(rules, List.of(12, 12), List.of(), Stone.BLACK, List.of(), Ending.NONE))
                .getMessage());
        assertEquals("move 1: action 26 is neither a point of the 5x5 board nor pass",
                assertThrows(IllegalArgumentException.class, () -> new GameHistory(rules, List.of(), List.of(),
                        Stone.BLACK, List.of(new Move(Stone.BLACK, 26)), Ending.NONE)).getMessage());
        GameHistory overThenResigned = new GameHistory(rules, List.of(), List.of(), Stone.BLACK,
                List.of(new Move(Stone.BLACK, 25), new Move(Stone.WHITE, 25)), Ending.BLACK_RESIGNED);
        assertEquals("the game ended (ENDED_BY_PASSES) before its ending BLACK_RESIGNED",
                assertThrows(IllegalArgumentException.class, overThenResigned::replay).getMessage());
    }

    @Test
    void copyFromCopiesTheHistoryAndAllocatesOnlyToGrow() {
        Rules rules = Rules.trompTaylor(9);
        Game a = new Game(rules);
        for (int i = 0; i < 70; i++) {
            a.play(i);
        }
        Game b = new Game(rules);
        b.setUpStones(new int[] {80}, new int[0], Stone.WHITE);
        b.copyFrom(a);
        assertEquals(a.history(), b.history());
        b.play(75);
        assertEquals(70, a.history().moveCount(), "the copy's moves are its own");
        a.reset();
        a.copyFrom(b);
        assertEquals(b.history(), a.history());
    }
}
