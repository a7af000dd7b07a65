package org.tengen.store;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.jclouds.blobstore.BlobStore;
import org.jclouds.blobstore.domain.Blob;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.http.SdkHttpMethod;

class S3StoreTest extends RunStoreContract {

    private final FaultyHttpClient http = FaultyHttpClient.reliable();

    @Override
    protected RunStore newStore() {
        return S3TestServer.store(http);
    }

    @AfterEach
    void closeHttp() {
        http.close();
    }

    private String objectKey(String key) {
        return store.location().substring(("s3://" + S3TestServer.BUCKET + "/").length()) + key;
    }

    @Override
    protected void plantForeign(String key, byte[] bytes) {
        BlobStore blobs = S3TestServer.blobs();
        blobs.putBlob(S3TestServer.BUCKET, blobs.blobBuilder(objectKey(key)).payload(bytes).build());
    }

    @Override
    protected void corrupt(String key) throws Exception {
        BlobStore blobs = S3TestServer.blobs();
        Blob blob = blobs.getBlob(S3TestServer.BUCKET, objectKey(key));
        byte[] bytes;
        try (var in = blob.getPayload().openStream()) {
            bytes = in.readAllBytes();
        }
        Map<String, String> metadata = blob.getMetadata().getUserMetadata();
        bytes[bytes.length / 2] ^= 1;
        blobs.putBlob(S3TestServer.BUCKET, blobs.blobBuilder(objectKey(key)).payload(bytes).userMetadata(metadata)
                .build());
    }

    @Test
    void storesWithOtherPrefixesDoNotSeeEachOther() {
        try (S3Store other = S3TestServer.store().build()) {
            other.put("games/a1/00000001.npz", bytes("other run"));
            assertEquals(List.of(), store.list(""));
            assertEquals(1, other.list("").size());
            assertTrue(other.location().startsWith("s3://" + S3TestServer.BUCKET + "/runs/t"), other.location());
        }
    }

    @Test
    void listingFollowsPages() {
        try (S3Store paged = S3TestServer.store().optHttpClient(http).optListPageSize(3).build()) {
            for (int i = 0; i < 10; i++) {
                paged.put(String.format("games/a1/%08d.npz", i), bytes("shard " + i));
            }
            long before = paged.stats().requests();
            List<StoreEntry> all = paged.list("games/");
            assertEquals(10, all.size());
            assertEquals("games/a1/00000009.npz", all.get(9).key());
            assertEquals(4, paged.stats().requests() - before, "pages of 3, 3, 3 and 1");
        }
    }

    @Test
    void aMissingBucketFailsInOneLineAndIsNotRetried() {
        try (S3Store missing = S3TestServer.store().setBucket("no-such-bucket").build()) {
            StoreException e = assertThrows(StoreException.class, () -> missing.put("a/b", bytes("x")));
            assertTrue(e.getMessage().contains("404"), e.getMessage());
            assertFalse(e.getMessage().contains("\n"), e.getMessage());
            // The 404 is not retried: it ends the put, also when the server answered it before reading the body and
            // the client saw a broken connection first (on a loaded machine, once on every one of six attempts).
            StoreStats stats = missing.stats();
            assertEquals(1, stats.errors(), stats.toString());
            assertEquals(0, stats.retries(), stats.toString());
        }
    }

    @Test
    void aPutToAMissingBucketThatBreaksTheConnectionEndsWithThe404() {
        // Every PUT breaks, as when the server refuses before reading the body: the store asks for the bucket once
        // and ends with its 404 instead of retrying a put that cannot succeed.
        try (FaultyHttpClient broken = FaultyHttpClient.failing(SdkHttpMethod.PUT, 1, FaultyHttpClient.Fault.IO_ERROR);
             S3Store missing = S3TestServer.store().setBucket("no-such-bucket").optHttpClient(broken).build()) {
            StoreException e = assertThrows(StoreException.class, () -> missing.put("a/b", bytes("x")));
            assertEquals(missing.location() + ": PUT a/b failed: 404 NoSuchBucket", e.getMessage());
            assertEquals(1, broken.injected());
            assertEquals(new StoreStats(3, 1, 0, 0), missing.stats(), "HEAD key, PUT, HEAD bucket");
        }
    }

    @Test
    void badPrefixesAndMissingBucketsAreRejectedWhenBuilding() {
        assertThrows(IllegalArgumentException.class, () -> S3Store.builder().build());
        assertThrows(IllegalArgumentException.class, () -> S3Store.builder().setBucket("b").optPrefix("../x").build());
    }
}
