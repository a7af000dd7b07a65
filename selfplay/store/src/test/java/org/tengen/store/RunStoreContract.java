package org.tengen.store;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What every {@link RunStore} must do; each implementation's test extends this with a way to make a fresh store and
 * to damage an object behind the store's back.
 */
abstract class RunStoreContract {
    private static final int THREADS = 8;
    protected RunStore store;
    @TempDir
    Path tmp;

    /** A new, empty store. */
    protected abstract RunStore newStore();

    /** Writes {@code bytes} under {@code key} without the store, as a person copying a file in would. */
    protected abstract void plantForeign(String key, byte[] bytes) throws Exception;

    /** Changes the stored bytes of {@code key}, keeping what the store recorded about them (bit rot). */
    protected abstract void corrupt(String key) throws Exception;

    @BeforeEach
    void open() {
        store = newStore();
    }

    @AfterEach
    void close() {
        store.close();
    }

    static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    static byte[] random(int size, long seed) {
        byte[] b = new byte[size];
        new Random(seed).nextBytes(b);
        return b;
    }

    @Test
    void putThenGetReturnsTheBytes() {
        assertEquals(PutResult.CREATED, store.put("games/a1/00000001.npz", bytes("shard one")));
        assertArrayEquals(bytes("shard one"), store.get("games/a1/00000001.npz").orElseThrow());
        assertEquals(List.of(new StoreEntry("games/a1/00000001.npz", 9)), store.list(""));
    }

    @Test
    void putFileAndDownloadStreamTheBytes() throws Exception {
        byte[] content = random(300_000, 1);
        Path source = tmp.resolve("weights.params");
        Files.write(source, content);
        assertEquals(PutResult.CREATED, store.put("models/gen-0001-x/weights.params", source));
        Path target = tmp.resolve("cache/weights.params");
        assertTrue(store.download("models/gen-0001-x/weights.params", target));
        assertArrayEquals(content, Files.readAllBytes(target));
        assertEquals(PutResult.UNCHANGED, store.put("models/gen-0001-x/weights.params", content));
        try (var leftovers = Files.list(target.getParent())) {
            assertEquals(1, leftovers.count(), "no temporary file is left beside the download");
        }
    }

    @Test
    void aSecondPutOfTheSameBytesIsANoOp() {
        store.put("arena/gen-0001.csv", bytes("a,b,1\n"));
        assertEquals(PutResult.UNCHANGED, store.put("arena/gen-0001.csv", bytes("a,b,1\n")));
        assertEquals(1, store.list("arena/").size());
    }

    @Test
    void aPutOfOtherBytesIsAConflictAndKeepsTheObject() {
        store.put("arena/gen-0001.csv", bytes("a,b,1\n"));
        StoreConflictException e = assertThrows(StoreConflictException.class,
                () -> store.put("arena/gen-0001.csv", bytes("a,b,0\n")));
        assertTrue(e.getMessage().contains("arena/gen-0001.csv already holds other bytes"), e.getMessage());
        assertFalse(e.getMessage().contains("\n"));
        assertArrayEquals(bytes("a,b,1\n"), store.get("arena/gen-0001.csv").orElseThrow());
    }

    @Test
    void aMissingKeyReadsAsEmpty() {
        assertEquals(Optional.empty(), store.get("games/none.npz"));
        Path target = tmp.resolve("none.npz");
        assertFalse(store.download("games/none.npz", target));
        assertFalse(Files.exists(target));
        assertEquals(List.of(), store.list("games/"));
        store.delete("games/none.npz");
        assertEquals(0, store.stats().damaged());
    }

    @Test
    void listFiltersByPrefixSortsAndGivesSizes() {
        store.put("games/b/2.npz", bytes("22"));
        store.put("games/a/1.npz", bytes("1"));
        store.put("games/a/10.npz", bytes("1010"));
        store.put("games/ab/3.npz", bytes("333"));
        store.put("models/latest-like.json", bytes("{}"));
        assertEquals(List.of(new StoreEntry("games/a/1.npz", 1), new StoreEntry("games/a/10.npz", 4),
                new StoreEntry("games/ab/3.npz", 3), new StoreEntry("games/b/2.npz", 2)), store.list("games/"));
        assertEquals(List.of("games/a/1.npz", "games/a/10.npz"), keys(store.list("games/a/")));
        assertEquals(List.of("games/a/1.npz", "games/a/10.npz", "games/ab/3.npz"), keys(store.list("games/a")));
        assertEquals(List.of("games/a/10.npz"), keys(store.list("games/a/10")));
        assertEquals(5, store.list("").size());
        assertEquals(List.of(), store.list("arena/"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "/abs/key", "a//b", "a/../b", "..", "../x", "a/./b", "a/", ".hidden", "a/.b",
        "a b", "a\\b", "a/b?c"})
    void badKeysAreRejectedInOneLine(String key) {
        for (Function<String, Object> op : List.<Function<String, Object>>of(k -> store.put(k, bytes("x")),
                store::get, k -> {
                    store.delete(k);
                    return null;
                }, k -> {
                    store.replace(k, bytes("x"));
                    return null;
                })) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> op.apply(key));
            assertTrue(e.getMessage().startsWith("bad store key '" + key + "': "), e.getMessage());
            assertFalse(e.getMessage().contains("\n"));
        }
        if (!key.isEmpty() && !key.equals("a/")) {
            assertThrows(IllegalArgumentException.class, () -> store.list(key));
        }
        assertEquals(List.of(), store.list(""));
    }

    @Test
    void aCorruptObjectIsReportedAndSkipped() throws Exception {
        store.put("games/a1/00000001.npz", random(1000, 2));
        store.put("games/a1/00000002.npz", random(1000, 3));
        corrupt("games/a1/00000001.npz");
        assertEquals(Optional.empty(), store.get("games/a1/00000001.npz"));
        assertFalse(store.download("games/a1/00000001.npz", tmp.resolve("x.npz")));
        assertFalse(Files.exists(tmp.resolve("x.npz")));
        assertEquals(2, store.stats().damaged());
        assertArrayEquals(random(1000, 3), store.get("games/a1/00000002.npz").orElseThrow());
    }

    @Test
    void aForeignObjectIsListedButReportedAndSkippedOnRead() throws Exception {
        plantForeign("games/a1/00000007.npz", bytes("copied in by hand"));
        assertEquals(List.of("games/a1/00000007.npz"), keys(store.list("games/")));
        assertEquals(Optional.empty(), store.get("games/a1/00000007.npz"));
        assertEquals(1, store.stats().damaged());
        assertThrows(StoreConflictException.class, () -> store.put("games/a1/00000007.npz", bytes("copied in by hand")));
        assertThrows(StoreConflictException.class, () -> store.replace("games/a1/00000007.npz", bytes("x")));
    }

    @Test
    void aMutableObjectIsReplacedWholeAndKeptApartFromImmutableOnes() {
        store.replace("models/latest.json", bytes("{\"generation\": 1}"));
        store.replace("models/latest.json", bytes("{\"generation\": 2}"));
        assertArrayEquals(bytes("{\"generation\": 2}"), store.get("models/latest.json").orElseThrow());
        assertThrows(StoreConflictException.class, () -> store.put("models/latest.json", bytes("{}")));
        store.put("models/frozen.json", bytes("{}"));
        assertThrows(StoreConflictException.class, () -> store.replace("models/frozen.json", bytes("{}")));
        assertEquals(List.of("models/frozen.json", "models/latest.json"), keys(store.list("models/")));
    }

    @Test
    void deleteRemovesAndFreesTheKey() {
        store.put("games/a1/00000001.npz", bytes("old"));
        store.delete("games/a1/00000001.npz");
        assertEquals(Optional.empty(), store.get("games/a1/00000001.npz"));
        assertEquals(List.of(), store.list(""));
        assertEquals(PutResult.CREATED, store.put("games/a1/00000001.npz", bytes("new")));
        assertArrayEquals(bytes("new"), store.get("games/a1/00000001.npz").orElseThrow());
    }

    @Test
    void concurrentPutsOfTheSameBytesCreateOnce() throws Exception {
        byte[] content = random(50_000, 4);
        List<Object> results = race(i -> store.put("models/gen-0002-x/weights.params", content));
        assertEquals(1, results.stream().filter(PutResult.CREATED::equals).count(), results.toString());
        assertEquals(THREADS - 1, results.stream().filter(PutResult.UNCHANGED::equals).count(), results.toString());
        assertArrayEquals(content, store.get("models/gen-0002-x/weights.params").orElseThrow());
    }

    @Test
    void concurrentPutsOfDifferentBytesLetExactlyOneWin() throws Exception {
        List<Object> results = race(i -> store.put("games/a1/00000001.npz", random(20_000, 100 + i)));
        List<Integer> winners = new ArrayList<>();
        for (int i = 0; i < THREADS; i++) {
            if (results.get(i) == PutResult.CREATED) {
                winners.add(i);
            } else {
                assertTrue(results.get(i) instanceof StoreConflictException, String.valueOf(results.get(i)));
            }
        }
        assertEquals(1, winners.size(), results.toString());
        assertArrayEquals(random(20_000, 100 + winners.get(0)), store.get("games/a1/00000001.npz").orElseThrow());
    }

    @Test
    void concurrentWritersOfDistinctKeysAllLand() throws Exception {
        int perThread = 6;
        race(i -> {
            for (int j = 0; j < perThread; j++) {
                store.put(String.format("games/actor-%d/%08d.npz", i, j), bytes(i + "/" + j));
            }
            return null;
        });
        List<StoreEntry> all = store.list("games/");
        assertEquals(THREADS * perThread, all.size());
        for (StoreEntry e : all) {
            String[] parts = e.key().split("/");
            String expected = parts[1].substring("actor-".length()) + "/" + Integer.parseInt(parts[2].substring(0, 8));
            assertArrayEquals(bytes(expected), store.get(e.key()).orElseThrow());
        }
    }

    /** A learner lists while actors upload: writers' temporary files come and go under the listing. */
    @Test
    void listingWhileWritersUploadNeverFails() throws Exception {
        AtomicBoolean done = new AtomicBoolean();
        ExecutorService writer = Executors.newSingleThreadExecutor();
        try {
            Future<?> uploads = writer.submit(() -> {
                for (int j = 0; j < 60; j++) {
                    store.put(String.format("games/a2/%08d.npz", j), random(20_000, j));
                }
                done.set(true);
                return null;
            });
            int listings = 0;
            while (!done.get()) {
                for (StoreEntry e : store.list("games/")) {
                    assertEquals(20_000, e.size(), e.key());
                }
                listings++;
            }
            uploads.get(60, TimeUnit.SECONDS);
            assertTrue(listings > 0);
        } finally {
            done.set(true);
            writer.shutdownNow();
        }
        assertEquals(60, store.list("games/").size());
    }

    @Test
    void readersSeeAWholeObjectOrNothing() throws Exception {
        byte[] big = random(2_000_000, 5);
        byte[] first = random(100_000, 6);
        byte[] second = random(150_000, 7);
        store.replace("models/latest.json", first);
        AtomicBoolean done = new AtomicBoolean();
        Map<String, Integer> seen = new ConcurrentHashMap<>();
        ExecutorService readers = Executors.newFixedThreadPool(2);
        try {
            Future<?> objectReader = readers.submit(() -> {
                while (!done.get()) {
                    Optional<byte[]> got = store.get("models/gen-0003-x/weights.params");
                    String what = got.isEmpty() ? "absent" : java.util.Arrays.equals(got.get(), big) ? "whole" : "torn";
                    seen.merge("object " + what, 1, Integer::sum);
                }
                return null;
            });
            Future<?> pointerReader = readers.submit(() -> {
                while (!done.get()) {
                    byte[] got = store.get("models/latest.json").orElseThrow();
                    String what = java.util.Arrays.equals(got, first) ? "old"
                            : java.util.Arrays.equals(got, second) ? "new" : "torn";
                    seen.merge("pointer " + what, 1, Integer::sum);
                }
                return null;
            });
            Thread.sleep(20);
            store.put("models/gen-0003-x/weights.params", big);
            store.replace("models/latest.json", second);
            Thread.sleep(20);
            done.set(true);
            objectReader.get(60, TimeUnit.SECONDS);
            pointerReader.get(60, TimeUnit.SECONDS);
        } finally {
            done.set(true);
            readers.shutdownNow();
        }
        assertFalse(seen.containsKey("object torn") || seen.containsKey("pointer torn"), seen.toString());
        assertArrayEquals(big, store.get("models/gen-0003-x/weights.params").orElseThrow());
        assertEquals(0, store.stats().damaged(), seen.toString());
    }

    @Test
    void statsCountRequests() {
        StoreStats before = store.stats();
        store.put("metrics/learner/00000001.csv", bytes("x"));
        store.get("metrics/learner/00000001.csv");
        StoreStats after = store.stats();
        assertTrue(after.requests() >= before.requests() + 2, after.toString());
        assertEquals(0, after.errors());
        assertEquals(0, after.retries());
    }

    /** Runs {@code action} on {@value #THREADS} threads released at once; each result or exception, by thread. */
    private static List<Object> race(ThrowingFunction action) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(THREADS);
        try {
            CountDownLatch start = new CountDownLatch(1);
            AtomicInteger ready = new AtomicInteger();
            List<Future<Object>> futures = new ArrayList<>();
            for (int i = 0; i < THREADS; i++) {
                int index = i;
                futures.add(pool.submit(() -> {
                    ready.incrementAndGet();
                    start.await();
                    try {
                        return action.apply(index);
                    } catch (StoreConflictException e) {
                        return e;
                    }
                }));
            }
            while (ready.get() < THREADS) {
                Thread.onSpinWait();
            }
            start.countDown();
            List<Object> results = new ArrayList<>();
            for (Future<Object> f : futures) {
                results.add(f.get(120, TimeUnit.SECONDS));
            }
            return results;
        } finally {
            pool.shutdownNow();
        }
    }

    @FunctionalInterface
    interface ThrowingFunction {
        Object apply(int thread) throws Exception;
    }

    static List<String> keys(List<StoreEntry> entries) {
        return entries.stream().map(StoreEntry::key).toList();
    }
}
