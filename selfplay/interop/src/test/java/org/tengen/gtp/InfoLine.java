package org.tengen.gtp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A parsed analysis line, {@code info move ... pv ... info move ... [rootInfo ...] [ownership ...]}, checked against
 * the grammar of
 * KataGo's GTP_Extensions.md or Leela Zero's lz-analyze: every group's keys in the documented set, every value of its
 * type and range, orders 0, 1, 2..., visits not increasing, and each pv starting with its move.
 */
record InfoLine(List<Map<String, List<String>>> moves, Map<String, List<String>> rootInfo, List<Double> ownership) {
    private static final String VERTEX = "([A-HJ-Z]{1,2}\\d{1,2}|pass)";
    private static final String INTEGER = "\\d+";
    /** KataGo's floats here always carry a decimal point (what Sabaki checks), never an exponent. */
    private static final String DECIMAL = "-?\\d+\\.\\d+";
    private static final Set<String> LISTS = Set.of("pv", "pvVisits", "pvEdgeVisits");
    private static final Set<String> LZ_KEYS = Set.of("move", "visits", "winrate", "prior", "lcb", "order", "pv");
    private static final Set<String> KATA_KEYS = Set.of("move", "visits", "edgeVisits", "utility", "winrate",
            "scoreMean", "scoreSelfplay", "scoreLead", "prior", "lcb", "utilityLcb", "weight", "order", "pv",
            "pvVisits", "pvEdgeVisits");
    private static final Set<String> ROOT_KEYS = Set.of("visits", "utility", "winrate", "scoreMean", "scoreSelfplay",
            "scoreLead", "weight");

    /** Parses and checks one line of {@code lz-analyze} ({@code kata == false}) or {@code kata-analyze} output. */
    static InfoLine parse(String line, boolean kata) {
        String[] tokens = line.split(" ");
        List<Map<String, List<String>>> moves = new ArrayList<>();
        Map<String, List<String>> root = null;
        Map<String, List<String>> group = null;
        List<Double> ownership = null;
        for (int i = 0; i < tokens.length; i++) {
            String token = tokens[i];
            if (token.equals("ownership")) {
                // KataGo's last field: a float per point in [-1, 1], to the end of the line.
                assertTrue(kata && group != null, "ownership after the moves, only with kata-analyze: " + line);
                ownership = new ArrayList<>();
                for (i++; i < tokens.length; i++) {
                    matches(tokens[i], DECIMAL);
                    double o = Double.parseDouble(tokens[i]);
                    inRange(o, -1, 1);
                    ownership.add(o);
                }
                break;
            }
            if (token.equals("info") || token.equals("rootInfo")) {
                group = new LinkedHashMap<>();
                if (token.equals("info")) {
                    assertTrue(root == null, "info after rootInfo: " + line);
                    moves.add(group);
                } else {
                    assertTrue(kata && root == null, "one rootInfo, only with kata-analyze: " + line);
                    root = group;
                }
                continue;
            }
            if (group == null) {
                fail("the line does not start with info: " + line);
            }
            assertFalse(group.containsKey(token), "key " + token + " twice: " + line);
            List<String> values = new ArrayList<>();
            if (group != root && LISTS.contains(token)) {
                while (i + 1 < tokens.length && !Set.of("info", "rootInfo", "pvVisits", "pvEdgeVisits", "ownership")
                        .contains(tokens[i + 1])) {
                    values.add(tokens[++i]);
                }
            } else {
                assertTrue(i + 1 < tokens.length, "key " + token + " without a value: " + line);
                values.add(tokens[++i]);
            }
            group.put(token, values);
        }
        assertFalse(moves.isEmpty(), "no move in: " + line);
        for (int order = 0; order < moves.size(); order++) {
            Map<String, List<String>> move = moves.get(order);
            assertTrue((kata ? KATA_KEYS : LZ_KEYS).containsAll(move.keySet()), "keys " + move.keySet());
            assertTrue(move.keySet().containsAll(LZ_KEYS), "missing keys in " + move.keySet());
            assertEquals(List.of(Integer.toString(order)), move.get("order"));
            matches(move.get("move").get(0), VERTEX);
            matches(move.get("visits").get(0), INTEGER);
            if (order > 0) {
                assertTrue(visits(move) <= visits(moves.get(order - 1)), "most visited first: " + line);
            }
            List<String> pv = move.get("pv");
            assertFalse(pv.isEmpty(), "empty pv: " + line);
            assertEquals(move.get("move").get(0), pv.get(0), "the pv starts with its move");
            pv.forEach(v -> matches(v, VERTEX));
            if (kata) {
                for (String key : List.of("utility", "winrate", "scoreMean", "scoreSelfplay", "scoreLead", "prior",
                        "lcb", "utilityLcb", "weight")) {
                    matches(move.get(key).get(0), DECIMAL);
                }
                assertEquals(move.get("visits"), move.get("edgeVisits"));
                assertEquals(move.get("scoreMean"), move.get("scoreLead"));
                inRange(number(move, "winrate"), 0, 1);
                inRange(number(move, "prior"), 0, 1);
                for (String key : List.of("pvVisits", "pvEdgeVisits")) {
                    if (move.containsKey(key)) {
                        assertEquals(pv.size(), move.get(key).size(), key + " per pv move");
                        move.get(key).forEach(v -> matches(v, INTEGER));
                        assertEquals(move.get("visits").get(0), move.get(key).get(0));
                    }
                }
            } else {
                for (String key : List.of("winrate", "prior", "lcb")) {
                    matches(move.get(key).get(0), INTEGER);
                    inRange(number(move, key), 0, 10_000);
                }
            }
        }
        if (root != null) {
            assertEquals(ROOT_KEYS, root.keySet());
            matches(root.get("visits").get(0), INTEGER);
            inRange(number(root, "winrate"), 0, 1);
        }
        return new InfoLine(moves, root, ownership);
    }

    static int visits(Map<String, List<String>> group) {
        return Integer.parseInt(group.get("visits").get(0));
    }

    static double number(Map<String, List<String>> group, String key) {
        return Double.parseDouble(group.get(key).get(0));
    }

    private static void matches(String value, String regex) {
        assertTrue(value.matches(regex), "'" + value + "' is not " + regex);
    }

    private static void inRange(double value, double low, double high) {
        assertTrue(value >= low && value <= high, value + " not in [" + low + ", " + high + "]");
    }
}
