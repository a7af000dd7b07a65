package org.tengen.env.board;

/** Point colours as bytes; {@code opponent(c) == c ^ 3} for the two players. */
public final class Stone {
    /** No stone. */
    public static final byte EMPTY = 0;
    /** A black stone, or the black player. */
    public static final byte BLACK = 1;
    /** A white stone, or the white player. */
    public static final byte WHITE = 2;
    /** The padding around the board. */
    public static final byte WALL = 3;

    private Stone() {
    }

    /**
     * {@return the other player}: BLACK for WHITE and vice versa
     *
     * @param player BLACK or WHITE
     */
    public static int opponent(int player) {
        return player ^ 3;
    }

    /**
     * {@return the colour in a board diagram}: {@code X} black, {@code O} white, {@code .} empty, {@code #} wall
     *
     * @param colour a colour of this class
     */
    public static char symbol(int colour) {
        return switch (colour) {
            case BLACK -> 'X';
            case WHITE -> 'O';
            case EMPTY -> '.';
            default -> '#';
        };
    }

    /**
     * {@return "black", "white", or "empty" for anything else}
     *
     * @param player BLACK or WHITE
     */
    public static String name(int player) {
        return player == BLACK ? "black" : player == WHITE ? "white" : "empty";
    }
}
