package org.tengen.env.board;

/** Point colours as bytes; {@code opponent(c) == c ^ 3} for the two players. */
public final class Stone {
    public static final byte EMPTY = 0;
    public static final byte BLACK = 1;
    public static final byte WHITE = 2;
    /** The padding around the board. */
    public static final byte WALL = 3;

    private Stone() {
    }

    /** The other player: BLACK for WHITE and vice versa. */
    public static int opponent(int player) {
        return player ^ 3;
    }

    /** "B", "W", "." or "#". */
    public static char symbol(int colour) {
        return switch (colour) {
            case BLACK -> 'X';
            case WHITE -> 'O';
            case EMPTY -> '.';
            default -> '#';
        };
    }

    /** "black" or "white". */
    public static String name(int player) {
        return player == BLACK ? "black" : player == WHITE ? "white" : "empty";
    }
}
