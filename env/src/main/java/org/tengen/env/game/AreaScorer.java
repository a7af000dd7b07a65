package org.tengen.env.game;

import org.tengen.env.board.Board;
import org.tengen.env.board.Stone;

/**
 * Tromp-Taylor area counting by flood fill of empty regions, with scratch arrays allocated once per board size.
 * Also reports per-point ownership. Not thread-safe: one per game.
 */
final class AreaScorer {
    private final Board board;
    private final int[] stack;
    private final int[] region;
    /** Owner of each point after {@link #count()}: BLACK, WHITE or EMPTY (neutral). */
    private final byte[] owner;
    private final int[] visited;
    private int visitGen;
    private int blackArea;
    private int whiteArea;

    AreaScorer(Board board) {
        this.board = board;
        int n = board.locCount();
        stack = new int[n];
        region = new int[n];
        owner = new byte[n];
        visited = new int[n];
    }

    /** Counts areas; read them with {@link #blackArea()}, {@link #whiteArea()} and {@link #owner(int)}. */
    void count() {
        int gen = ++visitGen;
        blackArea = 0;
        whiteArea = 0;
        int w = board.width();
        int h = board.height();
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                int loc = board.loc(x, y);
                int c = board.colour(loc);
                if (c == Stone.BLACK) {
                    blackArea++;
                    owner[loc] = Stone.BLACK;
                } else if (c == Stone.WHITE) {
                    whiteArea++;
                    owner[loc] = Stone.WHITE;
                } else if (visited[loc] != gen) {
                    fillRegion(loc, gen);
                }
            }
        }
    }

    private void fillRegion(int start, int gen) {
        int top = 0;
        int size = 0;
        boolean reachesBlack = false;
        boolean reachesWhite = false;
        stack[top++] = start;
        visited[start] = gen;
        while (top > 0) {
            int loc = stack[--top];
            region[size++] = loc;
            for (int d = 0; d < 4; d++) {
                int n = board.neighbour(loc, d);
                int c = board.colour(n);
                if (c == Stone.EMPTY) {
                    if (visited[n] != gen) {
                        visited[n] = gen;
                        stack[top++] = n;
                    }
                } else if (c == Stone.BLACK) {
                    reachesBlack = true;
                } else if (c == Stone.WHITE) {
                    reachesWhite = true;
                }
            }
        }
        byte regionOwner = reachesBlack == reachesWhite ? Stone.EMPTY : reachesBlack ? Stone.BLACK : Stone.WHITE;
        if (regionOwner == Stone.BLACK) {
            blackArea += size;
        } else if (regionOwner == Stone.WHITE) {
            whiteArea += size;
        }
        for (int i = 0; i < size; i++) {
            owner[region[i]] = regionOwner;
        }
    }

    int blackArea() {
        return blackArea;
    }

    int whiteArea() {
        return whiteArea;
    }

    /** Owner of {@code loc} as of the last {@link #count()}. */
    int owner(int loc) {
        return owner[loc];
    }
}
