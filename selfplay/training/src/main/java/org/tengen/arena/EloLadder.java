package org.tengen.arena;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Elo ratings from all games played, by a Bradley-Terry maximum a-posteriori fit:
 * {@code P(a beats b) = 1 / (1 + 10^((elo_b - elo_a) / 400))}, draws count half.
 *
 * <p>The anchor is fixed at 0 Elo. The prior is virtual draws: a weak one between each player and the anchor, which
 * keeps ratings finite for players who won or lost every game and connects players who never met the anchor, and a
 * stronger one between consecutive players of the chain (the checkpoints in training order), which are close in
 * strength by construction. A strong anchor draw would pull every player far above the anchor towards it (a player
 * at 2100 Elo fitted at about 1400); the chain draws shrink only the steps between neighbours. Intervals are 95%
 * normal intervals from the inverse Fisher information at the optimum.
 */
public final class EloLadder {
    private static final double ELO_PER_NATURAL = 400 / Math.log(10);
    /**
     * Virtual games between each player and the anchor. Their pull grows with the rating, so they are few: twenty
     * players 2000 Elo up feel one game's worth in all, and simulated ladders fit without bias (EloLadderTest).
     */
    private static final double ANCHOR_PRIOR_GAMES = 0.05;
    /**
     * Virtual games between consecutive players of the chain: next to the usual 20 real games between neighbours they
     * shrink each step by a few percent, and place a player who swept its predecessor 20-0 about 750 Elo above it,
     * with an interval wide enough to hold a much larger true step.
     */
    private static final double CHAIN_PRIOR_GAMES = 0.5;

    private EloLadder() {
    }

    /** One game: {@code scoreA} is 1 if {@code a} won, 0.5 for a draw, 0 if {@code b} won. */
    public record GameResult(String a, String b, double scoreA) {
        public GameResult {
            if (a.equals(b)) {
                throw new IllegalArgumentException("a player cannot play itself: " + a);
            }
            if (scoreA != 0 && scoreA != 0.5 && scoreA != 1) {
                throw new IllegalArgumentException("score must be 0, 0.5 or 1, got " + scoreA);
            }
        }
    }

    /** A fitted rating: Elo relative to the anchor, half-width of its 95% interval, games played. */
    public record Rating(String player, double elo, double ci95, int games, double score) {
    }

    /**
     * Fits ratings for every player in {@code results} plus the anchor; sorted best first.
     *
     * @param anchor player fixed at 0 Elo (need not appear in the results)
     * @param chain  players in training order, such as the checkpoints; those absent from the results are skipped
     */
    public static List<Rating> fit(List<GameResult> results, String anchor, List<String> chain) {
        Map<String, Integer> index = new LinkedHashMap<>();
        index.put(anchor, 0);
        for (GameResult r : results) {
            index.putIfAbsent(r.a(), index.size());
            index.putIfAbsent(r.b(), index.size());
        }
        int n = index.size();
        // Aggregate into pairwise game counts and scores: w[i][j] = points i scored against j.
        double[][] games = new double[n][n];
        double[][] points = new double[n][n];
        int[] played = new int[n];
        double[] scored = new double[n];
        for (GameResult r : results) {
            int a = index.get(r.a());
            int b = index.get(r.b());
            games[a][b]++;
            games[b][a]++;
            points[a][b] += r.scoreA();
            points[b][a] += 1 - r.scoreA();
            played[a]++;
            played[b]++;
            scored[a] += r.scoreA();
            scored[b] += 1 - r.scoreA();
        }
        for (int i = 1; i < n; i++) {
            addDraws(games, points, i, 0, ANCHOR_PRIOR_GAMES);
        }
        Integer previous = null;
        for (String player : chain) {
            Integer i = index.get(player);
            if (i != null) {
                if (previous != null) {
                    addDraws(games, points, previous, i, CHAIN_PRIOR_GAMES);
                }
                previous = i;
            }
        }
        double[] theta = new double[n];
        int m = n - 1;
        double[][] info = new double[m][m];
        for (int iter = 0; iter < 100 && m > 0; iter++) {
            double[] grad = new double[m];
            for (double[] row : info) {
                java.util.Arrays.fill(row, 0);
            }
            for (int i = 0; i < n; i++) {
                for (int j = i + 1; j < n; j++) {
                    if (games[i][j] == 0) {
                        continue;
                    }
                    double p = 1 / (1 + Math.exp(theta[j] - theta[i]));
                    double g = points[i][j] - games[i][j] * p;
                    double h = games[i][j] * p * (1 - p);
                    if (i > 0) {
                        grad[i - 1] += g;
                        info[i - 1][i - 1] += h;
                    }
                    if (j > 0) {
                        grad[j - 1] -= g;
                        info[j - 1][j - 1] += h;
                    }
                    if (i > 0 && j > 0) {
                        info[i - 1][j - 1] -= h;
                        info[j - 1][i - 1] -= h;
                    }
                }
            }
            double[] step = solve(info, grad);
            double largest = 0;
            for (int k = 0; k < m; k++) {
                // Damped Newton step: at most 2 natural units (~870 Elo) per iteration.
                double s = Math.max(-2, Math.min(2, step[k]));
                theta[k + 1] += s;
                largest = Math.max(largest, Math.abs(s));
            }
            if (largest < 1e-9) {
                break;
            }
        }
        double[][] covariance = m > 0 ? invert(info) : new double[0][0];
        List<Rating> ratings = new ArrayList<>(n);
        for (Map.Entry<String, Integer> e : index.entrySet()) {
            int i = e.getValue();
            double se = i == 0 ? 0 : Math.sqrt(Math.max(0, covariance[i - 1][i - 1]));
            ratings.add(new Rating(e.getKey(), theta[i] * ELO_PER_NATURAL, 1.96 * se * ELO_PER_NATURAL,
                    played[i], played[i] == 0 ? 0 : scored[i] / played[i]));
        }
        ratings.sort(Comparator.comparingDouble(Rating::elo).reversed());
        return ratings;
    }

    private static void addDraws(double[][] games, double[][] points, int i, int j, double count) {
        games[i][j] += count;
        games[j][i] += count;
        points[i][j] += count / 2;
        points[j][i] += count / 2;
    }

    /** Solves {@code a x = b} for symmetric positive definite {@code a} by Gaussian elimination. */
    private static double[] solve(double[][] a, double[] b) {
        int m = b.length;
        double[][] aug = new double[m][m + 1];
        for (int i = 0; i < m; i++) {
            System.arraycopy(a[i], 0, aug[i], 0, m);
            aug[i][m] = b[i];
        }
        eliminate(aug, m);
        double[] x = new double[m];
        for (int i = 0; i < m; i++) {
            x[i] = aug[i][m];
        }
        return x;
    }

    private static double[][] invert(double[][] a) {
        int m = a.length;
        double[][] aug = new double[m][2 * m];
        for (int i = 0; i < m; i++) {
            System.arraycopy(a[i], 0, aug[i], 0, m);
            aug[i][m + i] = 1;
        }
        eliminate(aug, m);
        double[][] inv = new double[m][m];
        for (int i = 0; i < m; i++) {
            System.arraycopy(aug[i], m, inv[i], 0, m);
        }
        return inv;
    }

    /** Gauss-Jordan with partial pivoting on the first {@code m} columns. */
    private static void eliminate(double[][] aug, int m) {
        int cols = aug[0].length;
        for (int c = 0; c < m; c++) {
            int pivot = c;
            for (int r = c + 1; r < m; r++) {
                if (Math.abs(aug[r][c]) > Math.abs(aug[pivot][c])) {
                    pivot = r;
                }
            }
            double[] t = aug[c];
            aug[c] = aug[pivot];
            aug[pivot] = t;
            double d = aug[c][c];
            for (int k = 0; k < cols; k++) {
                aug[c][k] /= d;
            }
            for (int r = 0; r < m; r++) {
                if (r != c && aug[r][c] != 0) {
                    double f = aug[r][c];
                    for (int k = 0; k < cols; k++) {
                        aug[r][k] -= f * aug[c][k];
                    }
                }
            }
        }
    }
}
