package org.tengen.records;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.FloatBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.tengen.env.board.Stone;
import org.tengen.env.features.FeatureSet;
import org.tengen.env.game.Game;
import org.tengen.env.game.GameResult;
import org.tengen.env.game.Status;
import org.tengen.env.io.IoErrors;
import org.tengen.models.data.TrainingShard;
import org.tengen.models.eval.InputSpec;
import org.tengen.selfplay.SampleBuffer;
import org.tengen.sgf.GameRecord;
import org.tengen.sgf.GoSgf;
import org.tengen.sgf.SgfException;
import org.tengen.sgf.SgfParser;
import org.tengen.sgf.SgfTree;

/**
 * Training shards from game records (SGF), with exactly the samples self-play writes, for pre-training a network
 * or mixing human or engine games into a run. Each game's main line is replayed through its {@link GameRecord}'s
 * history under the record's rules (board, komi, handicap and set-up stones, rules preset), and every move played by
 * the player to move becomes one sample:
 * <ul>
 *   <li>observation: the position before the move, encoded by the same {@link FeatureSet} code self-play uses;</li>
 *   <li>policy: one-hot on the move played (pass included);</li>
 *   <li>value: the result ({@code RE}) from the mover's view, +1, -1 or 0 for a draw; unknown (NaN) when the record
 *       gives no winner ({@code Void}, {@code ?}, no {@code RE});</li>
 *   <li>ownership and score: the Tromp-Taylor area count of the final position (komi included) from the mover's
 *       view, only for games that ended by two passes and whose count agrees with the winner in {@code RE}; unknown
 *       (NaN) otherwise, as for self-play's resigned games (KataGo does the same). The count takes every stone on
 *       the board as alive, so it is right for games played out (Tromp-Taylor engines, GNU Go with
 *       {@code --capture-all-dead}).</li>
 * </ul>
 * Moves that are no decision of the player to move (a move out of turn, a pass after the game ended) teach nothing.
 * Samples go into shards of about {@code shardSamples} samples (a shard ends with a game), written atomically as
 * {@code shard-NNNNN-Gg.npz} like a run's shards (earlier versions wrote {@code part-...}; any {@code .npz} reads).
 * Games on another board than the spec's are skipped and counted; a file or game that cannot be read or replayed is
 * reported in one line and skipped.
 */
public final class SgfImport {
    /** Name of a shard holding {@code games} games, as a run names its shards. */
    private static final String SHARD_NAME = "shard-%05d-%dg.npz";

    /**
     * What an import did: the games read and the shards written.
     */
    public record Summary(Reading reading, int shards) {
        /** One line for the user. */
        public String describe() {
            Reading r = reading;
            StringBuilder s = new StringBuilder(String.format(Locale.ROOT, "imported %d games from %d files: %d "
                    + "positions in %d shards, %d games with ownership and score targets", r.games(), r.files(),
                    r.positions(), shards, r.scored()));
            s.append(String.format(Locale.ROOT, "; skipped %d", r.skipped().values().stream()
                    .mapToInt(Integer::intValue).sum()));
            r.skipped().forEach((reason, n) -> s.append(String.format(Locale.ROOT, ", %d %s", n, reason)));
            return s.toString();
        }
    }

    private final FeatureSet features;
    private final InputSpec spec;
    private final int shardSamples;
    private final float[] obs;
    private final FloatBuffer obsBuffer;
    private final float[] policy;
    private final float[] ownershipBlack;
    private final float[] ownershipUnknown;
    private final SampleBuffer game;
    private int[] movers = new int[64];
    /** The legal moves at each sample of the last game, {@code spec.actionCount()} per sample. */
    private boolean[] legal = new boolean[64];
    /** Whether the last game given to {@link #samples} got ownership and score targets. */
    private boolean scored;

    /**
     * @param features     the feature set of the network to train (as the run's {@code features})
     * @param width        board columns; games on other boards are skipped
     * @param height       board rows
     * @param shardSamples samples per shard (a shard is closed at the first game end at or after this many)
     */
    public SgfImport(FeatureSet features, int width, int height, int shardSamples) {
        if (shardSamples < 1) {
            throw new IllegalArgumentException("samples per shard must be at least 1, got " + shardSamples);
        }
        this.features = features;
        this.spec = new InputSpec(features.id(), features.planes(), width, height);
        this.shardSamples = shardSamples;
        this.obs = new float[spec.observationSize()];
        this.obsBuffer = FloatBuffer.wrap(obs);
        this.policy = new float[spec.actionCount()];
        this.ownershipBlack = new float[width * height];
        this.ownershipUnknown = new float[width * height];
        Arrays.fill(ownershipUnknown, Float.NaN);
        this.game = new SampleBuffer(spec, 4 * width * height);
    }

    public InputSpec spec() {
        return spec;
    }

    /**
     * The samples of one game, in a buffer reused by the next call.
     *
     * @throws IllegalArgumentException if the game is on another board, or a move or the set-up is illegal
     */
    public SampleBuffer samples(GameRecord record) {
        if (record.rules().width() != spec.width() || record.rules().height() != spec.height()) {
            throw new IllegalArgumentException("the game is on " + boardName(record) + ", not " + spec.width() + "x"
                    + spec.height());
        }
        game.clear();
        GameResult result = GameResult.parse(record.result());
        float blackValue = result.winner() == Stone.BLACK ? 1f : result.winner() == Stone.WHITE ? -1f
                : result.kind() == GameResult.Kind.DRAW ? 0f : Float.NaN;
        Arrays.fill(policy, 0f);
        Game end = record.history().replay(Math.max(1, features.positionsNeeded()), (index, move, position) -> {
            if (position.isOver() || position.toMove() != move.player()) {
                return;
            }
            features.encode(position, obsBuffer, 0);
            int actions = spec.actionCount();
            if ((game.count() + 1) * actions > legal.length) {
                legal = Arrays.copyOf(legal, 2 * (game.count() + 1) * actions);
            }
            position.legalMask(legal, game.count() * actions);
            policy[move.action()] = 1f;
            if (game.count() == movers.length) {
                movers = Arrays.copyOf(movers, 2 * movers.length);
            }
            movers[game.count()] = move.player();
            game.add(obs, 0, policy, 0, Float.NaN, ownershipUnknown, 0, Float.NaN);
            policy[move.action()] = 0f;
        });
        boolean counted = end.status() == Status.ENDED_BY_PASSES && agrees(result, end.winner());
        scored = counted;
        end.ownership(ownershipBlack, 0);
        game.setOutcomes(movers, blackValue, counted ? ownershipBlack : null,
                counted ? (float) end.scoreMargin() : Float.NaN);
        return game;
    }

    /**
     * Whether the area count of a game ended by passes stands beside its record's result: it must give the same
     * winner or draw; a game the record says ended otherwise (resignation, time, forfeit) was not counted, and a
     * record without a result ({@code Void}, unknown) leaves the count alone.
     */
    private static boolean agrees(GameResult result, int countWinner) {
        return switch (result.kind()) {
            case POINTS, WIN -> result.winner() == countWinner;
            case DRAW -> countWinner == Stone.EMPTY;
            case RESIGN, TIME, FORFEIT -> false;
            case VOID, UNKNOWN -> true;
        };
    }

    /**
     * What reading a set of SGF files found.
     *
     * @param files     SGF files read
     * @param games     games whose samples were handed over
     * @param positions samples handed over
     * @param scored    of the games, those with ownership and score targets
     * @param skipped   games or files skipped, by reason
     */
    public record Reading(int files, int games, long positions, int scored, Map<String, Integer> skipped) {
    }

    /** Receives the samples of each game read, in buffers reused for the next game. */
    @FunctionalInterface
    public interface GameSink {
        /**
         * @param samples the game's samples
         * @param legal   the legal moves at each sample ({@code spec().actionCount()} per sample, pass last)
         */
        void accept(SampleBuffer samples, boolean[] legal);
    }

    /**
     * Reads every game of {@code inputs} (SGF files, any extension, and directories searched recursively for
     * {@code *.sgf}, in name order) and hands the samples of each to {@code sink}. Each skipped file or game is told
     * to {@code report} in one line naming it and the reason; games on another board are only counted.
     *
     * @throws IllegalArgumentException if an input does not exist
     * @throws UncheckedIOException     if a directory cannot be listed
     */
    public Reading read(List<Path> inputs, GameSink sink, Consumer<String> report) {
        List<Path> files = sgfFiles(inputs);
        Map<String, Integer> skipped = new TreeMap<>();
        int games = 0;
        int scoredGames = 0;
        long positions = 0;
        for (Path file : files) {
            List<SgfTree> trees;
            try {
                trees = new SgfParser().read(file);
            } catch (SgfException e) {
                skip(skipped, "malformed", report, file + ": " + e.getMessage());
                continue;
            }
            for (int t = 0; t < trees.size(); t++) {
                String where = trees.size() == 1 ? file.toString() : file + " (game " + (t + 1) + ")";
                GameRecord record;
                try {
                    record = GoSgf.fromTree(trees.get(t));
                } catch (SgfException e) {
                    skip(skipped, "malformed", report, where + ": " + e.getMessage());
                    continue;
                }
                if (record.rules().width() != spec.width() || record.rules().height() != spec.height()) {
                    skipped.merge("on " + boardName(record), 1, Integer::sum);
                    continue;
                }
                SampleBuffer samples;
                try {
                    samples = samples(record);
                } catch (IllegalArgumentException e) {
                    skip(skipped, "with illegal moves", report, where + ": " + e.getMessage());
                    continue;
                }
                if (samples.count() == 0) {
                    skip(skipped, "without moves", report, where + ": no moves");
                    continue;
                }
                sink.accept(samples, legal);
                games++;
                positions += samples.count();
                scoredGames += scored ? 1 : 0;
            }
        }
        return new Reading(files.size(), games, positions, scoredGames, skipped);
    }

    /**
     * Imports every game of {@code inputs} (see {@link #read}) into shards in {@code out}, which must hold no shards
     * yet.
     *
     * @throws IllegalArgumentException if an input does not exist or {@code out} already holds shards
     * @throws UncheckedIOException     if a directory cannot be listed or a shard cannot be written
     */
    public Summary run(List<Path> inputs, Path out, Consumer<String> report) {
        sgfFiles(inputs);
        prepareOutput(out);
        SampleBuffer shard = new SampleBuffer(spec, shardSamples + 4 * spec.actionCount());
        int[] shards = {0};
        int[] shardGames = {0};
        Reading reading = read(inputs, (samples, legalMoves) -> {
            shard.addAll(samples);
            shardGames[0]++;
            if (shard.count() >= shardSamples) {
                write(shard, out.resolve(String.format(Locale.ROOT, SHARD_NAME, shards[0]++, shardGames[0])));
                shardGames[0] = 0;
            }
        }, report);
        if (shard.count() > 0) {
            write(shard, out.resolve(String.format(Locale.ROOT, SHARD_NAME, shards[0]++, shardGames[0])));
        }
        return new Summary(reading, shards[0]);
    }

    private static void skip(Map<String, Integer> skipped, String reason, Consumer<String> report, String line) {
        skipped.merge(reason, 1, Integer::sum);
        report.accept("skipped " + line.replaceAll("\\p{Cntrl}+", " "));
    }

    private static String boardName(GameRecord record) {
        return "board " + record.rules().width() + "x" + record.rules().height();
    }

    private static void write(SampleBuffer shard, Path file) {
        try {
            shard.toShard().write(file);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + IoErrors.reason(e), e);
        }
        shard.clear();
    }

    /** The files of {@code inputs}: files as given, directories' {@code *.sgf} files (recursively) in name order. */
    static List<Path> sgfFiles(List<Path> inputs) {
        List<Path> files = new ArrayList<>();
        for (Path input : inputs) {
            if (Files.isRegularFile(input)) {
                files.add(input);
            } else if (Files.isDirectory(input)) {
                try (Stream<Path> walk = Files.walk(input)) {
                    walk.filter(p -> Files.isRegularFile(p)
                                    && p.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".sgf"))
                            .sorted().forEach(files::add);
                } catch (IOException | UncheckedIOException e) {
                    throw new UncheckedIOException("cannot list " + input + ": " + e.getMessage(),
                            e instanceof IOException io ? io : ((UncheckedIOException) e).getCause());
                }
            } else {
                throw new IllegalArgumentException(input + " is neither an SGF file nor a directory");
            }
        }
        return files;
    }

    /** Creates {@code out}; refuses one that already holds shards, which an import would mix with its own. */
    private static void prepareOutput(Path out) {
        try {
            Files.createDirectories(out);
            try (Stream<Path> list = Files.list(out)) {
                if (list.anyMatch(p -> p.getFileName().toString().endsWith(".npz"))) {
                    throw new IllegalArgumentException(out + " already holds shards (.npz): import into an empty "
                            + "directory");
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot use " + out + " for shards: " + IoErrors.reason(e), e);
        }
    }

    /** Every shard in {@code dir} ({@code *.npz}), in name order: what an import wrote. */
    public static List<Path> shards(Path dir) {
        if (!Files.isDirectory(dir)) {
            throw new IllegalArgumentException(dir + " is not a directory of shards");
        }
        try (Stream<Path> list = Files.list(dir)) {
            return list.filter(p -> p.getFileName().toString().endsWith(".npz")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + dir + ": " + IoErrors.reason(e), e);
        }
    }
}
