package org.tengen.env.vec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicIntegerArray;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

@Timeout(60)
class GroupPoolTest {

    /** Every send runs its group once and hands it back once, whichever thread ran it, with up to all in flight. */
    @ParameterizedTest(name = "threads={0} groups={1}")
    @CsvSource({"1, 1", "1, 4", "2, 1", "2, 2", "2, 8", "3, 5", "4, 16"})
    void everySentGroupRunsOnceAndComesBackOnce(int threads, int groups) {
        AtomicIntegerArray runs = new AtomicIntegerArray(groups);
        int[] received = new int[groups];
        int[] sent = new int[groups];
        try (GroupPool pool = new GroupPool(threads, groups, runs::incrementAndGet, "test")) {
            for (int g = 0; g < groups; g++) {
                pool.send(g);
                sent[g]++;
            }
            for (int k = 0; k < 5000; k++) {
                int g = pool.recv();
                received[g]++;
                assertEquals(received[g], runs.get(g), "group " + g + " ran once per send before it came back");
                // Send back all but every third, so that one to all groups are in flight along the way.
                if (k % 3 != 0 || pool.inFlight() == 0) {
                    pool.send(g);
                    sent[g]++;
                } else {
                    int other = (g + 1) % groups;
                    if (received[other] == sent[other]) {
                        pool.send(other);
                        sent[other]++;
                    }
                }
                assertTrue(pool.inFlight() <= groups);
            }
            while (pool.inFlight() > 0) {
                received[pool.recv()]++;
            }
            for (int g = 0; g < groups; g++) {
                assertEquals(sent[g], received[g], "group " + g);
                assertEquals(sent[g], runs.get(g), "group " + g);
            }
        }
    }

    /** On the caller's thread alone, groups run and come back in the order they were sent. */
    @Test
    void oneThreadRunsGroupsInTheOrderSent() {
        StringBuilder order = new StringBuilder();
        try (GroupPool pool = new GroupPool(1, 4, order::append, "test")) {
            for (int g : new int[] {2, 0, 3, 1}) {
                pool.send(g);
            }
            StringBuilder back = new StringBuilder();
            for (int k = 0; k < 4; k++) {
                back.append(pool.recv());
            }
            assertEquals("2031", order.toString());
            assertEquals("2031", back.toString());
        }
    }

    @Test
    void aFailureIsRethrownByRecvAndThePoolGoesOn() {
        IllegalStateException boom = new IllegalStateException("boom");
        boolean[] fail = {true};
        try (GroupPool pool = new GroupPool(2, 3, g -> {
            if (fail[0] && g == 1) {
                throw boom;
            }
        }, "test")) {
            pool.send(1);
            assertSame(boom, assertThrows(IllegalStateException.class, pool::recv));
            assertEquals(0, pool.inFlight(), "the failed group is back");
            fail[0] = false;
            pool.send(1);
            assertEquals(1, pool.recv());
            IllegalStateException none = assertThrows(IllegalStateException.class, pool::recv);
            assertTrue(none.getMessage().contains("no group is in flight"), none.getMessage());
        }
        GroupPool closed = new GroupPool(2, 2, g -> { }, "test");
        closed.close();
        assertThrows(IllegalStateException.class, () -> closed.send(0));
        assertThrows(IllegalStateException.class, closed::recv);
    }
}
