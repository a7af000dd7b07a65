package org.tengen.gtp;

import java.util.Arrays;
import java.util.Locale;
import java.util.StringJoiner;
import org.tengen.env.board.Board;
import org.tengen.env.board.Stone;
import org.tengen.env.game.Game;
import org.tengen.env.rules.Rules;

/**
 * {@code final_status_list} and {@code final_score}, and the stones' status behind them and behind
 * {@code kgs-genmove_cleanup}: judged by the {@link DeadStoneJudge} ({@link StoneStatus}) and remembered per
 * position, so that the commands agree.
 */
final class FinalStatus {
    private final CurrentGame current;
    private final EngineSearch search;
    private DeadStoneJudge judge = DeadStoneJudge.byName(DeadStoneJudge.DEFAULT_NAME);
    private StoneStatus stoneStatus;
    /** The position {@link #statuses} judged last, and its answer. */
    private PositionKey judgedPosition;
    private StoneStatus.Life[] judged;

    /** A position as final status and score see it: the stones, the player to move and the rules. */
    private record PositionKey(long hash, int toMove, int turns, Rules rules) {
        static PositionKey of(Game game) {
            return new PositionKey(game.board().hash(), game.toMove(), game.turns(), game.rules());
        }
    }

    FinalStatus(CurrentGame current, EngineSearch search) {
        this.current = current;
        this.search = search;
    }

    /** Chooses what judges dead stones from now on. */
    void setJudge(DeadStoneJudge newJudge) {
        judge = newJudge;
        judgedPosition = null;
    }

    /** The chains with the requested status, one per line, each as its vertices in action order. */
    String finalStatusList(String[] args) {
        StoneStatus.Life wanted = switch (args[0].toLowerCase(Locale.ROOT)) {
            case "alive" -> StoneStatus.Life.ALIVE;
            case "dead" -> StoneStatus.Life.DEAD;
            case "seki" -> StoneStatus.Life.SEKI;
            default -> throw new GtpFailure("invalid status '" + args[0] + "' (expected alive, dead or seki)");
        };
        StoneStatus.Life[] status = statuses();
        Board board = current.game().board();
        int area = current.rules().area();
        boolean[] listed = new boolean[area];
        StringJoiner lines = new StringJoiner("\n");
        for (int a = 0; a < area; a++) {
            if (status[a] != wanted || listed[a]) {
                continue;
            }
            int chain = board.chainId(board.locOfAction(a));
            StringJoiner line = new StringJoiner(" ");
            for (int b = a; b < area; b++) {
                int loc = board.locOfAction(b);
                if (board.colour(loc) != Stone.EMPTY && board.chainId(loc) == chain) {
                    listed[b] = true;
                    line.add(current.format(b));
                }
            }
            lines.add(line.toString());
        }
        return lines.toString();
    }

    /**
     * The area count (komi and handicap compensation included): of the board as it stands when the preset counts it
     * so (Tromp-Taylor: what self-play and the referee count), else after removing the stones {@link #statuses}
     * calls dead, as GNU Go's {@code final_score} does under Chinese rules.
     */
    String finalScore(String[] args) {
        Game game = current.game();
        if (!current.preset().removesDeadStones()) {
            return game.score().result();
        }
        StoneStatus.Life[] status = statuses();
        Board board = game.board();
        Rules rules = current.rules();
        int[][] alive = new int[3][rules.area()];
        int[] count = new int[3];
        for (int a = 0; a < rules.area(); a++) {
            int colour = board.colour(board.locOfAction(a));
            if (colour != Stone.EMPTY && status[a] != StoneStatus.Life.DEAD) {
                alive[colour][count[colour]++] = a;
            }
        }
        Game counted = new Game(rules);
        counted.setUpStones(Arrays.copyOf(alive[Stone.BLACK], count[Stone.BLACK]),
                Arrays.copyOf(alive[Stone.WHITE], count[Stone.WHITE]), game.toMove());
        return counted.score().result();
    }

    /**
     * Every stone's status by the judge: the network's search-averaged ownership when it is the judge and has
     * ownership, else playouts. Remembered per position, so {@code final_status_list} and a {@code final_score} that
     * removes dead stones agree.
     */
    StoneStatus.Life[] statuses() {
        Game game = current.game();
        PositionKey key = PositionKey.of(game);
        if (!key.equals(judgedPosition)) {
            float[] owned = judge == DeadStoneJudge.NETWORK ? search.ownership(current.mover(game.toMove())) : null;
            judged = owned != null ? StoneStatus.fromOwnership(game.board(), owned) : stoneStatus().estimate(game);
            judgedPosition = key;
        }
        return judged;
    }

    private StoneStatus stoneStatus() {
        Rules rules = current.rules();
        if (stoneStatus == null || !stoneStatus.fits(rules.width(), rules.height())) {
            stoneStatus = new StoneStatus(rules.width(), rules.height());
        }
        return stoneStatus;
    }
}
