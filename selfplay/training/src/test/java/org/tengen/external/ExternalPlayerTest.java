package org.tengen.external;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.tengen.agent.Agent;
import org.tengen.agent.RandomAgent;
import org.tengen.agent.Referee;
import org.tengen.arena.Arena;
import org.tengen.env.features.FeatureSets;
import org.tengen.env.game.Game;
import org.tengen.env.rules.Rules;
import org.tengen.external.FakeEngine.Fault;
import org.tengen.sgf.GameRecord;

/** Matches of a random player against fake GTP engines that play well or misbehave. */
class ExternalPlayerTest {
    private static final Rules RULES = Rules.trompTaylor(5).withKomi(0.5).withMaxMoves(50);
    private static final Duration TIMEOUT = Duration.ofSeconds(20);

    /** Starts fake engines and counts them. */
    private static final class Launcher implements Supplier<GtpClient> {
        final Fault fault;
        final int faultyGenmove;
        final Duration timeout;
        final AtomicInteger started = new AtomicInteger();

        Launcher(Fault fault, int faultyGenmove, Duration timeout) {
            this.fault = fault;
            this.faultyGenmove = faultyGenmove;
            this.timeout = timeout;
        }

        @Override
        public GtpClient get() {
            started.incrementAndGet();
            return FakeEngine.start(fault, faultyGenmove, timeout);
        }
    }

    private static Arena.MatchResult play(ExternalPlayer engine, int games, int parallel, Referee referee,
                                          List<GameRecord> records) {
        try (Agent random = new RandomAgent(3)) {
            return Arena.play(random, engine, RULES, FeatureSets.byId("none"), games, parallel, referee, records::add);
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 3})
    void playsWholeGamesWithOneEnginePerSlot(int parallel) {
        Launcher launcher = new Launcher(Fault.NONE, 0, TIMEOUT);
        List<GameRecord> records = new ArrayList<>();
        try (ExternalPlayer engine = new ExternalPlayer(Optional.empty(), launcher, RULES, parallel)) {
            assertEquals("Fake 0.1", engine.name());
            Arena.MatchResult r = play(engine, 6, parallel, Referee.AREA, records);
            assertEquals(6, r.games());
            assertEquals(new ExternalPlayer.Problems(0, 0, 0, 0, 0), engine.problems());
        }
        assertEquals(parallel, launcher.started.get(), "one engine per slot, kept between games");
        for (GameRecord record : records) {
            Game game = record.history().replay();
            int moves = record.history().moveCount();
            assertTrue(game.isOver() || moves == RULES.maxMoves(),
                    () -> "games are played to the end: " + record.result() + " after " + moves);
            assertTrue(record.result().matches("[BW]\\+[0-9.]+|0|Void"), record.result());
        }
    }

    @Test
    void anEngineJoinsAfterARandomOpeningItDidNotPlay() {
        Launcher launcher = new Launcher(Fault.NONE, 0, TIMEOUT);
        List<GameRecord> records = new ArrayList<>();
        try (ExternalPlayer engine = new ExternalPlayer(Optional.empty(), launcher, RULES, 2);
             Agent random = new RandomAgent(3)) {
            Arena.MatchResult r = Arena.play(random, engine, RULES, FeatureSets.byId("none"), 4, 2,
                    new Arena.Opening(5, 1), Referee.AREA, records::add);
            assertEquals(4, r.games());
            assertEquals(new ExternalPlayer.Problems(0, 0, 0, 0, 0), engine.problems(),
                    "the engine was told the opening's moves of both colours and played on legally");
        }
        for (GameRecord record : records) {
            assertEquals(5, record.history().blackStones().size() + record.history().whiteStones().size());
        }
    }

    @Test
    void engineScoringAsksTheEngineForTheResult() {
        List<GameRecord> records = new ArrayList<>();
        try (ExternalPlayer engine = new ExternalPlayer(Optional.of("fake"), new Launcher(Fault.NONE, 0, TIMEOUT), RULES, 2)) {
            play(engine, 4, 2, engine.engineScoring(), records);
        }
        for (GameRecord record : records) {
            // The fake engine counts Tromp-Taylor area like Tengen, the position after the last move included.
            assertEquals(record.history().replay().score().result(), record.result());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"ILLEGAL", "NOT_A_MOVE", "REFUSE_GENMOVE", "RESIGN"})
    void illegalAnswersForfeitAndResignationsResignTheGame(Fault fault) {
        List<GameRecord> records = new ArrayList<>();
        ExternalPlayer.Problems problems;
        Arena.MatchResult r;
        try (ExternalPlayer engine = new ExternalPlayer(Optional.of("fake"), new Launcher(fault, 2, TIMEOUT), RULES, 2)) {
            r = play(engine, 4, 2, Referee.AREA, records);
            problems = engine.problems();
        }
        assertEquals(4, r.winsA(), "the random player wins every game");
        String reason = fault == Fault.RESIGN ? "R" : "F";
        for (GameRecord record : records) {
            String winner = record.blackPlayer().equals("fake") ? "W" : "B";
            assertEquals(winner + "+" + reason, record.result());
        }
        int expected = 4;
        assertEquals(fault == Fault.RESIGN ? new ExternalPlayer.Problems(0, 0, 0, 0, expected)
                : new ExternalPlayer.Problems(expected, 0, 0, 0, 0), problems);
    }

    @Test
    void aRefusedLegalMoveStopsTheGameWhichIsCountedAsItStands() {
        List<GameRecord> records = new ArrayList<>();
        Arena.MatchResult r;
        try (ExternalPlayer engine = new ExternalPlayer(Optional.of("fake"), new Launcher(Fault.REFUSE_PLAY, 0, TIMEOUT), RULES,
                2)) {
            r = play(engine, 4, 2, Referee.AREA, records);
            assertEquals(new ExternalPlayer.Problems(0, 4, 0, 0, 0), engine.problems());
        }
        assertEquals(4, r.games());
        for (int i = 0; i < records.size(); i++) {
            GameRecord record = records.get(i);
            assertEquals("Void", record.result(), "like a game stopped at the cap");
            // The engine refuses the first move it is told: the random player's first move as Black, or its
            // answer to the engine's first move as White.
            assertEquals(record.blackPlayer().equals("fake") ? 2 : 1, record.history().moveCount());
            double margin = record.history().replay().scoreMargin();
            double expected = margin == 0 ? 0.5 : (margin > 0) == record.blackPlayer().equals("random") ? 1 : 0;
            assertEquals(expected, r.results().get(i).scoreA());
        }
    }

    @Test
    void aCrashedEngineForfeitsItsGameAndIsReplacedForTheNext() {
        Launcher launcher = new Launcher(Fault.CRASH, 3, TIMEOUT);
        List<GameRecord> records = new ArrayList<>();
        try (ExternalPlayer engine = new ExternalPlayer(Optional.of("fake"), launcher, RULES, 1)) {
            // Every engine crashes at its third move, so each game is forfeited; the moves in between reset the
            // count of failures in a row.
            Arena.MatchResult r = play(engine, 4, 1, Referee.AREA, records);
            assertEquals(4, r.winsA());
            assertEquals(new ExternalPlayer.Problems(0, 0, 4, 3, 0), engine.problems());
        }
        assertEquals(4, launcher.started.get());
        assertTrue(records.stream().allMatch(g -> g.result().endsWith("+F") && g.history().moveCount() >= 4));
    }

    @Test
    void aHungEngineTimesOutAndRepeatedFailuresStopTheMatch() {
        Launcher launcher = new Launcher(Fault.HANG, 1, Duration.ofMillis(200));
        try (ExternalPlayer engine = new ExternalPlayer(Optional.of("fake"), launcher, RULES, 1)) {
            IllegalStateException e = assertThrows(IllegalStateException.class,
                    () -> play(engine, 10, 1, Referee.AREA, new ArrayList<>()));
            assertEquals("fake failed 3 times in a row, stopping the match; last: GTP engine 'fake hang': no answer "
                    + "to 'genmove w' within 0.2 s", e.getMessage());
            assertEquals(new ExternalPlayer.Problems(0, 0, 3, 2, 0), engine.problems());
        }
    }

    @Test
    void anEngineThatRefusesTheBoardStopsTheMatchAtOnce() {
        try (ExternalPlayer engine = new ExternalPlayer(Optional.of("fake"), new Launcher(Fault.REFUSE_BOARDSIZE, 0, TIMEOUT),
                RULES, 1)) {
            IllegalStateException e = assertThrows(IllegalStateException.class,
                    () -> play(engine, 2, 1, Referee.AREA, new ArrayList<>()));
            assertEquals("GTP engine 'fake refuse_boardsize' refused 'boardsize 5': not today (needed for "
                    + RULES.describe() + ")", e.getMessage());
        }
    }

    @Test
    void rectangularBoardsAreRejected() {
        Launcher launcher = new Launcher(Fault.NONE, 0, TIMEOUT);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new ExternalPlayer(Optional.of("fake"), launcher, Rules.trompTaylor(5, 4), 1));
        assertTrue(e.getMessage().startsWith("external engines play square boards without handicap"), e.getMessage());
        assertEquals(0, launcher.started.get());
    }
}
