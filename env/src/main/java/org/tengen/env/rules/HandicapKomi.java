package org.tengen.env.rules;

/** Extra points White receives in handicap games under area counting. */
public enum HandicapKomi {
    /** Nothing: the handicap stones are simply moves (Tromp-Taylor, NZ). */
    NONE,
    /** n-1 points for n stones, so that area and territory counting agree (AGA). */
    N_MINUS_ONE,
    /** n points for n stones (Chinese rules). */
    N;

    /**
     * {@return the points added to White's score for a game with {@code handicap} stones}
     *
     * @param handicap handicap stones; 0 or 1 is an even game
     */
    public int points(int handicap) {
        if (handicap < 2) {
            return 0;
        }
        return switch (this) {
            case NONE -> 0;
            case N_MINUS_ONE -> handicap - 1;
            case N -> handicap;
        };
    }
}
