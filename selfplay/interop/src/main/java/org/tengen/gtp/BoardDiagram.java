package org.tengen.gtp;

import java.util.ArrayList;
import java.util.List;
import org.tengen.env.board.Board;
import org.tengen.env.board.Stone;
import org.tengen.env.game.Game;
import org.tengen.env.game.Vertex;
import org.tengen.env.rules.HandicapLayout;

/**
 * The {@code showboard} diagram, laid out like GNU Go's: column letters above and below, row numbers on both sides,
 * {@code X} black, {@code O} white, {@code +} star points, captures beside the bottom rows.
 */
final class BoardDiagram {
    private BoardDiagram() {
    }

    static String render(Game game) {
        Board board = game.board();
        int w = board.width();
        int h = board.height();
        int cell = w > 25 ? 2 : 1;
        int label = Math.max(2, Integer.toString(h).length());
        boolean[] star = starPoints(w, h);

        StringBuilder columns = new StringBuilder(" ".repeat(label));
        for (int x = 0; x < w; x++) {
            String letters = Vertex.format(x, 0, 1);
            columns.append(' ').append(pad(letters.substring(0, letters.length() - 1), cell));
        }
        List<String> lines = new ArrayList<>(h + 2);
        lines.add(columns.toString());
        for (int y = 0; y < h; y++) {
            String row = pad(Integer.toString(h - y), label);
            StringBuilder sb = new StringBuilder(row);
            for (int x = 0; x < w; x++) {
                int c = board.colourAt(x, y);
                char symbol = c == Stone.EMPTY && star[y * w + x] ? '+' : Stone.symbol(c);
                sb.append(' ').append(pad(String.valueOf(symbol), cell));
            }
            lines.add(sb.append(' ').append(row.trim()).toString());
        }
        lines.add(columns.toString());
        // GNU Go puts the capture counts beside the last two rows (here the header too on a one-row board).
        int n = lines.size();
        lines.set(n - 3, lines.get(n - 3) + "     WHITE (O) has captured " + board.captures(Stone.WHITE) + " stones");
        lines.set(n - 2, lines.get(n - 2) + "     BLACK (X) has captured " + board.captures(Stone.BLACK) + " stones");
        StringBuilder out = new StringBuilder();
        for (String line : lines) {
            out.append('\n').append(line);
        }
        return out.toString();
    }

    private static String pad(String s, int width) {
        return s.length() >= width ? s : " ".repeat(width - s.length()) + s;
    }

    /** Star points: the corner and centre handicap points, plus the side ones on boards of 13 and up. */
    private static boolean[] starPoints(int w, int h) {
        boolean[] star = new boolean[w * h];
        int max = HandicapLayout.maxStones(w, h);
        if (max >= 2) {
            int stones = max == 9 && Math.min(w, h) < 13 ? 5 : max;
            for (int[] p : HandicapLayout.points(w, h, stones)) {
                star[p[1] * w + p[0]] = true;
            }
        }
        return star;
    }
}
