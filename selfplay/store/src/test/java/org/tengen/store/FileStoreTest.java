package org.tengen.store;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class FileStoreTest extends RunStoreContract {
    private Path root;

    @Override
    protected RunStore newStore() {
        root = tmp.resolve("store");
        return new FileStore(root);
    }

    @Override
    protected void plantForeign(String key, byte[] bytes) throws Exception {
        Path file = root.resolve(key);
        Files.createDirectories(file.getParent());
        Files.write(file, bytes);
    }

    @Override
    protected void corrupt(String key) throws Exception {
        Path file = root.resolve(key);
        byte[] bytes = Files.readAllBytes(file);
        bytes[bytes.length / 2] ^= 1;
        Files.write(file, bytes);
    }

    @Test
    void objectsAreTheFilesByteForByte() throws Exception {
        byte[] content = random(1234, 9);
        store.put("games/a1/00000001.npz", content);
        assertArrayEquals(content, Files.readAllBytes(root.resolve("games/a1/00000001.npz")));
        assertEquals(Content.of(content).sha256(),
                Files.readString(root.resolve("games/a1/.00000001.npz.sha256")).strip());
    }

    @Test
    void whatAKilledWriteLeavesIsInvisibleAndRecoverable() throws Exception {
        Path games = Files.createDirectories(root.resolve("games/a1"));
        // Killed while writing the bytes: a hidden temporary file.
        Files.write(games.resolve(".00000001.npz.123.tmp"), bytes("half a sh"));
        // Killed between the record and the object: a record without an object.
        Files.writeString(games.resolve(".00000002.npz.sha256"), Content.of(bytes("two")).sha256() + "\n");
        assertEquals(List.of(), store.list(""));
        assertEquals(Optional.empty(), store.get("games/a1/00000002.npz"));
        // The same bytes complete the write; other bytes are a conflict that names the cause.
        StoreConflictException e = assertThrows(StoreConflictException.class,
                () -> store.put("games/a1/00000002.npz", bytes("other")));
        assertTrue(e.getMessage().contains("claimed by an unfinished write"), e.getMessage());
        assertEquals(PutResult.CREATED, store.put("games/a1/00000002.npz", bytes("two")));
        assertArrayEquals(bytes("two"), store.get("games/a1/00000002.npz").orElseThrow());
        assertEquals(0, ((FileStore) store).removeStaleTemporaries(Duration.ofHours(1)));
        assertEquals(1, ((FileStore) store).removeStaleTemporaries(Duration.ZERO));
        try (var left = Files.list(games)) {
            assertEquals(List.of(".00000002.npz.sha256", "00000002.npz"),
                    left.map(p -> p.getFileName().toString()).sorted().toList());
        }
        assertEquals(0, store.stats().damaged());
    }

    @Test
    void aKeyThatIsAlsoAFolderIsAConflictNamingTheCause() {
        store.put("games/a1/00000001.npz", bytes("x"));
        StoreConflictException e = assertThrows(StoreConflictException.class, () -> store.put("games/a1", bytes("y")));
        assertTrue(e.getMessage().endsWith("games/a1 is a folder of other keys; a file store cannot also hold an"
                + " object there"), e.getMessage());
        assertThrows(StoreException.class, () -> store.put("games/a1/00000001.npz/inner", bytes("z")));
    }

    @Test
    void twoStoresOnOneDirectorySeeEachOther() {
        try (FileStore other = new FileStore(root)) {
            other.put("games/a2/00000001.npz", bytes("from another process"));
            assertArrayEquals(bytes("from another process"), store.get("games/a2/00000001.npz").orElseThrow());
        }
    }
}
