package org.tengen.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tengen.store.RunLayout.GameShard;
import org.tengen.store.RunLayout.ModelRef;

class RunLayoutTest {
    private static final String SHA_A = "a".repeat(64);
    private static final String SHA_B = "0123456789abcdef".repeat(4);

    @TempDir
    Path tmp;

    @Test
    void keysAreWhereTheLayoutSays() {
        ModelRef model = new ModelRef(3, SHA_A);
        assertEquals("models/gen-0003-" + SHA_A + "/", model.prefix());
        assertEquals("models/gen-0003-" + SHA_A + "/weights.params", model.file("weights.params"));
        GameShard shard = new GameShard("actor-7", 42, model);
        assertEquals("games/actor-7/00000042-gen-0003-" + SHA_A + ".npz", shard.npzKey());
        assertEquals("games/actor-7/00000042-gen-0003-" + SHA_A + ".sgf", shard.sgfKey());
        assertEquals(Optional.of(shard), GameShard.parse(shard.npzKey()));
        assertEquals(Optional.empty(), GameShard.parse("games/actor-7/notes.txt"));
        assertEquals("arena/gen-0003.csv", RunLayout.arenaResults(3));
        assertEquals("arena/gen-0003/game-0001.sgf", RunLayout.arenaGame(3, "game-0001"));
        assertEquals("arena/gen-0003/", RunLayout.arenaGames(3));
        assertEquals(Optional.of(3), RunLayout.arenaGeneration(RunLayout.arenaResults(3)));
        assertEquals(Optional.empty(), RunLayout.arenaGeneration(RunLayout.arenaGame(3, "game-0001")));
        assertThrows(IllegalArgumentException.class, () -> RunLayout.arenaGame(3, "gen-0003-vs-gen-0002'-000"));
        assertEquals("metrics/learner/00000007.csv", RunLayout.metrics("learner", 7));
        for (String bad : List.of("", "Actor", "-a", "a/b", "a".repeat(41))) {
            assertThrows(IllegalArgumentException.class, () -> RunLayout.gamesPrefix(bad), bad);
        }
        assertThrows(IllegalArgumentException.class, () -> new ModelRef(1, "ABC"));
        assertThrows(IllegalArgumentException.class, () -> new ModelRef(-1, SHA_A));
    }

    @Test
    void aLocationOpensADirectoryOrAnS3Store() {
        try (RunStore directory = RunStore.open(tmp.resolve("run").toString());
             RunStore s3 = RunStore.open("s3://bucket/runs/9x9-a")) {
            assertTrue(directory instanceof FileStore);
            assertEquals(tmp.resolve("run").toAbsolutePath().toString(), directory.location());
            assertEquals("s3://bucket/runs/9x9-a/", s3.location());
        }
        assertThrows(IllegalArgumentException.class, () -> RunStore.open("ftp://host/run"));
        assertThrows(IllegalArgumentException.class, () -> RunStore.open("s3://bucket/../x"));
    }

    @Test
    void theLatestPointerOnlyMovesForward() {
        try (RunStore store = new FileStore(tmp)) {
            assertEquals(Optional.empty(), RunLayout.latest(store));
            ModelRef one = new ModelRef(1, SHA_A);
            ModelRef two = new ModelRef(2, SHA_B);
            assertTrue(RunLayout.publishLatest(store, one));
            assertEquals(Optional.of(one), RunLayout.latest(store));
            assertFalse(RunLayout.publishLatest(store, one), "the same model again is a no-op");
            assertTrue(RunLayout.publishLatest(store, two));
            StoreConflictException back = assertThrows(StoreConflictException.class,
                    () -> RunLayout.publishLatest(store, one));
            assertTrue(back.getMessage().contains("names gen-0002-0123456789ab; not moving it to gen-0001-aaaaaaaaaaaa"),
                    back.getMessage());
            assertThrows(StoreConflictException.class, () -> RunLayout.publishLatest(store, new ModelRef(2, SHA_A)));
            assertEquals("{\"generation\": 2, \"sha256\": \"" + SHA_B + "\", \"path\": \"models/gen-0002-" + SHA_B
                    + "/\"}\n", new String(store.get(RunLayout.LATEST_MODEL).orElseThrow(), StandardCharsets.UTF_8));

            assertEquals(Optional.empty(), RunLayout.pointer(store, RunLayout.BEST_MODEL), "the pointers are apart");
            assertTrue(RunLayout.publish(store, RunLayout.BEST_MODEL, one));
            assertEquals(Optional.of(one), RunLayout.pointer(store, RunLayout.BEST_MODEL));
            assertEquals(Optional.of(two), RunLayout.latest(store));
            assertThrows(StoreConflictException.class, () -> RunLayout.publish(store, RunLayout.BEST_MODEL,
                    new ModelRef(0, SHA_B)));
        }
    }

    @Test
    void aDamagedPointerReadsAsNoneAndIsReplacedByTheNextPublish() {
        try (RunStore store = new FileStore(tmp)) {
            store.replace(RunLayout.LATEST_MODEL, "{\"generation\": 2, \"sha".getBytes(StandardCharsets.UTF_8));
            assertEquals(Optional.empty(), RunLayout.latest(store));
            assertEquals(Optional.empty(), ModelRef.fromJson("{\"generation\": 2, \"sha256\": \"" + SHA_A
                    + "\", \"path\": \"models/elsewhere/\"}"));
            assertTrue(RunLayout.publishLatest(store, new ModelRef(1, SHA_A)));
            assertEquals(Optional.of(new ModelRef(1, SHA_A)), RunLayout.latest(store));
        }
    }

    @Test
    void shardsAndModelsAreFoundByListingAndNumbersContinue() {
        try (RunStore store = new FileStore(tmp)) {
            ModelRef one = new ModelRef(1, SHA_A);
            ModelRef two = new ModelRef(2, SHA_B);
            store.put(two.file("weights.params"), new byte[] {2});
            store.put(two.file("checkpoint.yaml"), new byte[] {2});
            store.put(one.file("weights.params"), new byte[] {1});
            assertEquals(0, RunLayout.nextSeq(store, "actor-1"));
            store.put(new GameShard("actor-1", 0, one).npzKey(), new byte[] {0});
            store.put(new GameShard("actor-1", 0, one).sgfKey(), new byte[] {0});
            store.put(new GameShard("actor-1", 1, two).sgfKey(), new byte[] {1});
            store.put(new GameShard("actor-10", 5, two).npzKey(), new byte[] {5});
            store.put("games/actor-1/README.txt", new byte[] {9});
            assertEquals(2, RunLayout.nextSeq(store, "actor-1"), "an .sgf without its .npz still uses its number");
            assertEquals(6, RunLayout.nextSeq(store, "actor-10"));
            assertEquals(List.of(new GameShard("actor-1", 0, one), new GameShard("actor-10", 5, two)),
                    RunLayout.gameShards(store));
            assertEquals(List.of(one, two), RunLayout.models(store));
        }
    }
}
