package org.tengen.store;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * Every key of a run store, in one place:
 * <pre>
 * models/gen-0003-SHA/weights.params ...   the model of generation 3, whose weights have SHA-256 SHA: the files of its
 *                                          checkpoint, the optimiser state that a learner resumes from included
 * models/latest.json                       the newest model: {"generation": 3, "sha256": SHA, "path": ...}
 * models/best.json                         with gating, the model actors play (the arena moves it), as above
 * games/ACTOR/00000042-gen-0003-SHA.npz    shard 42 of actor ACTOR, played by that model (+ .sgf, the same name)
 * config.yaml                              the run's config, as the learner started it
 * learner/gen-0003.yaml                    the learner's ledger of generation 3: the shards it trained on
 * arena/gen-0003.csv                       the arena games of generation 3: the arena's commit
 * arena/gen-0003/NAME.sgf                  their records, put before it
 * elo.csv                                  the Elo ladder over every arena file, refitted after each
 * metrics/WRITER/00000007.csv              figures that a role (learner, actor-1) wrote, one object per report
 *                                          (the arena: one per generation, numbered by it, under
 *                                          metrics/evaluator/, the name it had before)
 * </pre>
 * A shard names the model that played it, so the learner can filter by generation from a listing alone.
 *
 * <p><b>The latest pointer</b> is the one mutable object. It is written last-writer-wins ({@link RunStore#replace})
 * with a generation number that may only go up ({@link #publishLatest}), rather than by compare-and-swap: a run has
 * one learner, the only writer, so there is nothing to arbitrate, and a conditional write (S3 {@code If-Match}) is
 * not offered by every S3-compatible server, nor by NFS. The generation makes a stale or repeated publish harmless:
 * the learner refuses to move the pointer back, and readers keep the newest generation they have seen. The models
 * themselves are immutable and named by hash, so the pointer never names half a model: the learner uploads the
 * files, then publishes. {@code models/best.json} follows the same rules, with the arena as its one writer.
 */
public final class RunLayout {
    public static final String MODELS = "models/";
    public static final String LATEST_MODEL = "models/latest.json";
    public static final String BEST_MODEL = "models/best.json";
    public static final String GAMES = "games/";
    public static final String CONFIG = "config.yaml";
    public static final String LEDGERS = "learner/";
    public static final String ARENA = "arena/";
    public static final String ELO = "elo.csv";
    private static final Logger LOG = LogManager.getLogger(RunLayout.class);
    private static final Pattern ID = Pattern.compile("[a-z0-9][a-z0-9-]{0,39}");
    private static final Pattern MODEL_DIR = Pattern.compile("models/gen-(\\d{4,})-([0-9a-f]{64})/.+");
    private static final Pattern GAME_SHARD = Pattern.compile(
            "games/([a-z0-9][a-z0-9-]{0,39})/(\\d{8,})-gen-(\\d{4,})-([0-9a-f]{64})\\.([a-z]+)");
    private static final Pattern LEDGER = Pattern.compile("learner/gen-(\\d{4,})\\.yaml");
    private static final Pattern ARENA_RESULTS = Pattern.compile("arena/gen-(\\d{4,})\\.csv");
    private static final Pattern LATEST_JSON = Pattern.compile("\\s*\\{\\s*\"generation\"\\s*:\\s*(\\d+)\\s*,"
            + "\\s*\"sha256\"\\s*:\\s*\"([0-9a-f]{64})\"\\s*,\\s*\"path\"\\s*:\\s*\"([^\"]*)\"\\s*}\\s*");

    private RunLayout() {
    }

    /** {@code gen-0003}, as in a run directory. */
    public static String generationName(int generation) {
        return String.format(Locale.ROOT, "gen-%04d", generation);
    }

    /** A model: its generation and the SHA-256 of its weights, which name its folder. */
    public record ModelRef(int generation, String sha256) {
        public ModelRef {
            if (generation < 0) {
                throw new IllegalArgumentException("model generation must not be negative: " + generation);
            }
            if (!AbstractRunStore.isSha256(sha256)) {
                throw new IllegalArgumentException("not a lower-case hex SHA-256: '" + sha256 + "'");
            }
        }

        /** {@code models/gen-0003-SHA/}. */
        public String prefix() {
            return MODELS + generationName(generation) + "-" + sha256 + "/";
        }

        /** The key of the model's file {@code name}. */
        public String file(String name) {
            return Keys.require(prefix() + name);
        }

        /** The text of {@code models/latest.json} naming this model. */
        public String toJson() {
            return String.format(Locale.ROOT, "{\"generation\": %d, \"sha256\": \"%s\", \"path\": \"%s\"}%n",
                    generation, sha256, prefix());
        }

        /** The model a {@link #toJson()} text names, or empty if it is not one. */
        public static Optional<ModelRef> fromJson(String text) {
            Matcher m = LATEST_JSON.matcher(text);
            if (!m.matches()) {
                return Optional.empty();
            }
            try {
                ModelRef model = new ModelRef(Integer.parseInt(m.group(1)), m.group(2));
                return model.prefix().equals(m.group(3)) ? Optional.of(model) : Optional.empty();
            } catch (IllegalArgumentException e) {
                return Optional.empty();
            }
        }

        @Override
        public String toString() {
            return generationName(generation) + "-" + sha256.substring(0, 12);
        }
    }

    /**
     * Points {@code models/latest.json} at {@code model}, whose files must already be in the store. The generation
     * only goes up: publishing the model it already names does nothing (false), an older or equal generation is a
     * {@link StoreConflictException}. A damaged pointer is replaced.
     *
     * @return whether the pointer changed
     */
    public static boolean publishLatest(RunStore store, ModelRef model) {
        return publish(store, LATEST_MODEL, model);
    }

    /** The model {@code models/latest.json} names, or empty if there is none yet (or it is damaged: logged). */
    public static Optional<ModelRef> latest(RunStore store) {
        return pointer(store, LATEST_MODEL);
    }

    /**
     * Points the model pointer {@code key} ({@link #LATEST_MODEL}, {@link #BEST_MODEL}) at {@code model}, as
     * {@link #publishLatest} says.
     *
     * @return whether the pointer changed
     */
    public static boolean publish(RunStore store, String key, ModelRef model) {
        Optional<ModelRef> current = pointer(store, key);
        if (current.isPresent()) {
            if (current.get().equals(model)) {
                return false;
            }
            if (current.get().generation() >= model.generation()) {
                throw new StoreConflictException(store.location() + ": " + key + " names " + current.get()
                        + "; not moving it to " + model + " (its generation only goes up)");
            }
        }
        store.replace(key, model.toJson().getBytes(StandardCharsets.UTF_8));
        return true;
    }

    /** The model the pointer {@code key} names, or empty if there is none yet (or it is damaged: logged). */
    public static Optional<ModelRef> pointer(RunStore store, String key) {
        Optional<byte[]> bytes = store.get(key);
        if (bytes.isEmpty()) {
            return Optional.empty();
        }
        Optional<ModelRef> model = ModelRef.fromJson(new String(bytes.get(), StandardCharsets.UTF_8));
        if (model.isEmpty()) {
            LOG.warn("{}: {} does not name a model; ignored", store.location(), key);
        }
        return model;
    }

    /** The models that have files in the store, by generation (whether or not they were ever published). */
    public static List<ModelRef> models(RunStore store) {
        TreeSet<String> seen = new TreeSet<>();
        List<ModelRef> models = new ArrayList<>();
        for (StoreEntry entry : store.list(MODELS)) {
            Matcher m = MODEL_DIR.matcher(entry.key());
            if (m.matches() && seen.add(m.group(1) + m.group(2))) {
                models.add(new ModelRef(Integer.parseInt(m.group(1)), m.group(2)));
            }
        }
        models.sort(Comparator.comparingInt(ModelRef::generation).thenComparing(ModelRef::sha256));
        return models;
    }

    /** Checks an actor or writer id: lower-case letters, digits and dashes, as Kubernetes pod names. */
    public static String requireId(String id) {
        if (id == null || !ID.matcher(id).matches()) {
            throw new IllegalArgumentException("bad id '" + id + "': use 1 to 40 of a-z 0-9 -, starting with a"
                    + " letter or digit");
        }
        return id;
    }

    /**
     * Shard {@code seq} of self-play games by actor {@code actorId}, played by {@code model}: its training samples
     * ({@code .npz}) and game records ({@code .sgf}).
     */
    public record GameShard(String actorId, long seq, ModelRef model) {
        public GameShard {
            requireId(actorId);
            if (seq < 0) {
                throw new IllegalArgumentException("shard number must not be negative: " + seq);
            }
        }

        /** {@code games/ACTOR/00000042-gen-0003-SHA.EXTENSION}. */
        public String key(String extension) {
            return Keys.require(String.format(Locale.ROOT, "%s%08d-%s-%s.%s", gamesPrefix(actorId), seq,
                    generationName(model.generation()), model.sha256(), extension));
        }

        /** The training samples, an {@code .npz} file. */
        public String npzKey() {
            return key("npz");
        }

        /** The game records. */
        public String sgfKey() {
            return key("sgf");
        }

        /** The shard a key names, with its extension, or empty if it names none. */
        public static Optional<GameShard> parse(String key) {
            Matcher m = GAME_SHARD.matcher(key);
            if (!m.matches()) {
                return Optional.empty();
            }
            return Optional.of(new GameShard(m.group(1), Long.parseLong(m.group(2)),
                    new ModelRef(Integer.parseInt(m.group(3)), m.group(4))));
        }
    }

    /** {@code games/ACTOR/}. */
    public static String gamesPrefix(String actorId) {
        return GAMES + requireId(actorId) + "/";
    }

    /** The shards whose {@code .npz} file is in the store, of every actor, by actor and number. */
    public static List<GameShard> gameShards(RunStore store) {
        List<GameShard> shards = new ArrayList<>();
        for (StoreEntry entry : store.list(GAMES)) {
            if (entry.key().endsWith(".npz")) {
                GameShard.parse(entry.key()).ifPresent(shards::add);
            }
        }
        return shards;
    }

    /**
     * The number for actor {@code actorId}'s next shard: one past the highest it has stored (of any kind). A put
     * under that number can still conflict (a second actor with the same id, or a file store's record of a
     * write that was killed); the actor then takes the next number.
     */
    public static long nextSeq(RunStore store, String actorId) {
        long next = 0;
        for (StoreEntry entry : store.list(gamesPrefix(actorId))) {
            Optional<GameShard> shard = GameShard.parse(entry.key());
            if (shard.isPresent()) {
                next = Math.max(next, shard.get().seq() + 1);
            }
        }
        return next;
    }

    /**
     * {@code learner/gen-0003.yaml}: what the learner committed with generation 3's model (the shards it trained
     * on, those it found stale, its replay window). Written once, after the model's files and before the latest
     * pointer moves to it.
     */
    public static String ledger(int generation) {
        return LEDGERS + generationName(generation) + ".yaml";
    }

    /** The generation a {@link #ledger} key names, or empty. */
    public static Optional<Integer> ledgerGeneration(String key) {
        Matcher m = LEDGER.matcher(key);
        return m.matches() ? Optional.of(Integer.parseInt(m.group(1))) : Optional.empty();
    }

    /**
     * {@code arena/gen-0003.csv}: the arena games of a generation, one atomic put after their records; its
     * presence is what says the generation is rated.
     */
    public static String arenaResults(int generation) {
        return ARENA + generationName(generation) + ".csv";
    }

    /** The generation an {@link #arenaResults} key names, or empty. */
    public static Optional<Integer> arenaGeneration(String key) {
        Matcher m = ARENA_RESULTS.matcher(key);
        return m.matches() ? Optional.of(Integer.parseInt(m.group(1))) : Optional.empty();
    }

    /** {@code arena/gen-0003/}: the records of a generation's arena games. */
    public static String arenaGames(int generation) {
        return ARENA + generationName(generation) + "/";
    }

    /** {@code arena/gen-0003/NAME.sgf}: the record of one arena game. */
    public static String arenaGame(int generation, String name) {
        return Keys.require(arenaGames(generation) + name + ".sgf");
    }

    /** {@code metrics/WRITER/00000007.csv}: report {@code seq} of a role's figures. */
    public static String metrics(String writerId, long seq) {
        return String.format(Locale.ROOT, "metrics/%s/%08d.csv", requireId(writerId), seq);
    }
}
