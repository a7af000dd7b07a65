package org.tengen.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.tengen.env.board.Stone;
import org.tengen.env.features.FeatureSets;
import org.tengen.env.game.Game;
import org.tengen.env.game.GameResult;
import org.tengen.env.rules.Rules;
import org.tengen.env.vec.IllegalActionPolicy;
import org.tengen.env.vec.VecEnv;
import org.tengen.env.vec.VecEnvConfig;

class GameLoopTest {
    private static final Rules RULES = Rules.trompTaylor(5).withKomi(0.5).withMaxMoves(30);

    private static VecEnv env(Rules rules, int slots) {
        return new VecEnv(new VecEnvConfig(rules, slots, FeatureSets.byId("none"), 1, IllegalActionPolicy.THROW, 0));
    }

    /** Always answers {@code action} (pass when it is {@link Integer#MAX_VALUE}). */
    private static Agent constant(String name, int action) {
        return new Agent() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public void act(Game[] games, int[] actions, Budget budget) {
                for (int i = 0; i < games.length; i++) {
                    if (games[i] != null) {
                        actions[i] = action == Integer.MAX_VALUE ? games[i].passAction() : action;
                    }
                }
            }
        };
    }

    /** Records everything the loop reports. */
    private static class Recorder implements GameLoop.Listener {
        final List<Integer> started = new ArrayList<>();
        final Map<Integer, Integer> moves = new HashMap<>();
        final Map<Integer, Integer> slotGame = new HashMap<>();
        final List<GameLoop.Finished> finished = new ArrayList<>();
        final List<Integer> finishedTurns = new ArrayList<>();

        @Override
        public void started(int index, int slot, Game game, boolean firstBlack) {
            assertEquals(0, game.turns());
            assertEquals(index % 2 == 0, firstBlack, "the first agent is Black in even games");
            started.add(index);
            slotGame.put(slot, index);
        }

        @Override
        public int moving(int slot, Game game, Agent mover, int action) {
            moves.merge(slotGame.get(slot), 1, Integer::sum);
            return action;
        }

        @Override
        public void finished(GameLoop.Finished game) {
            finished.add(game);
            finishedTurns.add(game.game().turns());
            assertEquals(slotGame.get(game.slot()), game.index());
        }
    }

    @Test
    void playsExactlyTheGamesWithAlternatingColoursAndRefillsSlots() {
        Recorder recorder = new Recorder();
        try (VecEnv env = env(RULES, 3)) {
            new GameLoop(env, new RandomAgent(1), new RandomAgent(2), Referee.AREA).play(7, recorder);
            for (int s = 0; s < 3; s++) {
                assertEquals(0, env.game(s).turns(), "an idle slot is skipped, not played");
            }
        }
        assertEquals(List.of(0, 1, 2, 3, 4, 5, 6), recorder.started);
        assertEquals(7, recorder.finished.size());
        assertEquals(List.of(0, 1, 2, 3, 4, 5, 6),
                recorder.finished.stream().map(GameLoop.Finished::index).sorted().toList());
        for (int i = 0; i < 7; i++) {
            GameLoop.Finished f = recorder.finished.get(i);
            assertEquals(f.index() % 2 == 0, f.firstBlack());
            assertEquals(recorder.moves.get(f.index()), recorder.finishedTurns.get(i), "the listener saw every move");
            assertTrue(f.ending() == GameLoop.Ending.PASSES || f.ending() == GameLoop.Ending.MOVE_CAP, f.toString());
        }
    }

    private static GameLoop.Finished one(Agent first, Agent second, Rules rules, Referee referee) {
        Recorder recorder = new Recorder();
        try (VecEnv env = env(rules, 1)) {
            new GameLoop(env, first, second, referee).play(1, recorder);
        }
        assertEquals(1, recorder.finished.size());
        return recorder.finished.get(0);
    }

    @Test
    void everyWayAGameEndsIsReported() {
        Agent passer = constant("passer", Integer.MAX_VALUE);
        GameLoop.Finished passes = one(passer, passer, RULES, Referee.AREA);
        assertEquals(GameLoop.Ending.PASSES, passes.ending());
        assertEquals("W+0.5", passes.result().toSgf());
        assertEquals(Stone.WHITE, passes.winner());
        assertEquals(0.0, passes.firstScore());

        GameLoop.Finished resigned = one(constant("r", Agent.RESIGN), passer, RULES, Referee.AREA);
        assertEquals(GameLoop.Ending.RESIGNATION, resigned.ending());
        assertEquals("W+R", resigned.result().toSgf());

        GameLoop.Finished forfeit = one(constant("f", Agent.FORFEIT), passer, RULES, Referee.AREA);
        assertEquals(GameLoop.Ending.FORFEIT, forfeit.ending());
        assertEquals("W+F", forfeit.result().toSgf());

        GameLoop.Finished stopped = one(constant("s", Agent.STOP), passer, RULES, Referee.AREA);
        assertEquals(GameLoop.Ending.STOPPED, stopped.ending());
        assertEquals(GameResult.Kind.VOID, stopped.result().kind());
        assertEquals(Stone.WHITE, stopped.winner(), "a void game's winner is the area count's");

        GameLoop.Finished capped = one(new RandomAgent(3), new RandomAgent(4), RULES.withMaxMoves(4), Referee.AREA);
        assertEquals(GameLoop.Ending.MOVE_CAP, capped.ending());
        assertEquals(4, capped.game().turns());

        Referee blackWins = (slot, game) -> new GameResult(GameResult.Kind.POINTS, Stone.BLACK, 9);
        GameLoop.Finished refereed = one(passer, passer, RULES, blackWins);
        assertEquals("B+9", refereed.result().toSgf());
        assertEquals(1.0, refereed.firstScore());
        assertEquals(GameLoop.Ending.RESIGNATION, one(constant("r", Agent.RESIGN), passer, RULES, blackWins).ending(),
                "resignations are not refereed");
    }

    @Test
    void theListenerMayChangeAMove() {
        Agent passer = constant("passer", Integer.MAX_VALUE);
        Recorder resignAtOnce = new Recorder() {
            @Override
            public int moving(int slot, Game game, Agent mover, int action) {
                return Agent.RESIGN;
            }
        };
        try (VecEnv env = env(RULES, 2)) {
            new GameLoop(env, passer, passer, Referee.AREA).play(2, resignAtOnce);
        }
        assertEquals(2, resignAtOnce.finished.size());
        resignAtOnce.finished.forEach(f -> assertEquals(GameLoop.Ending.RESIGNATION, f.ending()));
    }
}
