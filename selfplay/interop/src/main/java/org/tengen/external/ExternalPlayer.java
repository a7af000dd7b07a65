package org.tengen.external;

import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.tengen.agent.Agent;
import org.tengen.agent.Budget;
import org.tengen.agent.Referee;
import org.tengen.env.board.Stone;
import org.tengen.env.game.Game;
import org.tengen.env.game.GameHistory;
import org.tengen.env.game.GameResult;
import org.tengen.env.game.Legality;
import org.tengen.env.game.Vertex;
import org.tengen.env.rules.Rules;

/**
 * An external GTP engine as an agent. A GTP engine plays one game at a time, so this player keeps one engine
 * process per game slot of the match: a match of {@code parallel} games at once runs that many engines, each
 * started when first needed and kept for all the games of its slot; all of them think at once.
 *
 * <p>For each new game the engine gets {@code boardsize}, {@code komi} and {@code clear_board}; before each
 * {@code genmove} it gets the opponent's last move by {@code play}, so its board follows ours. Its answer is checked
 * against the match rules: {@code resign} resigns; an illegal move, an answer that is not a move or a refused
 * {@code genmove} forfeits the game. A crashed or hung engine or malformed output also forfeits the game, and the
 * engine is replaced for the slot's next game; {@value #MAX_CONSECUTIVE_FAILURES} such failures in a row stop the
 * match with an {@link IllegalStateException}, as does a refused {@code boardsize} or {@code komi}, since the
 * engine cannot play these rules.
 *
 * <p>The engine is told nothing about ko or suicide rules: give it matching options on its command line. If it
 * refuses to {@code play} a move that is legal under the match rules (e.g. a suicide), the game
 * {@link Agent#STOP stops} and is counted as it stands: forfeiting would reward the player of a move that may
 * well be a blunder. Every forfeit and stop is logged with its reason.
 */
public final class ExternalPlayer implements Agent {
    private static final Logger LOG = LogManager.getLogger(ExternalPlayer.class);
    public static final int MAX_CONSECUTIVE_FAILURES = 3;

    /**
     * What went wrong so far.
     *
     * @param illegalMoves  games forfeited by an illegal move, an answer that is not a move or a refused genmove
     * @param refusedMoves  games stopped because the engine refused to play the opponent's legal move
     * @param failures      games forfeited by a crash, a timeout or malformed output
     * @param restarts      engines started to replace failed ones
     * @param resignations  games the engine resigned
     */
    public record Problems(int illegalMoves, int refusedMoves, int failures, int restarts, int resignations) {
        public int forfeits() {
            return illegalMoves + failures;
        }
    }

    private enum Fault { ILLEGAL, REFUSED_MOVE, FAILURE }

    /** One game slot: its engine and the game as the engine knows it. */
    private static final class Seat {
        final Game known;
        final Game scratch;
        GtpClient engine;
        boolean inGame;
        boolean failed;

        Seat(Rules rules) {
            known = new Game(rules, 1);
            scratch = new Game(rules, 1);
        }
    }

    private final String name;
    private final Supplier<GtpClient> launcher;
    private final Rules rules;
    private final Seat[] seats;
    private final boolean[] thinking;
    private int illegalMoves;
    private int refusedMoves;
    private int failures;
    private int restarts;
    private int resignations;
    private int consecutiveFailures;

    /**
     * Starts the first engine at once, so a bad command fails before the match.
     *
     * @param name     the player's name; when empty, the engine's own {@code name} and {@code version}
     * @param launcher starts an engine (called again to replace a failed one)
     * @param rules    the match rules: a square board without handicap (GTP's {@code boardsize} is square)
     * @param games    game slots, as the {@code parallel} of the match
     */
    public ExternalPlayer(Optional<String> name, Supplier<GtpClient> launcher, Rules rules, int games) {
        if (rules.width() != rules.height() || rules.isHandicapGame()) {
            throw new IllegalArgumentException("external engines play square boards without handicap, not "
                    + rules.describe());
        }
        if (games < 1) {
            throw new IllegalArgumentException("an external player needs at least one game slot, got " + games);
        }
        this.launcher = launcher;
        this.rules = rules;
        this.seats = new Seat[games];
        this.thinking = new boolean[games];
        for (int i = 0; i < games; i++) {
            seats[i] = new Seat(rules);
        }
        GtpClient first = launcher.get();
        seats[0].engine = first;
        try {
            this.name = name.isPresent() ? name.get() : engineName(first);
        } catch (RuntimeException e) {
            first.close();
            throw e;
        }
    }

    /** The engine's {@code name} and {@code version}, e.g. {@code GNU Go 3.8}. */
    private static String engineName(GtpClient engine) {
        String engineName = engine.send("name").strip();
        try {
            String version = engine.send("version").strip();
            return version.isEmpty() ? engineName : engineName + " " + version;
        } catch (GtpException e) {
            if (e.engineFailed()) {
                throw e;
            }
            return engineName;
        }
    }

    @Override
    public String name() {
        return name;
    }

    /** Counts of forfeits, restarts and resignations so far. */
    public Problems problems() {
        return new Problems(illegalMoves, refusedMoves, failures, restarts, resignations);
    }

    /** Asks every engine at once; engines do not search for us, so the budget does not apply. */
    @Override
    public void act(Game[] games, int[] actions, Budget budget) {
        if (games.length > seats.length) {
            throw new IllegalArgumentException(name + " was made for " + seats.length + " games at once, got "
                    + games.length);
        }
        // First every engine is brought up to date and asked for a move, then the answers are read: the engines
        // think at the same time.
        for (int i = 0; i < games.length; i++) {
            thinking[i] = false;
            if (games[i] == null) {
                continue;
            }
            try {
                Seat seat = seats[i];
                follow(seat, games[i]);
                seat.engine.submit("genmove " + colour(games[i].toMove()));
                thinking[i] = true;
            } catch (GtpException e) {
                actions[i] = e.engineFailed() ? giveUp(i, games[i], Fault.FAILURE, e.getMessage())
                        : giveUp(i, games[i], Fault.REFUSED_MOVE, e.getMessage() + " (a legal move under "
                        + rules.describe() + ": give the engine these rules)");
            }
        }
        for (int i = 0; i < games.length; i++) {
            if (!thinking[i]) {
                continue;
            }
            try {
                actions[i] = answer(i, games[i], seats[i].engine.await());
            } catch (GtpException e) {
                actions[i] = giveUp(i, games[i], e.engineFailed() ? Fault.FAILURE : Fault.ILLEGAL, e.getMessage());
            }
        }
    }

    /**
     * Brings the slot's engine to {@code game}: the moves it has not seen yet (the opponent's last one, or a random
     * opening's), or a new game with every move so far.
     */
    private void follow(Seat seat, Game game) {
        if (seat.engine == null) {
            seat.engine = launcher.get();
            if (seat.failed) {
                restarts++;
            }
        }
        if (seat.inGame && continues(seat, game)) {
            tell(seat, game.lastPlayer(), game.lastAction());
            return;
        }
        List<GameHistory.Move> moves = game.history().moves();
        if (game.turns() != moves.size() || game.history().setUp()) {
            throw new IllegalStateException(name + " can only join a game that started on an empty board");
        }
        setUp(seat, "boardsize " + rules.width());
        setUp(seat, "komi " + rules.komi());
        setUp(seat, "clear_board");
        seat.known.reset();
        seat.inGame = true;
        for (GameHistory.Move m : moves) {
            tell(seat, m.player(), m.action());
        }
    }

    /** Whether {@code game} is the engine's game plus one move. */
    private static boolean continues(Seat seat, Game game) {
        Game known = seat.known;
        if (game.turns() != known.turns() + 1 || game.lastPlayer() != known.toMove()
                || !known.isLegal(game.lastAction())) {
            return false;
        }
        seat.scratch.copyFrom(known);
        seat.scratch.play(game.lastAction());
        return seat.scratch.board().hash() == game.board().hash();
    }

    /** A game set-up command; a refusal means the engine cannot play these rules, which ends the match. */
    private void setUp(Seat seat, String command) {
        try {
            seat.engine.send(command);
        } catch (GtpException e) {
            if (e.engineFailed()) {
                throw e;
            }
            throw new IllegalStateException(e.getMessage() + " (needed for " + rules.describe() + ")", e);
        }
    }

    /** Plays {@code action} of {@code player} on the engine's board. */
    private void tell(Seat seat, int player, int action) {
        seat.engine.send("play " + colour(player) + " " + vertex(action));
        seat.known.play(action);
    }

    private int answer(int slot, Game game, String text) {
        String move = text.strip();
        if (move.equalsIgnoreCase("resign")) {
            resignations++;
            seats[slot].inGame = false;
            consecutiveFailures = 0;
            LOG.debug("{} resigns as {} at turn {}", name, colour(game.toMove()), game.turns() + 1);
            return RESIGN;
        }
        int action;
        try {
            action = Vertex.parse(move, rules.width(), rules.height());
        } catch (IllegalArgumentException e) {
            return giveUp(slot, game, Fault.ILLEGAL, "answered '" + move + "' to genmove, not a move: "
                    + e.getMessage());
        }
        Legality legality = game.legality(action);
        if (!legality.isLegal()) {
            return giveUp(slot, game, Fault.ILLEGAL, "played " + move + ", which the match rules forbid: "
                    + legality.reason());
        }
        seats[slot].known.play(action);
        consecutiveFailures = 0;
        return action;
    }

    /** Ends the slot's game for {@code fault}: {@link #STOP} for a refused move, else {@link #FORFEIT}. */
    private int giveUp(int slot, Game game, Fault fault, String reason) {
        Seat seat = seats[slot];
        seat.inGame = false;
        switch (fault) {
            case ILLEGAL -> illegalMoves++;
            case REFUSED_MOVE -> refusedMoves++;
            case FAILURE -> {
                failures++;
                consecutiveFailures++;
                retire(seat);
            }
        }
        LOG.warn("{} {} a game as {} at turn {}: {}{}", name, fault == Fault.REFUSED_MOVE ? "stops" : "forfeits",
                game.toMove() == Stone.BLACK ? "Black" : "White", game.turns() + 1, reason,
                fault == Fault.FAILURE ? "; a new engine will play its next game" : "");
        if (consecutiveFailures >= MAX_CONSECUTIVE_FAILURES) {
            throw new IllegalStateException(name + " failed " + consecutiveFailures
                    + " times in a row, stopping the match; last: " + reason);
        }
        return fault == Fault.REFUSED_MOVE ? STOP : FORFEIT;
    }

    /**
     * A referee asking the engine of the game's slot for {@code final_score}: its own count (GNU Go removes the
     * stones it judges dead). If the engine cannot tell, the game is counted by the match rules, with a warning.
     */
    public Referee engineScoring() {
        return (slot, game) -> {
            Seat seat = seats[slot];
            String problem;
            try {
                if (seat.engine == null || !seat.inGame || game.turns() - seat.known.turns() > 1) {
                    problem = "it does not know the game";
                } else {
                    if (game.turns() > seat.known.turns()) {
                        tell(seat, game.lastPlayer(), game.lastAction());
                    }
                    String answer = seat.engine.send("final_score").strip();
                    GameResult result = GameResult.parse(answer);
                    if (result.kind() == GameResult.Kind.POINTS || result.kind() == GameResult.Kind.DRAW) {
                        return result;
                    }
                    problem = "it answered '" + answer + "' to final_score";
                }
            } catch (GtpException e) {
                problem = e.getMessage();
                if (e.engineFailed()) {
                    failures++;
                    retire(seat);
                }
            }
            seat.inGame = false;
            String count = game.score().result();
            LOG.warn("{} could not score a game ({}); counted by the match rules instead: {}", name, problem, count);
            return GameResult.parse(count);
        };
    }

    /** Ends a failed engine; the slot's next game starts a new one. */
    private static void retire(Seat seat) {
        if (seat.engine != null) {
            seat.engine.close();
            seat.engine = null;
        }
        seat.failed = true;
    }

    private static String colour(int player) {
        return player == Stone.BLACK ? "b" : "w";
    }

    private String vertex(int action) {
        return action == rules.passAction() ? "pass"
                : Vertex.format(action % rules.width(), action / rules.width(), rules.height());
    }

    /** Ends every engine. */
    @Override
    public void close() {
        for (Seat seat : seats) {
            if (seat.engine != null) {
                seat.engine.close();
                seat.engine = null;
            }
        }
    }
}
