package org.tengen.search;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;
import org.tengen.env.board.Board;
import org.tengen.env.board.Stone;
import org.tengen.env.features.FeatureSet;
import org.tengen.env.game.Game;
import org.tengen.env.rules.Rules;
import org.tengen.env.vec.VecEnv;

/**
 * Searches G games at once, one independent tree per game, so that leaf evaluations are batched: each step
 * collects up to {@code leavesPerTree} leaves from every tree that still has budget, evaluates them in one
 * {@link LeafEvaluator} call, then expands them and backs their values up.
 *
 * <p>Buffers, allocated once: batch slots {@code S = trees * leavesPerTree} are the slots of a leaf {@link VecEnv}:
 * each is loaded from its tree's root position, played along the selected path and observed once, so its legal mask
 * {@code [S, actionCount]} (row-major, pass last) and observation are written in place and read there by the
 * evaluator; priors {@code [S, actionCount]} and values {@code [S]}. Trees are struct-of-
 * arrays pools ({@link SearchTree}) recycled between moves and grown only when full, so steady-state simulations
 * allocate nothing.
 *
 * <p>Tree reuse (PUCT): a search first looks for the given position in the previous tree, as the same root, one
 * move below it (the move just played) or two moves below it (the move this search chose, then the opponent's
 * reply), checking the position itself; it then keeps that subtree with its visit counts.
 *
 * <p>Ownership: when the observer of a search asks for it ({@link SearchObserver#wantsOwnership}) and the evaluator
 * predicts it, the search averages each root's ownership over the leaves it evaluates ({@link #ownership}); a search
 * that is not asked reads no ownership and adds nothing.
 *
 * <p>Randomness: tree {@code t} draws from its own generator seeded with {@link Seeds#mix Seeds.mix(seed, t)}, so
 * a tree's result does not depend on the other trees (with a deterministic evaluator), and searches with nearby seeds
 * share no stream. Not thread-safe: one instance per thread.
 */
public final class BatchedSearch {
    private static final int LEAF = 0;
    private static final int FINISHED = 1;
    private static final int COLLISION = 2;
    /** The deadline of a search without one. */
    public static final long NO_DEADLINE = Long.MIN_VALUE;
    /** Standard deviations below the mean utility of KataGo's lower confidence bound ({@code lcbStdevs}). */
    private static final double LCB_STDEVS = 5;

    private final SearchConfig config;
    private final Rules rules;
    private final LeafEvaluator evaluator;
    private final int treeCount;
    private final int actionCount;
    private final boolean gumbelSearch;
    private final Gumbel gumbel;
    /** Gumbel considered-visit tables {@code [m + 1][budget]} for full and cheap searches. */
    private final int[][] fullTable;
    private final int[][] cheapTable;

    // Per tree.
    private final SearchTree[] trees;
    private final SearchTree[] spares;
    private final Game[] roots;
    private final SplittableRandom[] randoms;
    private final SearchResult[] results;
    private final boolean[] active;
    private final boolean[] full;
    private final boolean[] rootNoised;
    private final int[] budget;
    private final int[] started;
    private final int[] considered;
    /** Action chosen by the last search of each tree, for reuse two moves down; -1 if none. */
    private final int[] lastChosen;
    /** Gumbel root scores {@code g + log prior}, {@code [trees, actionCount]} indexed by root edge ordinal. */
    private final float[] rootScores;

    // Per batch slot.
    private final int slots;
    private final FeatureSet leafFeatures;
    /** The leaf slots (made when the first games arrive: they must keep as many past positions as the roots). */
    private VecEnv leaves;
    /** Scratch game for finding a reusable subtree and for a leaf's pass-back result. */
    private Game probe;
    private final int[][] paths;
    private final int[] pathLength;
    private final int[] slotTree;
    private final int[] slotNode;
    private final float[] policy;
    private final float[] value;
    private final float[] score;
    /** Per tree: the root's expected score (root player's view), the centre of the score utility. */
    private final float[] scoreCenter;
    /** The score utility's scale in points: half the square root of the area (2.5 points on 5x5, 4.5 on 9x9). */
    private final float scoreScale;
    /** Black's largest possible final margin, the whole board less komi; the smallest is {@link #blackMinScore}. */
    private final float blackMaxScore;
    private final float blackMinScore;
    private final double[] noise;
    private int keptPositions;
    /** Whether the current search averages ownership; its buffers are made by the first search that does. */
    private boolean tracking;
    private RootOwnership rootOwnership;
    /** {@code [S, area]}: the leaves' ownership, each from its player to move's view. */
    private float[] leafOwnership;

    /**
     * A search over {@code trees} games with {@code rules}.
     *
     * @param config    the search's parameters
     * @param rules     the rules of every game searched
     * @param trees     games searched together, one tree each
     * @param evaluator evaluates the leaves; its {@code maxBatch()} must be at least
     *                  {@code trees * config.leavesPerTree()}
     * @param seed      seed of the noise, the Gumbel draws and the sampled moves
     */
    public BatchedSearch(SearchConfig config, Rules rules, int trees, LeafEvaluator evaluator, long seed) {
        this(config, rules, trees, evaluator, seed, 0);
    }

    /** As the public constructor, with tree {@code t} drawing the stream of tree {@code firstTree + t}. */
    BatchedSearch(SearchConfig config, Rules rules, int trees, LeafEvaluator evaluator, long seed, int firstTree) {
        if (trees < 1) {
            throw new IllegalArgumentException("trees must be at least 1, got " + trees);
        }
        int slots = trees * config.leavesPerTree();
        if (evaluator.maxBatch() < slots) {
            throw new IllegalArgumentException("the evaluator takes batches of at most " + evaluator.maxBatch()
                    + " but " + trees + " trees x " + config.leavesPerTree() + " leaves need " + slots);
        }
        this.config = config;
        this.rules = rules;
        this.evaluator = evaluator;
        this.treeCount = trees;
        this.actionCount = rules.actionCount();
        this.gumbelSearch = config.algorithm() == SearchAlgorithm.GUMBEL;
        this.gumbel = gumbelSearch ? new Gumbel(config, actionCount) : null;
        int m = Math.min(config.gumbel().consideredActions(), actionCount);
        this.fullTable = gumbelSearch ? Gumbel.consideredVisitTable(m, config.simulations()) : null;
        this.cheapTable = gumbelSearch && config.playoutCap().fullSearchProbability() < 1
                ? Gumbel.consideredVisitTable(m, config.playoutCap().cheapSimulations()) : null;

        int nodes = config.simulations() + 2;
        int edges = nodes * Math.min(actionCount, 64);
        this.trees = new SearchTree[trees];
        this.spares = new SearchTree[trees];
        this.roots = new Game[trees];
        this.randoms = new SplittableRandom[trees];
        this.results = new SearchResult[trees];
        for (int t = 0; t < trees; t++) {
            this.trees[t] = new SearchTree(nodes, edges);
            this.spares[t] = config.puct().reuseTree() ? new SearchTree(nodes, edges) : null;
            this.randoms[t] = new SplittableRandom(Seeds.mix(seed, firstTree + t));
            this.results[t] = new SearchResult(actionCount);
        }
        this.active = new boolean[trees];
        this.full = new boolean[trees];
        this.rootNoised = new boolean[trees];
        this.budget = new int[trees];
        this.started = new int[trees];
        this.considered = new int[trees];
        this.lastChosen = new int[trees];
        Arrays.fill(lastChosen, -1);
        this.rootScores = gumbelSearch ? new float[trees * actionCount] : null;

        this.slots = slots;
        this.leafFeatures = evaluator.features();
        this.paths = new int[slots][64];
        this.pathLength = new int[slots];
        this.slotTree = new int[slots];
        this.slotNode = new int[slots];
        this.policy = new float[slots * actionCount];
        this.value = new float[slots];
        this.score = new float[slots];
        this.scoreCenter = new float[treeCount];
        this.scoreScale = (float) (0.5 * Math.sqrt(rules.area()));
        this.blackMaxScore = (float) (rules.area() - rules.effectiveKomi());
        this.blackMinScore = (float) (-rules.area() - rules.effectiveKomi());
        this.noise = new double[actionCount];
    }

    /** {@return the search's parameters} */
    public SearchConfig config() {
        return config;
    }

    /** {@return the games searched together}, one tree each */
    public int trees() {
        return treeCount;
    }

    /**
     * {@return the result of tree {@code t}'s last search} (reused: see {@link SearchResult})
     *
     * @param t the tree, as the index of its game
     */
    public SearchResult result(int t) {
        return results[t];
    }

    /** The tree of game {@code t}, for tests. */
    SearchTree tree(int t) {
        return trees[t];
    }

    /**
     * Searches every game {@code games[t]} (length {@link #trees()}) that is not null and fills
     * {@link #result(int) result(t)}; null entries are skipped. Games are not modified; all must have this
     * search's rules, keep the same number of past positions, and still be playing.
     *
     * @param games {@code [trees()]}, null where no search is wanted
     */
    public void search(Game[] games) {
        search(games, Integer.MAX_VALUE, NO_DEADLINE);
    }

    /**
     * {@link #search(Game[])} with limits, for time control: each tree runs at most {@code maxSimulations} (and at
     * most the config's budget), and the search stops after the first batch that ends at or after
     * {@code deadlineNanos} (a {@link System#nanoTime()} value; {@link #NO_DEADLINE} for none). Every tree gets at
     * least one simulation, so a past deadline still yields a move; a Gumbel search cut short chooses among the
     * actions it still considers. The clock is read once per batch, which allocates nothing.
     *
     * @param games          {@code [trees()]}, null where no search is wanted
     * @param maxSimulations simulations per tree, at least 1
     * @param deadlineNanos  when to stop, or {@link #NO_DEADLINE}
     */
    public void search(Game[] games, int maxSimulations, long deadlineNanos) {
        search(games, maxSimulations, deadlineNanos, SearchObserver.NONE);
    }

    /**
     * {@link #search(Game[], int, long)} watched by {@code observer} after every batch of leaves; it may end the
     * search early (the move is then chosen as at a deadline).
     *
     * @param games          {@code [trees()]}, null where no search is wanted
     * @param maxSimulations simulations per tree, at least 1
     * @param deadlineNanos  when to stop, or {@link #NO_DEADLINE}
     * @param observer       sees the search after every batch, and may end it
     */
    public void search(Game[] games, int maxSimulations, long deadlineNanos, SearchObserver observer) {
        if (maxSimulations < 1) {
            throw new IllegalArgumentException("maxSimulations must be at least 1, got " + maxSimulations);
        }
        boolean timed = deadlineNanos != NO_DEADLINE;
        prepareGames(games);
        tracking = observer.wantsOwnership() && evaluator.predictsOwnership();
        if (tracking && rootOwnership == null) {
            rootOwnership = new RootOwnership(treeCount, rules.area());
            leafOwnership = new float[slots * rules.area()];
        }
        int batch = 0;
        for (int t = 0; t < treeCount; t++) {
            active[t] = games[t] != null;
            if (!active[t]) {
                continue;
            }
            boolean sameRoot = prepareRoot(t, games[t]);
            if (rootOwnership != null) {
                if (!tracking) {
                    rootOwnership.invalidate(t);
                } else if (!sameRoot || !rootOwnership.tracked(t)) {
                    rootOwnership.reset(t);
                }
            }
            scoreCenter[t] = trees[t].rawScore[SearchTree.ROOT];
            double fullProbability = config.playoutCap().fullSearchProbability();
            full[t] = fullProbability >= 1 || randoms[t].nextDouble() < fullProbability;
            budget[t] = Math.min(config.budget(full[t]), maxSimulations);
            started[t] = 0;
            if (!trees[t].isExpanded(SearchTree.ROOT)) {
                queueRoot(t, batch++);
            }
        }
        evaluateBatch(batch);
        for (int t = 0; t < treeCount; t++) {
            if (active[t]) {
                prepareRootPriors(t);
            }
        }
        boolean remaining = true;
        while (remaining) {
            remaining = false;
            batch = 0;
            for (int t = 0; t < treeCount; t++) {
                if (!active[t]) {
                    continue;
                }
                for (int l = 0; l < config.leavesPerTree() && started[t] < budget[t]; l++) {
                    int outcome = collect(t, batch);
                    if (outcome == COLLISION) {
                        break;
                    }
                    started[t]++;
                    if (outcome == LEAF) {
                        batch++;
                    }
                }
                remaining |= started[t] < budget[t];
            }
            evaluateBatch(batch);
            if (timed && remaining && System.nanoTime() - deadlineNanos >= 0) {
                remaining = false;
            }
            if (!observer.afterBatch(this, !remaining)) {
                remaining = false;
            }
        }
        for (int t = 0; t < treeCount; t++) {
            if (active[t]) {
                finish(t, games[t]);
            }
        }
    }

    private void prepareGames(Game[] games) {
        if (games.length != treeCount) {
            throw new IllegalArgumentException("expected " + treeCount + " games (one per tree), got " + games.length);
        }
        int kept = 0;
        for (int t = 0; t < treeCount; t++) {
            Game g = games[t];
            if (g == null) {
                continue;
            }
            if (!g.rules().equals(rules)) {
                throw new IllegalArgumentException("game " + t + " has rules " + g.rules().describe()
                        + " but the search was built for " + rules.describe());
            }
            if (g.isOver()) {
                throw new IllegalArgumentException("game " + t + " is over (" + g.status() + "); nothing to search");
            }
            if (kept == 0) {
                kept = g.keptPositions();
            } else if (g.keptPositions() != kept) {
                throw new IllegalArgumentException("games keep different numbers of past positions: " + kept
                        + " and " + g.keptPositions());
            }
        }
        if (kept != 0 && kept != keptPositions) {
            keptPositions = kept;
            if (leaves != null) {
                leaves.close();
            }
            leaves = VecEnv.slots(rules, slots, leafFeatures, kept);
            probe = new Game(rules, kept);
            for (int t = 0; t < treeCount; t++) {
                roots[t] = new Game(rules, kept);
                trees[t].clear();
            }
        }
    }

    /**
     * Makes tree {@code t}'s root the position of {@code game}, keeping a matching subtree when reuse is on; true when
     * the root stays the same node of the same tree.
     */
    private boolean prepareRoot(int t, Game game) {
        SearchTree tree = trees[t];
        if (config.puct().reuseTree() && tree.nodeCount > 0) {
            if (sameState(roots[t], game)) {
                return true;
            }
            int node = reusableNode(t, game);
            if (node != SearchTree.UNVISITED) {
                spares[t].copySubtree(tree, node);
                trees[t] = spares[t];
                spares[t] = tree;
                roots[t].copyFrom(game);
                rootNoised[t] = false;
                return false;
            }
        }
        tree.clear();
        tree.newNode(game.toMove());
        roots[t].copyFrom(game);
        rootNoised[t] = false;
        return false;
    }

    /** The node of tree {@code t} holding {@code game}'s position one or two moves below the root, or UNVISITED. */
    private int reusableNode(int t, Game game) {
        int steps = game.turns() - roots[t].turns();
        if (steps == 1) {
            return follow(t, game.lastAction(), -1, game);
        }
        if (steps == 2 && lastChosen[t] >= 0) {
            return follow(t, lastChosen[t], game.lastAction(), game);
        }
        return SearchTree.UNVISITED;
    }

    private int follow(int t, int first, int second, Game game) {
        SearchTree tree = trees[t];
        probe.copyFrom(roots[t]);
        int node = SearchTree.ROOT;
        for (int step = 0; step < 2; step++) {
            int action = step == 0 ? first : second;
            if (action < 0) {
                break;
            }
            if (!probe.isLegal(action)) {
                return SearchTree.UNVISITED;
            }
            probe.playLegal(action);
            node = tree.childFor(node, action);
            if (node == SearchTree.UNVISITED || !tree.isExpanded(node)) {
                return SearchTree.UNVISITED;
            }
        }
        return sameState(probe, game) ? node : SearchTree.UNVISITED;
    }

    private static boolean sameState(Game a, Game b) {
        return a.turns() == b.turns() && a.toMove() == b.toMove() && a.status() == b.status()
                && a.lastAction() == b.lastAction() && a.consecutivePasses() == b.consecutivePasses()
                && a.board().hash() == b.board().hash() && a.board().koLoc() == b.board().koLoc();
    }

    private void queueRoot(int t, int b) {
        SearchTree tree = trees[t];
        leaves.load(b, roots[t]);
        paths[b][0] = SearchTree.ROOT;
        pathLength[b] = 1;
        tree.inFlight[SearchTree.ROOT]++;
        tree.flags[SearchTree.ROOT] |= SearchTree.PENDING;
        queueLeaf(t, SearchTree.ROOT, b);
    }

    private void queueLeaf(int t, int node, int b) {
        slotTree[b] = t;
        slotNode[b] = node;
        leaves.observe(b);
    }

    /** Noise for full PUCT searches; Gumbel root scores and the number of considered actions. */
    private void prepareRootPriors(int t) {
        SearchTree tree = trees[t];
        if (gumbelSearch) {
            considered[t] = Math.min(config.gumbel().consideredActions(), tree.edgeCount[SearchTree.ROOT]);
            Gumbel.sampleRootScores(tree, config.gumbel().gumbelScale(), randoms[t], rootScores, t * actionCount);
        } else if (full[t] && config.puct().dirichletEpsilon() > 0 && !rootNoised[t]) {
            Puct.addDirichletNoise(tree, SearchTree.ROOT, config.puct().dirichletAlphaScale(),
                    config.puct().dirichletEpsilon(), randoms[t], noise);
            rootNoised[t] = true;
        }
    }

    /**
     * Runs one simulation of tree {@code t} down to a new leaf, queued in batch slot {@code b} (LEAF), or to a
     * terminal node, backed up at once (FINISHED), or into a leaf already queued this step (COLLISION, undone).
     */
    private int collect(int t, int b) {
        SearchTree tree = trees[t];
        leaves.load(b, roots[t]);
        Game g = leaves.game(b);
        int[] path = paths[b];
        int depth = 0;
        int node = SearchTree.ROOT;
        path[depth++] = node;
        tree.inFlight[node]++;
        while (true) {
            int e = selectEdge(t, tree, node, depth == 1);
            int action = tree.edgeAction[e];
            leaves.play(b, action);
            int child = tree.edgeChild[e];
            boolean created = child == SearchTree.UNVISITED;
            if (created) {
                child = tree.newNode(g.toMove());
                tree.edgeChild[e] = child;
            }
            if (depth == path.length) {
                path = paths[b] = Arrays.copyOf(path, depth * 2);
            }
            path[depth++] = child;
            tree.inFlight[child]++;
            node = child;
            if (created) {
                if (g.isOver()) {
                    tree.flags[node] = SearchTree.TERMINAL;
                    tree.edgeCount[node] = 0;
                    tree.rawScore[node] = GameValues.score(g, g.toMove());
                    tree.rawValue[node] = utility(t, g.toMove(), GameValues.outcome(g, g.toMove()),
                            tree.rawScore[node]);
                    if (tracking) {
                        rootOwnership.addFinal(t, g, tree.player[SearchTree.ROOT]);
                    }
                    backupTerminal(tree, path, depth);
                    return FINISHED;
                }
                tree.flags[node] = SearchTree.PENDING;
                pathLength[b] = depth;
                queueLeaf(t, node, b);
                return LEAF;
            }
            if (tree.isTerminal(node)) {
                if (tracking) {
                    rootOwnership.addFinal(t, g, tree.player[SearchTree.ROOT]);
                }
                backupTerminal(tree, path, depth);
                return FINISHED;
            }
            if (tree.isPending(node)) {
                for (int i = 0; i < depth; i++) {
                    tree.inFlight[path[i]]--;
                }
                return COLLISION;
            }
        }
    }

    private int selectEdge(int t, SearchTree tree, int node, boolean atRoot) {
        if (!gumbelSearch) {
            return Puct.select(tree, node, config.puct().cPuct(), config.puct().fpuReduction(),
                    atRoot && full[t] ? config.puct().forcedPlayouts() : 0f);
        }
        if (atRoot) {
            int[][] table = full[t] ? fullTable : cheapTable;
            int consideredVisit = table[considered[t]][started[t]];
            return gumbel.selectRoot(tree, rootScores, t * actionCount, consideredVisit);
        }
        return gumbel.selectInterior(tree, node);
    }

    /** Evaluates the first {@code batch} slots, expands their leaves and backs their values up. */
    private void evaluateBatch(int batch) {
        if (batch == 0) {
            return;
        }
        evaluator.evaluate(batch, leaves, policy, value, score, tracking ? leafOwnership : null);
        for (int b = 0; b < batch; b++) {
            int t = slotTree[b];
            SearchTree tree = trees[t];
            int node = slotNode[b];
            score[b] = possibleScore(tree.player[node], score[b]);
            if (node == SearchTree.ROOT) {
                scoreCenter[t] = score[b];
            }
            float u = utility(t, tree.player[node], value[b], score[b]);
            if (config.passBound()) {
                u = passBound(t, b, u);
            }
            if (tracking) {
                rootOwnership.add(t, tree.player[node] == tree.player[SearchTree.ROOT] ? 1f : -1f, leafOwnership,
                        b * rules.area());
            }
            expand(tree, node, b, u);
            backup(tree, paths[b], pathLength[b], tree.rawValue[node], value[b], score[b]);
        }
    }

    /**
     * Margin {@code s} of {@code player}'s view moved into the margins a game can end with (the whole board to either
     * side, komi counted), so that no estimate's score utility exceeds that of an exact result owning the whole board.
     */
    private float possibleScore(int player, float s) {
        float max = player == Stone.BLACK ? blackMaxScore : -blackMinScore;
        float min = player == Stone.BLACK ? blackMinScore : -blackMaxScore;
        return Math.max(min, Math.min(max, s));
    }

    /**
     * The utility of a leaf whose player {@code player} has value {@code v} and expected margin {@code s}: {@code v},
     * plus with a score utility weight {@code w}, {@code w (2/pi) atan((s - c) / scale)} where {@code c} is the root's
     * expected margin from {@code player}'s view, so that among equally won (or lost) lines the search prefers the
     * larger margin (KataGo's score utility, Wu 2019).
     */
    private float utility(int t, int player, float v, float s) {
        float weight = config.scoreUtility();
        if (weight == 0f) {
            return v;
        }
        float center = player == trees[t].player[SearchTree.ROOT] ? scoreCenter[t] : -scoreCenter[t];
        return Puct.utility(v, s, weight, center, scoreScale);
    }

    /**
     * Leaf {@code b}'s utility {@code u} raised to the exact utility of passing back when its previous move was a pass
     * and a pass now ends the game: the player to move can always choose that (SearchConfig#passBound). The score then
     * and value become that result's. Copies the leaf's game only after a pass, which is rare.
     */
    private float passBound(int t, int b, float u) {
        Game g = leaves.game(b);
        if (!passEnds(g)) {
            return u;
        }
        int player = g.toMove();
        float s = GameValues.score(probe, player);
        float outcome = GameValues.outcome(probe, player);
        float ended = utility(t, player, outcome, s);
        if (ended <= u) {
            return u;
        }
        value[b] = outcome;
        score[b] = s;
        if (tracking) {
            // The leaf is worth the game ended here, so its ownership is that game's exact count.
            int offset = b * rules.area();
            probe.ownership(leafOwnership, offset);
            if (player != Stone.BLACK) {
                for (int p = offset; p < offset + rules.area(); p++) {
                    leafOwnership[p] = -leafOwnership[p];
                }
            }
        }
        return ended;
    }

    /** Whether {@code action} in {@code g} is a point next to a stone of the opponent of the player to move. */
    private static boolean touchesOpponent(Game g, int action) {
        if (action == g.passAction()) {
            return false;
        }
        Board board = g.board();
        int loc = board.locOfAction(action);
        int opponent = Stone.opponent(g.toMove());
        for (int d = 0; d < 4; d++) {
            if (board.colour(board.neighbour(loc, d)) == opponent) {
                return true;
            }
        }
        return false;
    }

    /** Whether passing in {@code g} ends the game (the opponent passed last); {@link #probe} then holds the end. */
    private boolean passEnds(Game g) {
        if (g.consecutivePasses() == 0 || !g.isLegal(g.passAction())) {
            return false;
        }
        probe.copyFrom(g);
        probe.playLegal(probe.passAction());
        return probe.isOver();
    }

    /**
     * Gives leaf {@code n} one edge per legal action with the evaluator's priors renormalised over them, and its
     * utility.
     */
    private void expand(SearchTree tree, int n, int b, float utility) {
        int count = leaves.legalCounts()[b];
        boolean[] legal = leaves.legalMask();
        int first = tree.newEdges(count);
        int offset = b * actionCount;
        float sum = 0f;
        for (int a = 0; a < actionCount; a++) {
            if (legal[offset + a]) {
                sum += Math.max(policy[offset + a], 0f);
            }
        }
        int e = first;
        for (int a = 0; a < actionCount; a++) {
            if (legal[offset + a]) {
                tree.edgeAction[e] = a;
                tree.edgePrior[e] = sum > 0 ? Math.max(policy[offset + a], 0f) / sum : 1f / count;
                tree.edgeChild[e] = SearchTree.UNVISITED;
                e++;
            }
        }
        tree.firstEdge[n] = first;
        tree.edgeCount[n] = count;
        tree.rawValue[n] = utility;
        tree.rawScore[n] = score[b];
        tree.flags[n] &= ~SearchTree.PENDING;
    }

    /** Backs up a terminal leaf's exact values: its outcome is the sign of its margin (see {@link GameValues}). */
    private static void backupTerminal(SearchTree tree, int[] path, int depth) {
        int leaf = path[depth - 1];
        backup(tree, path, depth, tree.rawValue[leaf], Math.signum(tree.rawScore[leaf]), tree.rawScore[leaf]);
    }

    /**
     * Adds the leaf's utility {@code v}, win/loss value {@code winLoss} and margin {@code s} (all from the view of the
     * leaf's player to move) to every node of the path, negated for nodes whose player to move differs, and releases
     * the path's virtual loss.
     */
    private static void backup(SearchTree tree, int[] path, int depth, float v, float winLoss, float s) {
        int leafPlayer = tree.player[path[depth - 1]];
        for (int i = 0; i < depth; i++) {
            int n = path[i];
            tree.visits[n]++;
            tree.inFlight[n]--;
            float sign = tree.player[n] == leafPlayer ? 1f : -1f;
            tree.valueSum[n] += sign * v;
            tree.valueSquareSum[n] += v * v;
            tree.winLossSum[n] += sign * winLoss;
            tree.scoreSum[n] += sign * s;
        }
    }

    /**
     * Writes tree {@code t}'s search-averaged root ownership to {@code out[0 .. area)}: every point (row-major, as
     * actions) in [-1, 1], +1 owned by the root's player to move, averaged over the leaves evaluated since the root was
     * set (a root kept from an earlier search by tree reuse counts only the leaves evaluated after that). Call between
     * searches or from a {@link SearchObserver}.
     *
     * @param t   the tree
     * @param out receives the ownership, {@code area} floats
     * @return false, with nothing written, when the searches of this root did not track ownership (see
     *         {@link SearchObserver#wantsOwnership}) or the evaluator predicts none
     */
    public boolean ownership(int t, float[] out) {
        return rootOwnership != null && rootOwnership.average(t, out);
    }

    /**
     * {@return whether the current (or last) search averages ownership}: its observer asked and its evaluator predicts
     * ownership.
     */
    public boolean tracksOwnership() {
        return tracking;
    }

    /**
     * {@return the leaves behind {@link #ownership}'s average for tree {@code t}}; 0 when it has none.
     *
     * @param t the tree
     */
    public int ownershipLeaves(int t) {
        return rootOwnership == null ? 0 : rootOwnership.count(t);
    }

    /**
     * What tree {@code t} knows now: the root's statistics and every legal root action with its principal variation
     * of at most {@code pvLength} moves. Call between searches or from a {@link SearchObserver}; allocates.
     *
     * @param t        the tree
     * @param pvLength the longest principal variation to list
     * @return a copy of what the tree knows
     */
    public SearchSnapshot snapshot(int t, int pvLength) {
        SearchTree tree = trees[t];
        int player = tree.player[SearchTree.ROOT];
        float range = 1f + config.scoreUtility();
        List<SearchSnapshot.Candidate> candidates = new ArrayList<>();
        int first = tree.firstEdge[SearchTree.ROOT];
        for (int e = first; e < first + Math.max(0, tree.edgeCount[SearchTree.ROOT]); e++) {
            int child = tree.edgeChild[e];
            int visits = child == SearchTree.UNVISITED ? 0 : tree.visits[child];
            int[][] pv = principalVariation(tree, e, pvLength);
            if (visits == 0) {
                candidates.add(new SearchSnapshot.Candidate(tree.edgeAction[e], 0, tree.edgePrior[e], -range, -1f, 0f,
                        (float) (2 * range * LCB_STDEVS), pv[0], pv[1]));
                continue;
            }
            float sign = tree.player[child] == player ? 1f : -1f;
            float utility = sign * tree.valueSum[child] / visits;
            candidates.add(new SearchSnapshot.Candidate(tree.edgeAction[e], visits, tree.edgePrior[e], utility,
                    sign * tree.winLossSum[child] / visits, sign * tree.scoreSum[child] / visits,
                    lcbRadius(visits, utility, tree.valueSquareSum[child] / visits, range), pv[0], pv[1]));
        }
        candidates.sort(Comparator.comparingInt(SearchSnapshot.Candidate::visits).reversed()
                .thenComparing(Comparator.comparingDouble(SearchSnapshot.Candidate::prior).reversed()));
        int visits = tree.visits[SearchTree.ROOT];
        float perVisit = visits == 0 ? 0f : 1f / visits;
        float[] ownership = new float[rules.area()];
        return new SearchSnapshot(player, visits, tree.valueSum[SearchTree.ROOT] * perVisit,
                tree.winLossSum[SearchTree.ROOT] * perVisit, tree.scoreSum[SearchTree.ROOT] * perVisit, range,
                List.copyOf(candidates), ownership(t, ownership) ? ownership : null);
    }

    /**
     * KataGo's radius of the lower confidence bound on a mean utility of {@code n} equally weighted visits: the
     * standard error times {@value #LCB_STDEVS}, with a prior of weight 1/n^2 that the variance is the largest the
     * utility range allows, so that few visits give a wide bound.
     */
    private static float lcbRadius(int n, float mean, float meanSquare, float range) {
        double square = Math.max(meanSquare, (double) mean * mean + 1e-8);
        double priorWeight = 1.0 / ((double) n * n);
        square = (square * n + (square + (double) range * range) * priorWeight) / (n + priorWeight);
        double weight = n + priorWeight;
        double effective = weight * weight / (n + priorWeight * priorWeight);
        return (float) (LCB_STDEVS * Math.sqrt(Math.max(0, square - (double) mean * mean) / effective));
    }

    /**
     * The moves from root edge {@code e} down the most visited children (ties to the higher prior), at most
     * {@code length}, and the visits of the node each leads to: {@code {pv, pvVisits}}.
     */
    private static int[][] principalVariation(SearchTree tree, int e, int length) {
        int[] moves = new int[length];
        int[] visits = new int[length];
        int count = 0;
        while (e >= 0 && count < length) {
            int node = tree.edgeChild[e];
            moves[count] = tree.edgeAction[e];
            visits[count++] = node == SearchTree.UNVISITED ? 0 : tree.visits[node];
            e = -1;
            if (node != SearchTree.UNVISITED && tree.isExpanded(node) && !tree.isTerminal(node)) {
                int best = 0;
                for (int c = tree.firstEdge[node]; c < tree.firstEdge[node] + tree.edgeCount[node]; c++) {
                    int child = tree.edgeChild[c];
                    int v = child == SearchTree.UNVISITED ? 0 : tree.visits[child];
                    if (v > best || v == best && v > 0 && tree.edgePrior[c] > tree.edgePrior[e]) {
                        best = v;
                        e = c;
                    }
                }
            }
        }
        return new int[][] {Arrays.copyOf(moves, count), Arrays.copyOf(visits, count)};
    }

    private void finish(int t, Game game) {
        SearchTree tree = trees[t];
        SearchResult result = results[t];
        result.clearArrays();
        int first = tree.firstEdge[SearchTree.ROOT];
        int count = tree.edgeCount[SearchTree.ROOT];
        int[] visits = result.visits();
        float[] priors = result.priors();
        float[] values = result.values();
        int player = tree.player[SearchTree.ROOT];
        int total = 0;
        for (int e = first; e < first + count; e++) {
            int a = tree.edgeAction[e];
            visits[a] = Puct.childVisits(tree, e);
            priors[a] = tree.edgePrior[e];
            values[a] = visits[a] > 0 ? tree.meanValueFor(tree.edgeChild[e], player) : 0f;
            total += visits[a];
        }
        int edge;
        if (gumbelSearch) {
            gumbel.improvedPolicy(tree, SearchTree.ROOT, result.policy());
            edge = gumbel.chooseRoot(tree, rootScores, t * actionCount);
        } else {
            float[] target = result.policy();
            if (config.puct().forcedPlayouts() > 0 && full[t]) {
                Puct.prunedTarget(tree, SearchTree.ROOT, config.puct().cPuct(), config.puct().forcedPlayouts(), target);
            } else {
                for (int e = first; e < first + count && total > 0; e++) {
                    target[tree.edgeAction[e]] = (float) visits[tree.edgeAction[e]] / total;
                }
            }
            float temperature = game.turns() < config.puct().temperatureMoves() ? config.puct().temperature() : 0f;
            edge = Puct.chooseEdge(tree, SearchTree.ROOT, temperature, randoms[t]);
            // An exact result may override only a most visited move that touches no opponent stone, which fills the
            // player's own area; one that touches an opponent stone may capture it (KataGo's ending rules spare such
            // moves too), and a win by passing back now would leave those stones standing.
            if (temperature == 0f && !touchesOpponent(game, tree.edgeAction[edge])) {
                // Passing back is exact whether or not the search visited it.
                float passBack = passEnds(game) ? GameValues.score(probe, player) : Float.NaN;
                edge = Puct.exactOrMostVisited(tree, SearchTree.ROOT, edge,
                        tree.edgeFor(SearchTree.ROOT, rules.passAction()), passBack, config.scoreUtility(),
                        scoreCenter[t], scoreScale);
            }
        }
        lastChosen[t] = tree.edgeAction[edge];
        result.set(lastChosen[t], tree.meanValue(SearchTree.ROOT), full[t], started[t]);
    }
}
