package org.tengen.store;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.tengen.store.FaultyHttpClient.Fault;
import software.amazon.awssdk.http.SdkHttpMethod;

/** The S3 store retries what fails on the way, and counts it. */
class S3RetryTest {
    private static final int OBJECTS = 20;

    @ParameterizedTest
    @EnumSource(Fault.class)
    void everyFifthPutFailsAndIsRetried(Fault fault) {
        try (FaultyHttpClient http = FaultyHttpClient.failing(SdkHttpMethod.PUT, 5, fault);
             S3Store store = S3TestServer.store(http)) {
            Map<PutResult, Integer> results = new EnumMap<>(PutResult.class);
            for (int i = 0; i < OBJECTS; i++) {
                results.merge(store.put(key(i), content(i)), 1, Integer::sum);
            }
            StoreStats stats = store.stats();
            // Every object is there, once, whole; a PUT whose answer was lost reads as already done.
            for (int i = 0; i < OBJECTS; i++) {
                assertArrayEquals(content(i), store.get(key(i)).orElseThrow());
            }
            assertEquals(OBJECTS, store.list("").size());
            int injected = http.injected();
            assertTrue(injected >= OBJECTS / 5, "faults injected: " + injected);
            assertEquals(injected, stats.retries(), stats.toString());
            assertEquals(injected, stats.errors(), stats.toString());
            // One HEAD and one PUT per object; a retry first asks (HEAD) whether the failed attempt landed after all,
            // and a broken connection first asks whether the bucket is there.
            int bucketChecks = fault == Fault.IO_ERROR ? injected : 0;
            assertEquals(2 * OBJECTS + 2 * injected + bucketChecks, stats.requests(), stats.toString());
            // A lost answer hid a stored object: the retry finds it, and the put reports it as already there.
            int lostAnswers = fault == Fault.ERROR_AFTER_SERVER ? injected : 0;
            assertEquals(OBJECTS - lostAnswers, results.getOrDefault(PutResult.CREATED, 0), results.toString());
            assertEquals(lostAnswers, results.getOrDefault(PutResult.UNCHANGED, 0), results.toString());
            assertEquals(0, stats.damaged());
        }
    }

    @Test
    void aServerThatFailsSomeWritesReadsAndListingsLosesNothing() {
        try (FaultyHttpClient http = FaultyHttpClient.reliable();
             S3Store store = S3TestServer.store().optEndpoint(S3TestServer.faultyEndpoint(4)).optHttpClient(http)
                     .build()) {
            int faultsBefore = S3TestServer.faults();
            Map<PutResult, Integer> results = new EnumMap<>(PutResult.class);
            for (int i = 0; i < OBJECTS; i++) {
                results.merge(store.put(key(i), content(i)), 1, Integer::sum);
                assertEquals(i + 1, store.list("games/").size());
            }
            for (int i = 0; i < OBJECTS; i++) {
                assertArrayEquals(content(i), store.get(key(i)).orElseThrow());
            }
            int injected = S3TestServer.faults() - faultsBefore;
            StoreStats stats = store.stats();
            assertTrue(injected >= 3 * OBJECTS / 4 / 2, "faults injected: " + injected);
            assertEquals(injected, stats.retries(), stats.toString());
            assertEquals(0, stats.damaged(), stats.toString());
            // Some writes were stored but answered 500: their retries found them, as already there.
            assertTrue(results.getOrDefault(PutResult.UNCHANGED, 0) > 0, results.toString());
            assertEquals(OBJECTS, results.values().stream().mapToInt(Integer::intValue).sum());
        }
    }

    @Test
    void readsAreRetriedWholeIncludingTheDownloadToAFile(@TempDir Path tmp) throws Exception {
        try (FaultyHttpClient http = FaultyHttpClient.failing(SdkHttpMethod.GET, 2, Fault.ERROR_BEFORE_SERVER);
             S3Store store = S3TestServer.store(http)) {
            store.put("models/gen-0001-x/weights.params", content(1));
            assertArrayEquals(content(1), store.get("models/gen-0001-x/weights.params").orElseThrow());
            assertTrue(store.download("models/gen-0001-x/weights.params", tmp.resolve("w.params")));
            assertArrayEquals(content(1), Files.readAllBytes(tmp.resolve("w.params")));
            assertEquals(http.injected(), store.stats().retries());
            assertEquals(1, http.injected());
        }
    }

    @Test
    void aRequestThatKeepsFailingGivesUpAfterMaxAttempts() {
        try (FaultyHttpClient http = FaultyHttpClient.failing(SdkHttpMethod.PUT, 1, Fault.ERROR_BEFORE_SERVER);
             S3Store store = S3TestServer.store().optHttpClient(http).optMaxAttempts(3).build()) {
            StoreException e = assertThrows(StoreException.class, () -> store.put("a/b", content(0)));
            assertTrue(e.getMessage().endsWith("PUT a/b failed after 3 attempts: 500 InternalError"), e.getMessage());
            assertEquals(3, http.injected());
            assertEquals(new StoreStats(1 + 3 + 2, 3, 2, 0), store.stats(), "HEAD, 3 PUTs, a HEAD before each retry");
        }
    }

    private static String key(int i) {
        return String.format("games/actor-1/%08d.npz", i);
    }

    private static byte[] content(int i) {
        return ("batch " + i + " ").repeat(1000 + i).getBytes(StandardCharsets.UTF_8);
    }
}
