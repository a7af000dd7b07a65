package org.tengen.env.game;

import org.tengen.env.board.Board;
import org.tengen.env.board.Stone;
import org.tengen.env.rules.HandicapLayout;
import org.tengen.env.rules.HandicapPlacement;
import org.tengen.env.rules.KoRule;
import org.tengen.env.rules.Rules;

/**
 * One game under a {@link Rules}: the board plus everything the rules need beyond it (player to move, superko
 * history, passes, handicap phase, resignation, turn cap) and area scoring; it owns the ring of recent positions that
 * encoders read ({@link RecentPositions}) and the log of its moves ({@link MoveLog}) that {@link #history()} reads.
 *
 * <p>Actions are row-major points {@code y * width + x} ({@code y = 0} is the top row) and pass =
 * {@code width * height}. Playing, legality checks and copying allocate nothing; the superko history and the move
 * log grow only when they need more capacity.
 */
public final class Game {
    private final Rules rules;
    private final Board board;
    private final AreaScorer scorer;
    /** Colourings (positional superko) or colourings with the player to move (situational superko) seen so far. */
    private final SuperkoHistory superko;
    private final int passAction;
    private int toMove;
    private int consecutivePasses;
    private int lastPlayer;
    private int lastAction;
    private int turns;
    /** Handicap turns still owed: free Black moves (FREE) or White passes to insert (WHITE_PASSES). */
    private int handicapLeft;
    private final int[] passPrisoners = new int[3];
    private Status status;
    private int resigned;
    /** The last few positions, for {@link #pastColour}, {@link #pastRowBits} and {@link #pastChange}. */
    private final RecentPositions recent;
    /**
     * Scratch for {@link #legalMask}: {@link Board#scanMoves}'s bitboards; the first, plain moves at the start,
     * ends up holding the legal points.
     */
    private final long[] moves;
    /** Scratch for {@link #legalMask}: zeroed on each call, the bits of the all-false mask it starts from. */
    private final long[] noPoints;
    /** The start and every move, for {@link #history()}. */
    private final MoveLog log = new MoveLog();

    /**
     * A game that remembers the last {@value #DEFAULT_KEPT_POSITIONS} positions for feature encoders.
     *
     * @param rules the game's rules, board size included
     */
    public Game(Rules rules) {
        this(rules, DEFAULT_KEPT_POSITIONS);
    }

    /** Default number of recent positions kept for {@link #pastColour}: AlphaZero's 8. */
    public static final int DEFAULT_KEPT_POSITIONS = 8;

    /**
     * A game that remembers the last {@code keptPositions} positions for {@link #pastColour}.
     *
     * @param rules         the game's rules, board size included
     * @param keptPositions at least 1: the current position
     */
    public Game(Rules rules, int keptPositions) {
        this.rules = rules;
        this.board = new Board(rules.width(), rules.height());
        this.scorer = new AreaScorer(board);
        this.superko = new SuperkoHistory(rules.area(), rules.koRule() == KoRule.SIMPLE ? 16 : 4 * rules.area(),
                board.bitWords());
        this.passAction = rules.passAction();
        this.recent = new RecentPositions(board, keptPositions);
        this.moves = new long[Board.MOVE_BLOCKS * board.bitWords()];
        this.noPoints = new long[board.bitWords()];
        reset();
    }

    /** Back to the start: empty board (plus fixed handicap stones), Black to move unless handicap says White. */
    public void reset() {
        board.clear();
        superko.clear();
        toMove = Stone.BLACK;
        consecutivePasses = 0;
        lastPlayer = Stone.EMPTY;
        lastAction = -1;
        turns = 0;
        passPrisoners[Stone.BLACK] = 0;
        passPrisoners[Stone.WHITE] = 0;
        status = Status.PLAYING;
        resigned = Stone.EMPTY;
        handicapLeft = 0;
        if (rules.isHandicapGame()) {
            switch (rules.placement()) {
                case FIXED -> {
                    for (int[] p : HandicapLayout.points(rules.width(), rules.height(), rules.handicap())) {
                        board.placeStone(board.loc(p[0], p[1]), Stone.BLACK);
                    }
                    toMove = Stone.WHITE;
                }
                case FREE -> handicapLeft = rules.handicap() - 1;
                case WHITE_PASSES -> handicapLeft = rules.handicap() - 1;
            }
        }
        recent.clear();
        remember();
        log.startAtRules(toMove);
    }

    /**
     * Replaces the starting position with set-up stones (SGF {@code AB}/{@code AW}, GTP {@code
     * set_free_handicap}): clears the board, places the stones without captures, makes {@code toMove} the player
     * to move and records the position as the start of the superko and recent-position histories. Allowed only
     * before the first turn. The stones stand for any handicap the rules still owed (no extra free moves or White
     * passes follow); handicap komi still comes from the rules. {@link #reset()} returns to the rules' own start.
     *
     * @param blackActions the black stones, as point actions
     * @param whiteActions the white stones, as point actions
     * @param toMove       the player to move after them
     * @throws IllegalArgumentException if an action is not a point, a point is given twice, a chain would be left
     *                                  without liberties, or {@code toMove} is not BLACK or WHITE; the game is then
     *                                  back at the rules' own start
     * @throws IllegalStateException    if a turn has been played or the game is over
     */
    public void setUpStones(int[] blackActions, int[] whiteActions, int toMove) {
        if (turns > 0 || status != Status.PLAYING) {
            throw new IllegalStateException("set-up stones are only allowed before the first turn");
        }
        if (toMove != Stone.BLACK && toMove != Stone.WHITE) {
            throw new IllegalArgumentException("the player to move must be black or white, got " + toMove);
        }
        board.clear();
        superko.clear();
        try {
            for (int colour = Stone.BLACK; colour <= Stone.WHITE; colour++) {
                for (int action : colour == Stone.BLACK ? blackActions : whiteActions) {
                    if (action < 0 || action >= passAction) {
                        throw new IllegalArgumentException("set-up stone " + describeAction(action)
                                + " is not a point of the board");
                    }
                    board.placeStone(board.locOfAction(action), colour);
                }
            }
        } catch (IllegalArgumentException e) {
            reset();
            throw e;
        }
        this.toMove = toMove;
        handicapLeft = 0;
        recent.clear();
        remember();
        log.startAtSetUp(blackActions, whiteActions, toMove);
    }

    /**
     * Makes this game equal to {@code other}, history included.
     *
     * @param other a game with the same rules and the same number of kept positions
     */
    public void copyFrom(Game other) {
        if (!other.rules.equals(rules)) {
            throw new IllegalArgumentException("cannot copy a game with other rules");
        }
        board.copyFrom(other.board);
        superko.copyFrom(other.superko);
        toMove = other.toMove;
        consecutivePasses = other.consecutivePasses;
        lastPlayer = other.lastPlayer;
        lastAction = other.lastAction;
        turns = other.turns;
        handicapLeft = other.handicapLeft;
        passPrisoners[Stone.BLACK] = other.passPrisoners[Stone.BLACK];
        passPrisoners[Stone.WHITE] = other.passPrisoners[Stone.WHITE];
        status = other.status;
        resigned = other.resigned;
        recent.copyFrom(other.recent);
        log.copyFrom(other.log);
    }

    /** {@return a fresh copy} (allocates; for search roots and undo stacks, not hot loops) */
    public Game copy() {
        Game g = new Game(rules, recent.kept());
        g.copyFrom(this);
        return g;
    }

    /** {@return the game's rules} */
    public Rules rules() {
        return rules;
    }

    /** {@return the board, for reading}: changing it directly bypasses the rules and the history. */
    public Board board() {
        return board;
    }

    /** {@return the player to move}: {@link Stone#BLACK} or {@link Stone#WHITE} */
    public int toMove() {
        return toMove;
    }

    /**
     * Makes {@code player} the player to move without a turn being played, for front ends such as GTP that let
     * either colour move at any time. Switching player lifts the simple-ko ban (it binds only the player who was
     * to move) and, under situational superko, records the new situation. Passes, turns and the handicap phase are
     * left alone. Does nothing when {@code player} is already to move.
     *
     * <p>Not recorded in the {@link #history()} by itself: the history knows a switch through the player of the
     * next move ({@link #playAs} switches and plays in one step).
     *
     * @param player {@link Stone#BLACK} or {@link Stone#WHITE}
     */
    public void setToMove(int player) {
        if (player != Stone.BLACK && player != Stone.WHITE) {
            throw new IllegalArgumentException("only black or white can move, got " + player);
        }
        if (player == toMove) {
            return;
        }
        toMove = player;
        board.pass();
        if (rules.koRule() == KoRule.SITUATIONAL_SUPERKO) {
            superko.record(board.hash() ^ Board.sideToMoveKey(toMove), board);
        }
    }

    /** {@return whether the game is on, and if not, how it ended} */
    public Status status() {
        return status;
    }

    /**
     * Lets play go on after the game ended by passes, for front ends where the controller decides when a game is
     * over (GTP: a KGS cleanup phase after a dispute over dead stones plays on). The status is PLAYING again and the
     * pass count starts over, so two more passes end it; passes already played keep their effects (prisoners under
     * AGA, history). Does nothing unless the game ended by passes.
     *
     * <p>Not recorded in the {@link #history()} by itself: a stone played next replays as resuming, as
     * {@link #playAs} plays it, but a pass played next replays as a pass after the end. For a copy to look at or
     * search from (GTP's view of a player moving after the end), not for a game whose history is kept.
     */
    public void resume() {
        if (status == Status.ENDED_BY_PASSES) {
            status = Status.PLAYING;
            consecutivePasses = 0;
        }
    }

    /** {@return whether the game is over}, however it ended */
    public boolean isOver() {
        return status != Status.PLAYING;
    }

    /** {@return the turns played}: moves and passes, handicap moves and NZ handicap passes included */
    public int turns() {
        return turns;
    }

    /** {@return the last action played, or -1 at the start} */
    public int lastAction() {
        return lastAction;
    }

    /** {@return the player who played the last action, or EMPTY at the start} */
    public int lastPlayer() {
        return lastPlayer;
    }

    /** {@return the passes played since the last stone}: two end the game */
    public int consecutivePasses() {
        return consecutivePasses;
    }

    /** {@return the player who resigned, or EMPTY} */
    public int resignedPlayer() {
        return resigned;
    }

    /** {@return the pass action}: the board's area, after every point */
    public int passAction() {
        return passAction;
    }

    /** {@return how many recent positions {@link #pastColour} can reach back} (at least 1: the current one) */
    public int keptPositions() {
        return recent.kept();
    }

    /**
     * The colour of {@code loc} {@code k} turns ago ({@code k = 0}: now). Before the start of the game, or beyond
     * {@link #keptPositions()}, every point reads EMPTY (AlphaZero pads history with empty boards).
     *
     * @param k   turns ago
     * @param loc an on-board location
     * @return a {@link Stone} value
     */
    public int pastColour(int k, int loc) {
        return recent.colour(k, loc);
    }

    /**
     * Row {@code y} of the {@code colour} (BLACK or WHITE) stones {@code k} turns ago as bits, bit {@code x} for
     * column {@code x}; 0 where {@link #pastColour} reads EMPTY. Lets encoders take a row at a time.
     *
     * @param k      turns ago
     * @param colour {@link Stone#BLACK} or {@link Stone#WHITE}
     * @param y      the row, from the top
     * @return the row's bits
     */
    public long pastRowBits(int k, int colour, int y) {
        return recent.rowBits(k, colour, y);
    }

    /**
     * {@return how many positions {@link #pastColour} knows}: turns since the start plus one, at most
     * {@link #keptPositions()}
     */
    public int pastPositionCount() {
        return recent.count();
    }

    /**
     * The first location at or after {@code fromLoc} whose colour differs between the positions {@code k} and
     * {@code k + 1} turns ago, or -1; both must be known ({@code k + 1 < pastPositionCount()}). Lets encoders
     * derive one history plane from the next by patching the few points a turn changed; the scan compares
     * bitboards, 64 locations a step.
     *
     * @param k       turns ago of the newer position
     * @param fromLoc where the scan starts
     * @return the first changed location, or -1
     */
    public int pastChange(int k, int fromLoc) {
        return recent.change(k, fromLoc);
    }

    /**
     * {@return why {@code action} is or is not legal for the player to move}; cheapest checks first
     *
     * @param action any int: a point row-major, pass, or out of range
     */
    public Legality legality(int action) {
        if (status != Status.PLAYING) {
            return Legality.GAME_OVER;
        }
        if (action == passAction) {
            return Legality.LEGAL;
        }
        if (action < 0 || action > passAction) {
            return Legality.OUT_OF_RANGE;
        }
        return pointLegality(board.locOfAction(action));
    }

    /**
     * {@return whether {@code action} is legal for the player to move}
     *
     * @param action any int: a point row-major, pass, or out of range
     */
    public boolean isLegal(int action) {
        return legality(action) == Legality.LEGAL;
    }

    private Legality pointLegality(int loc) {
        if (board.colour(loc) != Stone.EMPTY) {
            return Legality.OCCUPIED;
        }
        if (loc == board.koLoc()) {
            return Legality.KO;
        }
        int effect = board.probe(loc, toMove);
        if (effect == Board.SUICIDE && !rules.suicideAllowed()) {
            return Legality.SUICIDE;
        }
        if (rules.koRule() != KoRule.SIMPLE && repeats(loc, effect, superkoSideKey())) {
            return Legality.SUPERKO;
        }
        return Legality.LEGAL;
    }

    /**
     * Whether the move the board last {@link Board#probe}d, at {@code loc} with {@code effect}, recreates a recorded
     * position. Two answers need no lookup: a stone that stays on a point where no recorded position had one makes a
     * new position (KataGo's shortcut), and a lone stone's suicide leaves the board as it stands, which is recorded,
     * so under positional superko it repeats.
     */
    private boolean repeats(int loc, int effect, long sideKey) {
        if (effect != Board.SUICIDE && !superko.heldStone(loc)) {
            return false;
        }
        if (effect == Board.SUICIDE && rules.koRule() == KoRule.POSITIONAL_SUPERKO
                && board.probedHash() == board.hash()) {
            return true;
        }
        int stonesAfter = board.probedStones();
        // No position with that many stones, no repetition: skip the lookup.
        return superko.hasStoneCount(stonesAfter) && superko.contains(board.probedHash() ^ sideKey, stonesAfter);
    }

    /** What a history key adds to the colouring hash: the next player under situational superko, else 0. */
    private long superkoSideKey() {
        return rules.koRule() == KoRule.SITUATIONAL_SUPERKO ? Board.sideToMoveKey(playerAfterMove()) : 0L;
    }

    /**
     * Writes the legal mask for the player to move: {@code mask[offset + a]} for every action {@code a}
     * (points row-major, then pass). Returns the number of legal actions. All false when the game is over.
     *
     * <p>Same answers as {@link #legality}, but faster: one pass over the board's bitboards sorts the empty points
     * ({@link Board#scanMoves}); only captures on points that once held a stone and suicides of more than the new
     * stone are looked up one by one, while the plain moves that repeat a position are found by inverting the hash
     * difference to each recorded position with one stone more than the board (usually none or a few), instead of
     * hashing every empty point.
     *
     * @param mask   receives the mask, area + 1 entries
     * @param offset where the mask starts
     * @return the number of legal actions
     */
    public int legalMask(boolean[] mask, int offset) {
        java.util.Arrays.fill(mask, offset, offset + rules.area() + 1, false);
        java.util.Arrays.fill(noPoints, 0L);
        return updateLegalMask(mask, offset, noPoints, 0);
    }

    /**
     * {@link #legalMask} for a mask that already holds a legal mask, writing only the entries that change: for
     * environments that keep one mask per game. {@code previous[from ..]} ({@link Board#bitWords()} longs) must hold
     * the points that are true in {@code mask[offset ..]} as loc-indexed bits, as this method leaves them (zeros for
     * an all-false mask); it may be another game's. A step changes a handful of points, so this writes a handful of
     * entries where {@link #legalMask} rewrites all of them. Same mask and count as {@link #legalMask}.
     *
     * @param mask     a legal mask of this size, updated
     * @param offset   where the mask starts
     * @param previous the mask's true points as bits, updated
     * @param from     where those bits start
     * @return the number of legal actions
     */
    public int updateLegalMask(boolean[] mask, int offset, long[] previous, int from) {
        boolean playing = status == Status.PLAYING;
        int count = playing ? legalPoints() : 0;
        for (int w = 0; w < board.bitWords(); w++) {
            long now = playing ? moves[w] : 0L;
            for (long changed = now ^ previous[from + w]; changed != 0; changed &= changed - 1) {
                int bit = Long.numberOfTrailingZeros(changed);
                mask[offset + board.actionOfLoc((w << 6) + bit)] = (now >>> bit & 1L) != 0;
            }
            previous[from + w] = now;
        }
        mask[offset + rules.area()] = playing;
        return playing ? count + 1 : 0;
    }

    /**
     * Sets the first block of {@link #moves} to the legal points of the player to move (the game is on); returns how
     * many. Only captures on points that held a stone in a recorded position and suicides that remove more than the
     * lone stone are probed for superko: the other captures make new positions (see {@link #repeats}), and a lone
     * stone's suicide repeats the board as it stands.
     */
    private int legalPoints() {
        int words = board.bitWords();
        int count = board.scanMoves(toMove, moves);
        KoRule koRule = rules.koRule();
        boolean banRepeats = koRule != KoRule.SIMPLE;
        long sideKey = superkoSideKey();
        if (banRepeats) {
            count -= banPlainRepeats(sideKey);
        }
        int ko = board.koLoc();
        boolean suicideAllowed = rules.suicideAllowed();
        for (int i = 0; i < words; i++) {
            long suicides = suicideAllowed ? moves[Board.SUICIDE * words + i] : 0L;
            if (koRule == KoRule.POSITIONAL_SUPERKO) {
                suicides &= ~moves[Board.LONE_SUICIDES * words + i];
            }
            long legal = moves[Board.CAPTURES * words + i] | suicides;
            if (ko != Board.NO_LOC && ko >>> 6 == i) {
                legal &= ~(1L << ko);
            }
            if (banRepeats) {
                for (long probe = legal & (superko.heldStones(i) | suicides); probe != 0; probe &= probe - 1) {
                    int loc = (i << 6) + Long.numberOfTrailingZeros(probe);
                    if (repeats(loc, board.probe(loc, toMove), sideKey)) {
                        legal &= ~(1L << loc);
                    }
                }
            }
            moves[i] |= legal;
            count += Long.bitCount(legal);
        }
        return count;
    }

    /** Clears from the plain moves in {@link #moves} those that recreate a recorded position; returns how many. */
    private int banPlainRepeats(long sideKey) {
        int banned = 0;
        long hash = board.hash() ^ sideKey;
        for (int e = superko.first(board.stoneCount() + 1); e >= 0; e = superko.next(e)) {
            int loc = Board.locOfStoneKey(superko.key(e) ^ hash, toMove);
            if (loc != Board.NO_LOC && board.onBoard(loc)) {
                long bit = 1L << loc;
                if ((moves[loc >>> 6] & bit) != 0) {
                    moves[loc >>> 6] &= ~bit;
                    banned++;
                }
            }
        }
        return banned;
    }

    /**
     * Plays {@code action} for the player to move.
     *
     * @param action a point row-major, or pass
     * @throws IllegalMoveException saying why the action is not legal
     */
    public void play(int action) {
        Legality legality = legality(action);
        if (legality != Legality.LEGAL) {
            throw new IllegalMoveException(action, legality,
                    Stone.name(toMove) + " " + describeAction(action) + " is illegal: " + legality.reason());
        }
        playLegal(action);
    }

    /**
     * Plays an action the caller already knows to be legal (e.g. from {@link #legalMask}); skips the checks.
     * Playing an illegal action this way corrupts the game.
     *
     * @param action a legal action
     */
    public void playLegal(int action) {
        int player = toMove;
        log.record(player, action);
        turn(action, player);
        if (status == Status.PLAYING && handicapLeft > 0 && player == Stone.BLACK) {
            handicapLeft--;
            if (rules.placement() == HandicapPlacement.WHITE_PASSES) {
                toMove = Stone.WHITE;
                turn(passAction, Stone.WHITE);
            }
        }
    }

    /**
     * Plays {@code action} for {@code player} as a front end that lets either colour move at any time does (GTP),
     * and as {@link GameHistory#replay} replays every move: {@code player} becomes the player to move
     * ({@link #setToMove}), a stone after the game ended by passes resumes it ({@link #resume}), and a pass after the
     * game ended by its moves (passes, the turn cap) is recorded and changes nothing else (a controller may keep
     * passing). After a resignation or {@link #truncate()} nothing can be played.
     *
     * @param player the colour that plays
     * @param action a point row-major, or pass
     * @throws IllegalMoveException if the move is illegal; the game may then have been resumed and switched to
     *                              {@code player}, so check on a copy first where that matters
     */
    public void playAs(int player, int action) {
        if (player != Stone.BLACK && player != Stone.WHITE) {
            throw new IllegalArgumentException("only black or white can move, got " + player);
        }
        if (action == passAction && endedByMoves()) {
            log.record(player, passAction);
            return;
        }
        if (action != passAction) {
            resume();
        }
        if (status == Status.PLAYING) {
            setToMove(player);
        }
        play(action);
    }

    /** {@return the moves recorded since the start} (passes included; the passes the rules insert themselves not) */
    public int moveCount() {
        return log.count();
    }

    /**
     * The game's history: rules, start, every move recorded and how the game ended, from which
     * {@link GameHistory#replay} rebuilds this game at any move. Exact for a game changed through {@link #reset},
     * {@link #setUpStones}, {@link #play}, {@link #playLegal}, {@link #playAs}, {@link #resign} and
     * {@link #truncate}; see {@link #setToMove} and {@link #resume} for those two. Allocates; for records, undo and
     * loading, not hot loops.
     *
     * @return the history
     */
    public GameHistory history() {
        GameHistory.Ending ending = status == Status.PLAYING || endedByMoves() ? GameHistory.Ending.NONE
                : status == Status.TRUNCATED ? GameHistory.Ending.TRUNCATED
                : resigned == Stone.BLACK ? GameHistory.Ending.BLACK_RESIGNED : GameHistory.Ending.WHITE_RESIGNED;
        return log.history(rules, ending);
    }

    /** Whether the game is over by what its moves did (two passes, the turn cap), not by resignation or truncate(). */
    private boolean endedByMoves() {
        return status == Status.ENDED_BY_PASSES
                || status == Status.TRUNCATED && rules.maxMoves() > 0 && turns >= rules.maxMoves();
    }

    /** The player who moves after the player to move plays a stone (Black again during a free handicap). */
    private int playerAfterMove() {
        if (handicapLeft > 0 && toMove == Stone.BLACK && rules.placement() == HandicapPlacement.FREE) {
            return Stone.BLACK;
        }
        return Stone.opponent(toMove);
    }

    private void turn(int action, int player) {
        int next = playerAfterMove();
        if (action == passAction) {
            board.pass();
            consecutivePasses++;
            if (rules.passGivesPrisoner()) {
                passPrisoners[Stone.opponent(player)]++;
            }
        } else {
            board.play(board.locOfAction(action), player);
            consecutivePasses = 0;
        }
        lastAction = action;
        lastPlayer = player;
        turns++;
        toMove = next;
        remember();
        if (consecutivePasses >= 2 && (!rules.whitePassesLast() || player == Stone.WHITE)) {
            status = Status.ENDED_BY_PASSES;
        } else if (rules.maxMoves() > 0 && turns >= rules.maxMoves()) {
            status = Status.TRUNCATED;
        }
    }

    /** Adds the position as it stands to the recent positions and the superko history. */
    private void remember() {
        recent.remember();
        switch (rules.koRule()) {
            case POSITIONAL_SUPERKO -> superko.record(board.hash(), board);
            case SITUATIONAL_SUPERKO -> superko.record(board.hash() ^ Board.sideToMoveKey(toMove), board);
            case SIMPLE -> { }
        }
    }

    /**
     * {@code player} resigns; the game is over and the opponent wins.
     *
     * @param player the colour that resigns
     */
    public void resign(int player) {
        if (status != Status.PLAYING) {
            throw new IllegalStateException("the game is already over (" + status + ")");
        }
        if (player != Stone.BLACK && player != Stone.WHITE) {
            throw new IllegalArgumentException("only black or white can resign");
        }
        resigned = player;
        status = Status.RESIGNED;
    }

    /**
     * Ends a game that is still playing where it stands, as the turn cap does ({@link Status#TRUNCATED}): for a game
     * that cannot go on although nobody broke the rules (e.g. an external engine that plays other rules).
     */
    public void truncate() {
        if (status != Status.PLAYING) {
            throw new IllegalStateException("the game is already over (" + status + ")");
        }
        status = Status.TRUNCATED;
    }

    /** {@return the area count of the current position} with the rules' komi (handicap compensation included) */
    public Score score() {
        scorer.count();
        return new Score(scorer.blackArea(), scorer.whiteArea(), rules.effectiveKomi(),
                board.captures(Stone.BLACK) + passPrisoners[Stone.BLACK],
                board.captures(Stone.WHITE) + passPrisoners[Stone.WHITE]);
    }

    /** {@return Black's area minus White's area and komi}, without allocating */
    public double scoreMargin() {
        scorer.count();
        return scorer.blackArea() - scorer.whiteArea() - rules.effectiveKomi();
    }

    /**
     * The winner once the game is over: the opponent of a resigner, else by area count. A truncated game is counted
     * as it stands.
     *
     * @return {@link Stone#BLACK} or {@link Stone#WHITE}; EMPTY for a tie or a game still playing
     */
    public int winner() {
        if (status == Status.PLAYING) {
            return Stone.EMPTY;
        }
        if (status == Status.RESIGNED) {
            return Stone.opponent(resigned);
        }
        double m = scoreMargin();
        return m > 0 ? Stone.BLACK : m < 0 ? Stone.WHITE : Stone.EMPTY;
    }

    /**
     * Writes area ownership from Black's point of view into {@code out[offset + action]} for every point:
     * +1 Black's (stone or region reaching only black), -1 White's, 0 neutral.
     *
     * @param out    receives the ownership, area entries
     * @param offset where they start
     */
    public void ownership(float[] out, int offset) {
        scorer.count();
        int a = 0;
        for (int y = 0; y < rules.height(); y++) {
            for (int x = 0; x < rules.width(); x++, a++) {
                int o = scorer.owner(board.loc(x, y));
                out[offset + a] = o == Stone.BLACK ? 1f : o == Stone.WHITE ? -1f : 0f;
            }
        }
    }

    /**
     * {@return a human-readable action}: {@code pass}, or the point as {@code (x,y)} and GTP vertex, e.g. {@code D4}
     *
     * @param action a point row-major, or pass
     */
    public String describeAction(int action) {
        if (action == passAction) {
            return "pass";
        }
        if (action < 0 || action > passAction) {
            return "action " + action + " (valid: 0.." + passAction + ")";
        }
        int x = action % rules.width();
        int y = action / rules.width();
        return "action " + action + " " + Vertex.format(x, y, rules.height());
    }

    @Override
    public String toString() {
        return board + Stone.name(toMove) + " to move, turn " + turns + ", " + status;
    }
}
