package org.tengen.env.board;

import java.util.Arrays;
import org.tengen.env.rules.Rules;

/**
 * A Go board with incremental chains, exact liberty counts and a Zobrist hash; no rules beyond capture.
 *
 * <p>Layout (after KataGo): a padded 1-D array with one wall column shared by both edges, so
 * {@code loc = (x + 1) + (y + 1) * (width + 1)} and the four neighbours are {@code loc +- 1},
 * {@code loc +- (width + 1)} without bounds checks. {@code x} counts columns from the left, {@code y} rows from
 * the top. Chains are circular linked lists ({@link #nextInChain}) with a head per stone; liberty counts and sizes
 * are stored at the head and kept exact on every move, as is each chain's share of the hash. Bitboards of the
 * empty, black and white points and of the stones in atari are kept alongside for {@link #scanMoves}.
 *
 * <p>{@link #play} places a stone, clears the opponent's liberty-less chains and then the mover's own (suicide),
 * exactly as Tromp-Taylor rule 7. Whether a move is <em>legal</em> under ko, superko and suicide rules is the
 * business of {@link org.tengen.env.game.Game}. Nothing here allocates after construction.
 */
public final class Board {
    /** A location that is no point, e.g. "no ko". */
    public static final int NO_LOC = -1;

    private final int width;
    private final int height;
    private final int stride;
    private final int[] offsets;
    /**
     * {@code y(loc) * width + x(loc)} for every loc, to spare encoders two divisions per point. One table per board
     * size, shared by every board of that size, so that a thousand games keep one copy in cache, not a thousand.
     */
    private final int[] actionOfLoc;
    private static final int[][][] ACTION_TABLES = new int[Rules.MAX_SIZE + 1][Rules.MAX_SIZE + 1][];
    private final byte[] colour;
    private final int[] chainHead;
    private final int[] nextInChain;
    /** Liberties of the chain whose head is the index. */
    private final int[] libs;
    /** Stones of the chain whose head is the index. */
    private final int[] chainSize;
    /** XOR of the Zobrist keys of the stones of the chain whose head is the index: its share of the hash. */
    private final long[] chainKeys;
    /** Stones captured by each colour, indexed BLACK/WHITE. */
    private final int[] captures = new int[3];
    /** Scratch marks for counting distinct liberties; a point is marked when {@code mark[loc] == markGen}. */
    private final int[] mark;
    private int markGen;
    /** Distinct neighbouring chain heads of the point being played. */
    private final int[] heads = new int[4];
    /** How many of {@link #heads} the last {@link #scanNeighbours} filled. */
    private int scannedHeads;
    /** What the last {@link #probe} found: stones and hash after the move. */
    private int probedStones;
    private long probedHash;
    /** Distinct neighbouring chain heads of a point being emptied (separate: captures run inside play). */
    private final int[] emptiedHeads = new int[4];
    /**
     * Bitboards over locations (bit {@code loc % 64} of word {@code loc / 64}) kept in step with the arrays: the
     * points of each colour, indexed EMPTY, BLACK, WHITE, and the stones whose chain has exactly one liberty.
     * They let {@link #scanMoves} classify every point with a few word operations.
     */
    private final long[][] colourBits;
    private final long[] atariBits;
    /** Scratch words for {@link #scanMoves}. */
    private final long[] safeBits;
    private final long[] threatBits;
    private long hash;
    private int koLoc = NO_LOC;
    private int stones;

    /**
     * An empty board.
     *
     * @param width  columns, 1 to {@link Rules#MAX_SIZE}
     * @param height rows, 1 to {@link Rules#MAX_SIZE}
     */
    public Board(int width, int height) {
        if (width < 1 || height < 1 || width > Rules.MAX_SIZE || height > Rules.MAX_SIZE) {
            throw new IllegalArgumentException("board size " + width + "x" + height + " is out of range");
        }
        this.width = width;
        this.height = height;
        this.stride = width + 1;
        this.offsets = new int[] {-1, 1, -stride, stride};
        int len = (height + 2) * stride + 1;
        colour = new byte[len];
        chainHead = new int[len];
        nextInChain = new int[len];
        libs = new int[len];
        chainSize = new int[len];
        chainKeys = new long[len];
        mark = new int[len];
        actionOfLoc = actionTable(width, height, len);
        int words = (len + 63) >>> 6;
        colourBits = new long[3][words];
        atariBits = new long[words];
        safeBits = new long[words];
        threatBits = new long[words];
        clear();
    }

    /** The shared {@link #actionOfLoc} table of a {@code width x height} board of {@code len} locations. */
    private static synchronized int[] actionTable(int width, int height, int len) {
        int[] table = ACTION_TABLES[width][height];
        if (table == null) {
            int stride = width + 1;
            table = new int[len];
            for (int loc = 0; loc < len; loc++) {
                table[loc] = (loc / stride - 1) * width + loc % stride - 1;
            }
            ACTION_TABLES[width][height] = table;
        }
        return table;
    }

    /** Empties the board. */
    public void clear() {
        Arrays.fill(colour, Stone.WALL);
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                colour[loc(x, y)] = Stone.EMPTY;
            }
        }
        rebuildBits();
        Arrays.fill(captures, 0);
        hash = 0;
        koLoc = NO_LOC;
        stones = 0;
    }

    /**
     * Makes this board equal to {@code other}: a few array copies, cheaper than undoing moves.
     *
     * @param other a board of the same size
     */
    public void copyFrom(Board other) {
        if (other.width != width || other.height != height) {
            throw new IllegalArgumentException("cannot copy a " + other.width + "x" + other.height + " board into a "
                    + width + "x" + height + " one");
        }
        System.arraycopy(other.colour, 0, colour, 0, colour.length);
        System.arraycopy(other.chainHead, 0, chainHead, 0, chainHead.length);
        System.arraycopy(other.nextInChain, 0, nextInChain, 0, nextInChain.length);
        System.arraycopy(other.libs, 0, libs, 0, libs.length);
        System.arraycopy(other.chainSize, 0, chainSize, 0, chainSize.length);
        System.arraycopy(other.chainKeys, 0, chainKeys, 0, chainKeys.length);
        System.arraycopy(other.captures, 0, captures, 0, captures.length);
        for (int c = 0; c < 3; c++) {
            System.arraycopy(other.colourBits[c], 0, colourBits[c], 0, atariBits.length);
        }
        System.arraycopy(other.atariBits, 0, atariBits, 0, atariBits.length);
        hash = other.hash;
        koLoc = other.koLoc;
        stones = other.stones;
    }

    /** {@return the board's columns} */
    public int width() {
        return width;
    }

    /** {@return the board's rows} */
    public int height() {
        return height;
    }

    /** {@return the length of the padded arrays}: every {@code loc} is below it. */
    public int locCount() {
        return colour.length;
    }

    /**
     * {@return the location of column {@code x}, row {@code y}}
     *
     * @param x column, from the left
     * @param y row, from the top
     */
    public int loc(int x, int y) {
        return (x + 1) + (y + 1) * stride;
    }

    /**
     * {@return the column of an on-board location}
     *
     * @param loc the location
     */
    public int x(int loc) {
        return loc % stride - 1;
    }

    /**
     * {@return the row of an on-board location}
     *
     * @param loc the location
     */
    public int y(int loc) {
        return loc / stride - 1;
    }

    /**
     * {@return the location of a point action}
     *
     * @param action a point, row-major: {@code y * width + x}
     */
    public int locOfAction(int action) {
        return loc(action % width, action / width);
    }

    /**
     * {@return the point action of an on-board location}, row-major
     *
     * @param loc the location
     */
    public int actionOfLoc(int loc) {
        return actionOfLoc[loc];
    }

    /**
     * {@return whether {@code loc} is a point of the board}: not padding, not out of the array
     *
     * @param loc any int
     */
    public boolean onBoard(int loc) {
        return loc >= 0 && loc < colour.length && colour[loc] != Stone.WALL;
    }

    /**
     * {@return what stands at {@code loc}}: a {@link Stone} value, {@link Stone#WALL} on the padding
     *
     * @param loc a location below {@link #locCount()}
     */
    public int colour(int loc) {
        return colour[loc];
    }

    /**
     * {@return what stands at column {@code x}, row {@code y}}: a {@link Stone} value
     *
     * @param x column, from the left
     * @param y row, from the top
     */
    public int colourAt(int x, int y) {
        return colour[loc(x, y)];
    }

    /**
     * {@return the liberties of the chain at {@code loc}}
     *
     * @param loc an occupied location
     */
    public int liberties(int loc) {
        return libs[chainHead[loc]];
    }

    /**
     * {@return the stones in the chain at {@code loc}}
     *
     * @param loc an occupied location
     */
    public int chainSize(int loc) {
        return chainSize[chainHead[loc]];
    }

    /**
     * {@return a representative stone of the chain at {@code loc}}: equal for all stones of one chain
     *
     * @param loc an occupied location
     */
    public int chainId(int loc) {
        return chainHead[loc];
    }

    /** {@return the Zobrist hash of the colouring alone} */
    public long hash() {
        return hash;
    }

    /**
     * {@return the key that turns a colouring hash into a situation hash} (colouring + player to move)
     *
     * @param player the player to move
     */
    public static long sideToMoveKey(int player) {
        return player == Stone.WHITE ? Zobrist.WHITE_TO_MOVE : 0L;
    }

    /** {@return the point where the player to move may not immediately recapture a single-stone ko, or NO_LOC} */
    public int koLoc() {
        return koLoc;
    }

    /** {@return the number of longs {@link #copyStoneBits} writes} */
    public int stoneBitsLength() {
        return 2 * atariBits.length;
    }

    /**
     * Copies the stone bitboards into {@code out[offset..offset + stoneBitsLength())}: the black words, then the
     * white words, bit {@code loc % 64} of word {@code loc / 64} set where that colour stands.
     *
     * @param out    receives the words
     * @param offset where the first word goes
     */
    public void copyStoneBits(long[] out, int offset) {
        int words = atariBits.length;
        System.arraycopy(colourBits[Stone.BLACK], 0, out, offset, words);
        System.arraycopy(colourBits[Stone.WHITE], 0, out, offset + words, words);
    }

    /**
     * Adds the locations that hold a stone, of either colour, to the loc-indexed bitboard {@code bits}
     * ({@link #bitWords()} longs).
     *
     * @param bits a bitboard, updated
     */
    public void addStoneBits(long[] bits) {
        long[] black = colourBits[Stone.BLACK];
        long[] white = colourBits[Stone.WHITE];
        for (int i = 0; i < bits.length; i++) {
            bits[i] |= black[i] | white[i];
        }
    }

    /**
     * {@return the stones captured so far by {@code player}} (suicided stones count for the opponent)
     *
     * @param player {@link Stone#BLACK} or {@link Stone#WHITE}
     */
    public int captures(int player) {
        return captures[player];
    }

    /** {@return the stones on the board} */
    public int stoneCount() {
        return stones;
    }

    /**
     * {@return the neighbour of {@code loc}}, possibly padding: no bounds check needed
     *
     * @param loc       an on-board location
     * @param direction 0 to 3: the offsets {@code -1, +1, -stride, +stride}
     */
    public int neighbour(int loc, int direction) {
        return loc + offsets[direction];
    }

    /**
     * {@return whether playing {@code player} at the empty {@code loc} would leave its own chain without liberties}
     *
     * @param loc    an empty location
     * @param player the colour to play
     */
    public boolean isSuicide(int loc, int player) {
        int opp = player ^ 3;
        for (int d = 0; d < 4; d++) {
            int n = loc + offsets[d];
            int c = colour[n];
            if (c == Stone.EMPTY) {
                return false;
            }
            if (c == player) {
                if (libs[chainHead[n]] > 1) {
                    return false;
                }
            } else if (c == opp && libs[chainHead[n]] == 1) {
                return false;
            }
        }
        return true;
    }

    /**
     * {@return whether playing {@code player} at the empty {@code loc} captures at least one opponent chain}
     *
     * @param loc    an empty location
     * @param player the colour to play
     */
    public boolean wouldCapture(int loc, int player) {
        int opp = player ^ 3;
        for (int d = 0; d < 4; d++) {
            int n = loc + offsets[d];
            if (colour[n] == opp && libs[chainHead[n]] == 1) {
                return true;
            }
        }
        return false;
    }

    /** {@link #moveEffect}: the new stone keeps a liberty and captures nothing. */
    public static final int PLAIN = 0;
    /** {@link #moveEffect}: the move captures at least one opponent chain. */
    public static final int CAPTURES = 1;
    /** {@link #moveEffect}: the move captures nothing and leaves its own chain without liberties. */
    public static final int SUICIDE = 2;

    /**
     * What playing {@code player} at the empty {@code loc} does: {@link #PLAIN}, {@link #CAPTURES} or
     * {@link #SUICIDE}. After a plain move the hash is {@code hash() ^ stoneKey} and the board holds one stone more.
     *
     * @param loc    an empty location
     * @param player the colour to play
     * @return the move's effect
     */
    public int moveEffect(int loc, int player) {
        int opp = player ^ 3;
        boolean hasLiberty = false;
        for (int d = 0; d < 4; d++) {
            int n = loc + offsets[d];
            int c = colour[n];
            if (c == Stone.EMPTY) {
                hasLiberty = true;
            } else if (c == opp) {
                if (libs[chainHead[n]] == 1) {
                    return CAPTURES;
                }
            } else if (c == player && libs[chainHead[n]] > 1) {
                hasLiberty = true;
            }
        }
        return hasLiberty ? PLAIN : SUICIDE;
    }

    /** Blocks of {@link #scanMoves}'s output, each {@link #bitWords()} words, after the three move effects. */
    public static final int LONE_SUICIDES = 3;
    /** Number of blocks {@link #scanMoves} writes. */
    public static final int MOVE_BLOCKS = 4;

    /**
     * The move scan behind legal masks: sorts the empty points by what {@code player}'s stone there would do, as
     * loc-indexed bitboards in {@code moves}, block {@code b} at {@code b * bitWords()}: {@link #PLAIN},
     * {@link #CAPTURES} and {@link #SUICIDE} (the ko point among the captures), and {@link #LONE_SUICIDES}, the
     * suicides of a stone with no friendly neighbour, which leave the board as it stands. Returns the number of
     * plain points.
     *
     * <p>Works on the bitboards, a whole word of locations at a time: a point captures when an opponent neighbour is
     * in atari; otherwise it is plain when it has an empty neighbour or a friendly neighbour outside atari, else it
     * is suicide. This is several times faster than asking {@link #moveEffect} point by point, and tells rules
     * which points need a closer look without touching the chains.
     *
     * @param player the colour to play
     * @param moves  receives {@link #MOVE_BLOCKS} bitboards, {@code MOVE_BLOCKS * bitWords()} words
     * @return the number of plain points
     */
    public int scanMoves(int player, long[] moves) {
        long[] empty = colourBits[Stone.EMPTY];
        long[] own = colourBits[player];
        long[] opp = colourBits[player ^ 3];
        int words = empty.length;
        for (int i = 0; i < words; i++) {
            safeBits[i] = own[i] & ~atariBits[i];
            threatBits[i] = opp[i] & atariBits[i];
        }
        int plainCount = 0;
        for (int i = 0; i < words; i++) {
            long captures = empty[i] & around(threatBits, i);
            long plain = empty[i] & (around(empty, i) | around(safeBits, i)) & ~captures;
            long suicides = empty[i] & ~plain & ~captures;
            moves[PLAIN * words + i] = plain;
            moves[CAPTURES * words + i] = captures;
            moves[SUICIDE * words + i] = suicides;
            moves[LONE_SUICIDES * words + i] = suicides & ~around(own, i);
            plainCount += Long.bitCount(plain);
        }
        return plainCount;
    }

    /** {@return the words of a loc-indexed bitboard of this board} (bit {@code loc % 64} of word {@code loc / 64}) */
    public int bitWords() {
        return atariBits.length;
    }

    /**
     * The points of row {@code y} (0 = top) holding {@code colour} (EMPTY, BLACK or WHITE) as bits: bit {@code x}
     * for column {@code x}. Encoders read a whole row this way instead of point by point.
     *
     * @param colour {@link Stone#EMPTY}, {@link Stone#BLACK} or {@link Stone#WHITE}
     * @param y      the row
     * @return the row's bits
     */
    public long rowBits(int colour, int y) {
        return rowBits(colourBits[colour], 0, y);
    }

    /**
     * Row {@code y} of a bitboard in this board's layout stored in {@code bits} from index {@code base} (such as the
     * words {@link #copyStoneBits} writes): bit {@code x} for column {@code x}.
     *
     * @param bits a bitboard, loc-indexed
     * @param base index of its first word in {@code bits}
     * @param y    the row
     * @return the row's bits
     */
    public long rowBits(long[] bits, int base, int y) {
        int from = (y + 1) * stride + 1;
        int i = base + (from >>> 6);
        int shift = from & 63;
        long v = bits[i] >>> shift;
        if (shift + width > 64) {
            v |= bits[i + 1] << (64 - shift);
        }
        return v & (-1L >>> (64 - width));
    }

    /** Word {@code i} of the locations with a neighbour in {@code bits}: the set shifted by +-1 and +-stride. */
    private long around(long[] bits, int i) {
        long below = i > 0 ? bits[i - 1] : 0;
        long above = i + 1 < bits.length ? bits[i + 1] : 0;
        long w = bits[i];
        return w << 1 | below >>> 63 | w >>> 1 | above << 63
                | w << stride | below >>> (64 - stride) | w >>> stride | above << (64 - stride);
    }

    /**
     * What {@code player} playing at the empty {@code loc} would do ({@link #PLAIN}, {@link #CAPTURES} or
     * {@link #SUICIDE}), without playing it; until the next probe, {@link #probedStones()} and {@link #probedHash()}
     * describe the position it would leave. One look at the neighbours answers all three, as superko checks need.
     *
     * @param loc    an empty location
     * @param player the colour to play
     * @return the move's effect
     */
    public int probe(int loc, int player) {
        int effect = scanNeighbours(loc, player);
        int after = effect == SUICIDE ? stones : stones + 1;
        long h = effect == SUICIDE ? hash : hash ^ Zobrist.stone(player, loc);
        for (int i = 0; i < scannedHeads; i++) {
            int head = heads[i];
            if (removedBy(head, player, effect)) {
                after -= chainSize[head];
                h ^= chainKeys[head];
            }
        }
        probedStones = after;
        probedHash = h;
        return effect;
    }

    /** {@return the stones on the board after the last {@link #probe}d move} */
    public int probedStones() {
        return probedStones;
    }

    /** {@return the colouring hash after the last {@link #probe}d move} */
    public long probedHash() {
        return probedHash;
    }

    /**
     * {@return the number of stones on the board after {@code player} plays at the empty {@code loc}}, without playing
     *
     * @param loc    an empty location
     * @param player the colour to play
     */
    public int stoneCountAfter(int loc, int player) {
        probe(loc, player);
        return probedStones;
    }

    /**
     * The location whose Zobrist key for a {@code player} stone is {@code key}, or {@link #NO_LOC}: inverts the
     * hash change of a plain move. The location may lie outside this board; check {@link #onBoard}.
     *
     * @param key    a stone's Zobrist key
     * @param player the stone's colour
     * @return its location
     */
    public static int locOfStoneKey(long key, int player) {
        return Zobrist.locOfKey(key, player);
    }

    /**
     * {@return the colouring hash after {@code player} plays at the empty {@code loc}}, without playing it
     *
     * @param loc    an empty location
     * @param player the colour to play
     */
    public long hashAfter(int loc, int player) {
        probe(loc, player);
        return probedHash;
    }

    /**
     * Collects the distinct chains next to the empty {@code loc} into {@code heads[0 .. scannedHeads)} and says what
     * {@code player} playing there does: {@link #PLAIN}, {@link #CAPTURES} or {@link #SUICIDE}.
     */
    private int scanNeighbours(int loc, int player) {
        int opp = player ^ 3;
        scannedHeads = 0;
        boolean captured = false;
        boolean hasLiberty = false;
        for (int d = 0; d < 4; d++) {
            int n = loc + offsets[d];
            int c = colour[n];
            if (c == Stone.EMPTY) {
                hasLiberty = true;
            } else if (c == opp || c == player) {
                int head = chainHead[n];
                if (contains(heads, scannedHeads, head)) {
                    continue;
                }
                heads[scannedHeads++] = head;
                if (c == opp && libs[head] == 1) {
                    captured = true;
                } else if (c == player && libs[head] > 1) {
                    hasLiberty = true;
                }
            }
        }
        return captured ? CAPTURES : hasLiberty ? PLAIN : SUICIDE;
    }

    /** Whether the scanned neighbour chain {@code head} leaves the board after a move with that effect. */
    private boolean removedBy(int head, int player, int effect) {
        return colour[head] == player ? effect == SUICIDE : libs[head] == 1;
    }

    /**
     * Places a stone of {@code player} on the empty {@code loc}, clears opponent chains without liberties, then the
     * mover's own chain if it has none (suicide). Legality is the caller's business.
     *
     * @param loc    an empty location
     * @param player the colour to play
     */
    public void play(int loc, int player) {
        int opp = player ^ 3;
        colour[loc] = (byte) player;
        flipColourBit(loc, Stone.EMPTY, player);
        hash ^= Zobrist.stone(player, loc);
        stones++;

        // The point was a liberty of each distinct neighbouring chain.
        int nHeads = 0;
        int emptyNeighbours = 0;
        for (int d = 0; d < 4; d++) {
            int n = loc + offsets[d];
            int c = colour[n];
            if (c == Stone.EMPTY) {
                emptyNeighbours++;
            } else if (c == Stone.BLACK || c == Stone.WHITE) {
                int head = chainHead[n];
                if (!contains(heads, nHeads, head)) {
                    heads[nHeads++] = head;
                    libs[head]--;
                }
            }
        }
        chainHead[loc] = loc;
        nextInChain[loc] = loc;
        chainSize[loc] = 1;
        chainKeys[loc] = Zobrist.stone(player, loc);
        libs[loc] = emptyNeighbours;

        // Merge with friendly chains, always walking the smaller one.
        boolean partInAtari = false;
        for (int i = 0; i < nHeads; i++) {
            partInAtari |= colour[heads[i]] == player && inAtari(heads[i]);
        }
        int head = loc;
        for (int i = 0; i < nHeads; i++) {
            int other = heads[i];
            if (colour[other] == player) {
                head = chainSize[other] >= chainSize[head] ? merge(other, head) : merge(head, other);
            }
        }

        int capturedStones = 0;
        int capturedLoc = NO_LOC;
        for (int i = 0; i < nHeads; i++) {
            int other = heads[i];
            if (colour[other] == opp && libs[other] == 0) {
                capturedStones += chainSize[other];
                capturedLoc = other;
                removeChain(other, opp);
            }
        }
        captures[player] += capturedStones;

        koLoc = NO_LOC;
        if (libs[head] == 0) {
            captures[opp] += chainSize[head];
            removeChain(head, player);
        } else {
            if (capturedStones == 1 && chainSize[head] == 1 && libs[head] == 1) {
                koLoc = capturedLoc;
            }
            if (libs[head] == 1 || partInAtari) {
                setAtari(head, libs[head] == 1);
            }
        }
        // Surviving opponent neighbours lost a liberty; removeChain already cleared chains that gained some.
        for (int i = 0; i < nHeads; i++) {
            int other = heads[i];
            if (colour[other] == opp && libs[other] == 1 && !inAtari(other)) {
                setAtari(other, true);
            }
        }
    }

    private boolean inAtari(int loc) {
        return (atariBits[loc >>> 6] & 1L << loc) != 0;
    }

    /** Sets or clears the atari bit of every stone of the chain at {@code head}. */
    private void setAtari(int head, boolean atari) {
        int s = head;
        do {
            if (atari) {
                atariBits[s >>> 6] |= 1L << s;
            } else {
                atariBits[s >>> 6] &= ~(1L << s);
            }
            s = nextInChain[s];
        } while (s != head);
    }

    private void flipColourBit(int loc, int from, int to) {
        long bit = 1L << loc;
        colourBits[from][loc >>> 6] ^= bit;
        colourBits[to][loc >>> 6] ^= bit;
    }

    /** Recomputes the bitboards from the colours and liberties. */
    private void rebuildBits() {
        for (long[] bits : colourBits) {
            Arrays.fill(bits, 0);
        }
        Arrays.fill(atariBits, 0);
        for (int loc = 0; loc < colour.length; loc++) {
            int c = colour[loc];
            if (c != Stone.WALL) {
                colourBits[c][loc >>> 6] |= 1L << loc;
                if (c != Stone.EMPTY && libs[chainHead[loc]] == 1) {
                    atariBits[loc >>> 6] |= 1L << loc;
                }
            }
        }
    }

    /** A pass: only lifts the simple-ko ban. */
    public void pass() {
        koLoc = NO_LOC;
    }

    /**
     * Puts a stone on an empty point with no captures (handicap set-up).
     *
     * @param loc    an empty location that is not suicide and captures nothing
     * @param player the stone's colour
     */
    public void placeStone(int loc, int player) {
        if (colour[loc] != Stone.EMPTY) {
            throw new IllegalArgumentException("point " + x(loc) + "," + y(loc) + " is not empty");
        }
        if (isSuicide(loc, player) || wouldCapture(loc, player)) {
            throw new IllegalArgumentException("a set-up stone may not capture or be without liberties");
        }
        play(loc, player);
        koLoc = NO_LOC;
    }

    /** Merges chain {@code small} into chain {@code big}; returns {@code big}. */
    private int merge(int big, int small) {
        // libs(big + small) = libs(big) + liberties of small that are not liberties of big.
        int gen = nextMark();
        int added = 0;
        int s = small;
        do {
            for (int d = 0; d < 4; d++) {
                int e = s + offsets[d];
                if (colour[e] == Stone.EMPTY && mark[e] != gen) {
                    mark[e] = gen;
                    if (!isLibertyOf(e, big)) {
                        added++;
                    }
                }
            }
            s = nextInChain[s];
        } while (s != small);
        s = small;
        do {
            chainHead[s] = big;
            s = nextInChain[s];
        } while (s != small);
        int tmp = nextInChain[big];
        nextInChain[big] = nextInChain[small];
        nextInChain[small] = tmp;
        libs[big] += added;
        chainSize[big] += chainSize[small];
        chainKeys[big] ^= chainKeys[small];
        return big;
    }

    private boolean isLibertyOf(int emptyLoc, int head) {
        for (int d = 0; d < 4; d++) {
            int n = emptyLoc + offsets[d];
            int c = colour[n];
            if ((c == Stone.BLACK || c == Stone.WHITE) && chainHead[n] == head) {
                return true;
            }
        }
        return false;
    }

    private void removeChain(int head, int owner) {
        int s = head;
        do {
            colour[s] = Stone.EMPTY;
            flipColourBit(s, owner, Stone.EMPTY);
            atariBits[s >>> 6] &= ~(1L << s);
            hash ^= Zobrist.stone(owner, s);
            s = nextInChain[s];
        } while (s != head);
        stones -= chainSize[head];
        // Every emptied point becomes one new liberty of each distinct neighbouring chain.
        s = head;
        do {
            int nHeads = 0;
            for (int d = 0; d < 4; d++) {
                int n = s + offsets[d];
                int c = colour[n];
                if (c == Stone.BLACK || c == Stone.WHITE) {
                    int h = chainHead[n];
                    if (!contains(emptiedHeads, nHeads, h)) {
                        emptiedHeads[nHeads++] = h;
                        libs[h]++;
                        if (libs[h] == 2 && inAtari(h)) {
                            setAtari(h, false);
                        }
                    }
                }
            }
            s = nextInChain[s];
        } while (s != head);
    }

    private int nextMark() {
        if (++markGen == Integer.MAX_VALUE) {
            Arrays.fill(mark, 0);
            markGen = 1;
        }
        return markGen;
    }

    private static boolean contains(int[] values, int count, int value) {
        for (int i = 0; i < count; i++) {
            if (values[i] == value) {
                return true;
            }
        }
        return false;
    }

    /**
     * Recomputes chains, liberties, sizes, stone count and hash from the colours alone and throws
     * {@link IllegalStateException} describing the first disagreement with the incremental state. For tests.
     */
    public void checkConsistency() {
        long expectedHash = 0;
        int expectedStones = 0;
        int[] seen = new int[colour.length];
        int[] stack = new int[colour.length];
        int[] libMark = new int[colour.length];
        int chainNo = 0;
        for (int loc = 0; loc < colour.length; loc++) {
            int c = colour[loc];
            boolean inside = loc >= stride && loc < colour.length - stride && x(loc) >= 0 && x(loc) < width;
            if (inside != (c != Stone.WALL)) {
                throw new IllegalStateException("wall broken at loc " + loc);
            }
            if (c != Stone.BLACK && c != Stone.WHITE) {
                continue;
            }
            expectedHash ^= Zobrist.stone(c, loc);
            expectedStones++;
            if (seen[loc] != 0) {
                continue;
            }
            chainNo++;
            int size = 0;
            int liberties = 0;
            int top = 0;
            stack[top++] = loc;
            seen[loc] = chainNo;
            int head = chainHead[loc];
            while (top > 0) {
                int s = stack[--top];
                size++;
                if (chainHead[s] != head) {
                    throw new IllegalStateException("chain at " + describe(loc) + " has two heads");
                }
                for (int d = 0; d < 4; d++) {
                    int n = s + offsets[d];
                    if (colour[n] == c && seen[n] == 0) {
                        seen[n] = chainNo;
                        stack[top++] = n;
                    } else if (colour[n] == Stone.EMPTY && libMark[n] != chainNo) {
                        libMark[n] = chainNo;
                        liberties++;
                    }
                }
            }
            if (chainSize[head] != size) {
                throw new IllegalStateException("chain at " + describe(loc) + " has size " + size + " but records "
                        + chainSize[head]);
            }
            if (libs[head] != liberties) {
                throw new IllegalStateException("chain at " + describe(loc) + " has " + liberties
                        + " liberties but records " + libs[head]);
            }
            if (liberties == 0) {
                throw new IllegalStateException("chain at " + describe(loc) + " has no liberties");
            }
            int walked = 0;
            long key = 0;
            int s = head;
            do {
                if (seen[s] != chainNo) {
                    throw new IllegalStateException("chain list at " + describe(loc) + " leaves the chain");
                }
                walked++;
                key ^= Zobrist.stone(c, s);
                s = nextInChain[s];
            } while (s != head && walked <= size);
            if (walked != size) {
                throw new IllegalStateException("chain list at " + describe(loc) + " walks " + walked + " stones of "
                        + size);
            }
            if (key != chainKeys[head]) {
                throw new IllegalStateException("chain at " + describe(loc) + " has a stale key");
            }
        }
        if (expectedHash != hash) {
            throw new IllegalStateException("hash is stale");
        }
        for (int loc = 0; loc < colour.length; loc++) {
            int c = colour[loc];
            for (int b = 0; b < 3; b++) {
                if (((colourBits[b][loc >>> 6] & 1L << loc) != 0) != (c == b)) {
                    throw new IllegalStateException("colour bitboard " + b + " is stale at loc " + loc);
                }
            }
            boolean atari = (c == Stone.BLACK || c == Stone.WHITE) && libs[chainHead[loc]] == 1;
            if (inAtari(loc) != atari) {
                throw new IllegalStateException("atari bitboard is stale at loc " + loc);
            }
        }
        if (expectedStones != stones) {
            throw new IllegalStateException("stone count " + stones + " but board has " + expectedStones);
        }
    }

    private String describe(int loc) {
        return "(" + x(loc) + "," + y(loc) + ")";
    }

    /**
     * Sets the board from a diagram: rows top to bottom, {@code X} black, {@code O} white, {@code .} or {@code +}
     * empty; spaces ignored, blank lines skipped. Chains, liberties and hash are rebuilt. Throws
     * {@link IllegalArgumentException} (leaving the board empty) if the diagram's shape differs from the board's or a
     * chain has no liberties.
     *
     * @param diagram the rows, one per line
     */
    public void setFromDiagram(String diagram) {
        String[] rows = diagram.strip().lines().map(r -> r.replace(" ", "")).filter(r -> !r.isEmpty())
                .toArray(String[]::new);
        if (rows.length != height) {
            throw new IllegalArgumentException("diagram has " + rows.length + " rows, board has " + height);
        }
        clear();
        for (int y = 0; y < height; y++) {
            if (rows[y].length() != width) {
                throw new IllegalArgumentException("diagram row " + (y + 1) + " has " + rows[y].length()
                        + " points, board has " + width);
            }
            for (int x = 0; x < width; x++) {
                char ch = rows[y].charAt(x);
                int loc = loc(x, y);
                switch (ch) {
                    case 'X', 'x', 'B', 'b' -> setStone(loc, Stone.BLACK);
                    case 'O', 'o', 'W', 'w' -> setStone(loc, Stone.WHITE);
                    case '.', '+' -> { }
                    default -> throw new IllegalArgumentException("diagram has unknown point '" + ch + "'");
                }
            }
        }
        rebuildChains();
        for (int loc = 0; loc < colour.length; loc++) {
            if ((colour[loc] == Stone.BLACK || colour[loc] == Stone.WHITE) && libs[chainHead[loc]] == 0) {
                String where = describe(loc);
                clear();
                throw new IllegalArgumentException("diagram has a chain with no liberties at " + where);
            }
        }
        rebuildBits();
        checkConsistency();
    }

    private void setStone(int loc, int player) {
        colour[loc] = (byte) player;
        hash ^= Zobrist.stone(player, loc);
        stones++;
    }

    private void rebuildChains() {
        for (int loc = 0; loc < colour.length; loc++) {
            chainHead[loc] = 0;
        }
        for (int loc = 0; loc < colour.length; loc++) {
            int c = colour[loc];
            if ((c == Stone.BLACK || c == Stone.WHITE) && chainHead[loc] == 0) {
                chainHead[loc] = loc;
                nextInChain[loc] = loc;
                chainSize[loc] = 1;
                chainKeys[loc] = Zobrist.stone(c, loc);
                libs[loc] = 0;
                int gen = nextMark();
                for (int d = 0; d < 4; d++) {
                    int e = loc + offsets[d];
                    if (colour[e] == Stone.EMPTY && mark[e] != gen) {
                        mark[e] = gen;
                        libs[loc]++;
                    }
                }
                for (int d = 0; d < 4; d++) {
                    int n = loc + offsets[d];
                    if (colour[n] == c && chainHead[n] != 0 && chainHead[n] != chainHead[loc]) {
                        int a = chainHead[n];
                        int b = chainHead[loc];
                        if (chainSize[a] >= chainSize[b]) {
                            merge(a, b);
                        } else {
                            merge(b, a);
                        }
                    }
                }
            }
        }
    }

    /** The board as a diagram in {@link #setFromDiagram} syntax, one row per line. */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder((width + 1) * height);
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                sb.append(Stone.symbol(colour[loc(x, y)]));
            }
            sb.append('\n');
        }
        return sb.toString();
    }
}
