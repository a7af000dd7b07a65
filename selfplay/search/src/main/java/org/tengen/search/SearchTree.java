package org.tengen.search;

import java.util.Arrays;

/**
 * One search tree as a struct of arrays: a node pool and an edge pool, recycled by {@link #clear()} and grown
 * (doubling) only when full. Fields are package-visible for the selection rules in this package.
 *
 * <p>Shapes: node arrays are {@code [nodeCapacity]} indexed by node id, {@link #ROOT} = 0; edge arrays are
 * {@code [edgeCapacity]}. Node {@code n}'s edges are {@code firstEdge[n] .. firstEdge[n] + edgeCount[n] - 1}, one
 * per legal action in increasing action order; {@code edgeChild[e]} is the child node id or {@link #UNVISITED}.
 * Values are utilities (the win/loss value in [-1, 1], plus the score utility when the search uses one);
 * {@code valueSum[n]}, {@code rawValue[n]} and {@code rawScore[n]} are from the view of {@code player[n]}, the
 * player to move at {@code n} (which is not always the opposite of the parent's: free handicap stones), as are the
 * sums that only analysis reads: {@code valueSquareSum} (utility squared), {@code winLossSum} (the win/loss value
 * without the score utility) and {@code scoreSum} (the expected final margin).
 */
final class SearchTree {
    static final int ROOT = 0;
    static final int UNVISITED = -1;
    /** {@code edgeCount} of a node not evaluated yet. */
    static final int UNEXPANDED = -1;
    /** Flag: the game is over at this node; {@code rawValue} is the exact result. */
    static final byte TERMINAL = 1;
    /** Flag: selected as a leaf and waiting for its evaluation in the current batch. */
    static final byte PENDING = 2;

    int nodeCount;
    /** Completed visits: backed-up simulations through the node, its own evaluation included. */
    int[] visits;
    /** Simulations in flight through the node (virtual loss). */
    int[] inFlight;
    float[] valueSum;
    float[] valueSquareSum;
    float[] winLossSum;
    float[] scoreSum;
    /** The evaluator's value of the node, or its exact value when terminal. */
    float[] rawValue;
    /** The evaluator's expected score margin of the node, or its exact margin when terminal. */
    float[] rawScore;
    byte[] player;
    byte[] flags;
    int[] firstEdge;
    int[] edgeCount;

    int edgesUsed;
    int[] edgeAction;
    float[] edgePrior;
    int[] edgeChild;

    /** Old node id of each new node during {@link #copySubtree}. */
    private int[] sourceOf;

    SearchTree(int nodeCapacity, int edgeCapacity) {
        visits = new int[nodeCapacity];
        inFlight = new int[nodeCapacity];
        valueSum = new float[nodeCapacity];
        valueSquareSum = new float[nodeCapacity];
        winLossSum = new float[nodeCapacity];
        scoreSum = new float[nodeCapacity];
        rawValue = new float[nodeCapacity];
        rawScore = new float[nodeCapacity];
        player = new byte[nodeCapacity];
        flags = new byte[nodeCapacity];
        firstEdge = new int[nodeCapacity];
        edgeCount = new int[nodeCapacity];
        sourceOf = new int[nodeCapacity];
        edgeAction = new int[edgeCapacity];
        edgePrior = new float[edgeCapacity];
        edgeChild = new int[edgeCapacity];
    }

    void clear() {
        nodeCount = 0;
        edgesUsed = 0;
    }

    /** A fresh unexpanded node with {@code toMove} to play; returns its id. */
    int newNode(int toMove) {
        if (nodeCount == visits.length) {
            growNodes();
        }
        int n = nodeCount++;
        visits[n] = 0;
        inFlight[n] = 0;
        valueSum[n] = 0f;
        valueSquareSum[n] = 0f;
        winLossSum[n] = 0f;
        scoreSum[n] = 0f;
        rawValue[n] = 0f;
        rawScore[n] = 0f;
        player[n] = (byte) toMove;
        flags[n] = 0;
        firstEdge[n] = 0;
        edgeCount[n] = UNEXPANDED;
        return n;
    }

    /** Reserves {@code count} consecutive edges; returns the first. */
    int newEdges(int count) {
        if (edgesUsed + count > edgeAction.length) {
            int capacity = Math.max(edgeAction.length * 2, edgesUsed + count);
            edgeAction = Arrays.copyOf(edgeAction, capacity);
            edgePrior = Arrays.copyOf(edgePrior, capacity);
            edgeChild = Arrays.copyOf(edgeChild, capacity);
        }
        int first = edgesUsed;
        edgesUsed += count;
        return first;
    }

    private void growNodes() {
        int capacity = visits.length * 2;
        visits = Arrays.copyOf(visits, capacity);
        inFlight = Arrays.copyOf(inFlight, capacity);
        valueSum = Arrays.copyOf(valueSum, capacity);
        valueSquareSum = Arrays.copyOf(valueSquareSum, capacity);
        winLossSum = Arrays.copyOf(winLossSum, capacity);
        scoreSum = Arrays.copyOf(scoreSum, capacity);
        rawValue = Arrays.copyOf(rawValue, capacity);
        rawScore = Arrays.copyOf(rawScore, capacity);
        player = Arrays.copyOf(player, capacity);
        flags = Arrays.copyOf(flags, capacity);
        firstEdge = Arrays.copyOf(firstEdge, capacity);
        edgeCount = Arrays.copyOf(edgeCount, capacity);
        sourceOf = Arrays.copyOf(sourceOf, capacity);
    }

    boolean isExpanded(int n) {
        return edgeCount[n] != UNEXPANDED;
    }

    boolean isTerminal(int n) {
        return (flags[n] & TERMINAL) != 0;
    }

    boolean isPending(int n) {
        return (flags[n] & PENDING) != 0;
    }

    /** Mean value of node {@code n} from the view of its own player to move. */
    float meanValue(int n) {
        return valueSum[n] / visits[n];
    }

    /** Mean value of child {@code c} from the view of player {@code p} (normally the parent's player to move). */
    float meanValueFor(int c, int p) {
        float q = valueSum[c] / visits[c];
        return player[c] == p ? q : -q;
    }

    /** The edge of {@code n} playing {@code action}, or -1. */
    int edgeFor(int n, int action) {
        int first = firstEdge[n];
        int end = first + Math.max(0, edgeCount[n]);
        for (int e = first; e < end; e++) {
            if (edgeAction[e] == action) {
                return e;
            }
        }
        return -1;
    }

    /** The child of {@code n} reached by {@code action}, or {@link #UNVISITED}. */
    int childFor(int n, int action) {
        int e = edgeFor(n, action);
        return e < 0 ? UNVISITED : edgeChild[e];
    }

    /**
     * Replaces this tree's content with the subtree of {@code source} under {@code sourceRoot}, which becomes
     * {@link #ROOT}; nodes are renumbered breadth-first so the pool stays compact.
     */
    void copySubtree(SearchTree source, int sourceRoot) {
        clear();
        copyNode(source, sourceRoot);
        for (int n = 0; n < nodeCount; n++) {
            int s = sourceOf[n];
            int count = source.edgeCount[s];
            if (count <= 0) {
                continue;
            }
            int first = newEdges(count);
            firstEdge[n] = first;
            int sourceFirst = source.firstEdge[s];
            System.arraycopy(source.edgeAction, sourceFirst, edgeAction, first, count);
            System.arraycopy(source.edgePrior, sourceFirst, edgePrior, first, count);
            for (int j = 0; j < count; j++) {
                int child = source.edgeChild[sourceFirst + j];
                edgeChild[first + j] = child == UNVISITED ? UNVISITED : copyNode(source, child);
            }
        }
    }

    private int copyNode(SearchTree source, int s) {
        int n = newNode(source.player[s]);
        visits[n] = source.visits[s];
        valueSum[n] = source.valueSum[s];
        valueSquareSum[n] = source.valueSquareSum[s];
        winLossSum[n] = source.winLossSum[s];
        scoreSum[n] = source.scoreSum[s];
        rawValue[n] = source.rawValue[s];
        rawScore[n] = source.rawScore[s];
        flags[n] = source.flags[s];
        edgeCount[n] = source.edgeCount[s];
        sourceOf[n] = s;
        return n;
    }
}
