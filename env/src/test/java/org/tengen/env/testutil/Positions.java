package org.tengen.env.testutil;

import java.util.ArrayList;
import java.util.List;
import org.tengen.env.board.Board;
import org.tengen.env.board.Stone;
import org.tengen.env.game.Game;
import org.tengen.env.game.Vertex;
import org.tengen.env.rules.Rules;

/** Builds positions from diagrams and move lists, and converts between boards and plain colourings. */
public final class Positions {
    private Positions() {
    }

    /**
     * A game under {@code rules} that reaches {@code diagram} by real play: Black's stones and White's stones in
     * row-major order, alternating, with a pass for a side that has run out, then one more pass if needed so that
     * {@code toMove} moves next. Stones played in this order never capture, so every chain of the diagram must have
     * a liberty. Every intermediate position enters the superko history, which diagrams of interest never repeat.
     */
    public static Game game(Rules rules, String diagram, int toMove) {
        Board target = new Board(rules.width(), rules.height());
        target.setFromDiagram(diagram);
        List<Integer> black = new ArrayList<>();
        List<Integer> white = new ArrayList<>();
        for (int a = 0; a < rules.area(); a++) {
            int c = target.colour(target.locOfAction(a));
            if (c == Stone.BLACK) {
                black.add(a);
            } else if (c == Stone.WHITE) {
                white.add(a);
            }
        }
        Game game = new Game(rules);
        int b = 0;
        int w = 0;
        while (b < black.size() || w < white.size()) {
            List<Integer> stones = game.toMove() == Stone.BLACK ? black : white;
            int next = game.toMove() == Stone.BLACK ? b++ : w++;
            game.play(next < stones.size() ? stones.get(next) : game.passAction());
        }
        if (game.toMove() != toMove) {
            game.play(game.passAction());
        }
        if (!game.board().toString().equals(target.toString())) {
            throw new IllegalStateException("set-up did not reach the diagram:\n" + game.board());
        }
        return game;
    }

    /** Plays space-separated GTP vertices ({@code D4}, {@code pass}) for whoever is to move. */
    public static Game play(Game game, String moves) {
        for (String v : moves.trim().split("\\s+")) {
            if (!v.isEmpty()) {
                game.play(action(game, v));
            }
        }
        return game;
    }

    /** The action of a GTP vertex on the game's board. */
    public static int action(Game game, String vertex) {
        return Vertex.parse(vertex, game.rules().width(), game.rules().height());
    }

    /** The colouring of a board, indexed by action. */
    public static byte[] grid(Board board) {
        byte[] grid = new byte[board.width() * board.height()];
        for (int a = 0; a < grid.length; a++) {
            grid[a] = (byte) board.colour(board.locOfAction(a));
        }
        return grid;
    }

    /** The colouring as a {@link Board#setFromDiagram} diagram. */
    public static String diagram(byte[] grid, int width) {
        StringBuilder sb = new StringBuilder(grid.length + grid.length / width);
        for (int p = 0; p < grid.length; p++) {
            sb.append(Stone.symbol(grid[p]));
            if (p % width == width - 1) {
                sb.append('\n');
            }
        }
        return sb.toString();
    }

    /** The colouring numbered {@code code} in base 3 (digit p is the colour of point p). */
    public static byte[] decode(long code, int area) {
        byte[] grid = new byte[area];
        for (int p = 0; p < area; p++) {
            grid[p] = (byte) (code % 3);
            code /= 3;
        }
        return grid;
    }

    /** Inverse of {@link #decode}. */
    public static long encode(byte[] grid) {
        long code = 0;
        for (int p = grid.length - 1; p >= 0; p--) {
            code = code * 3 + grid[p];
        }
        return code;
    }

    public static int pow3(int n) {
        int r = 1;
        for (int i = 0; i < n; i++) {
            r *= 3;
        }
        return r;
    }
}
