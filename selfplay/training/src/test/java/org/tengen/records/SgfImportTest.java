package org.tengen.records;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tengen.env.features.FeatureSet;
import org.tengen.env.features.FeatureSets;
import org.tengen.env.game.GameHistory;
import org.tengen.env.rules.Rules;
import org.tengen.models.data.TrainingShard;
import org.tengen.models.eval.InputSpec;
import org.tengen.models.eval.UniformEvaluator;
import org.tengen.run.ReplayBuffer;
import org.tengen.run.RunConfig;
import org.tengen.search.NetworkLeafEvaluator;
import org.tengen.search.SearchConfig;
import org.tengen.selfplay.SelfPlay;
import org.tengen.sgf.GameRecord;
import org.tengen.sgf.GoSgf;

/** Games read from SGF become exactly the samples self-play writes, with the record's move as the policy target. */
class SgfImportTest {
    private static final FeatureSet AZ3 = FeatureSets.byId("az3");
    private static final float NAN = Float.NaN;

    @Test
    void selfPlayRecordsImportAsTheSamplesSelfPlayWroteWithTheMovePlayedAsPolicy() {
        FeatureSet features = FeatureSets.byId("az5");
        Rules rules = Rules.trompTaylor(4).withKomi(0.5).withMaxMoves(30);
        SelfPlay selfPlay = new SelfPlay(rules, features, SearchConfig.selfPlayDefaults().toBuilder().simulations(8)
                .build(), new NetworkLeafEvaluator(new UniformEvaluator(InputSpec.of(features, rules)), features, 4),
                new SelfPlay.Settings(4, -1f, 3, 0, 11));
        List<GameRecord> records = new ArrayList<>();
        List<TrainingShard> played = new ArrayList<>();
        selfPlay.play(12, (record, samples) -> {
            records.add(record);
            played.add(samples.toShard());
        }, () -> { });
        SgfImport importer = new SgfImport(features, 4, 4, 1000);
        int counted = 0;
        int cut = 0;
        for (int g = 0; g < records.size(); g++) {
            GameRecord record = GoSgf.parse(GoSgf.format(records.get(g)));
            TrainingShard expected = played.get(g);
            TrainingShard imported = importer.samples(record).toShard();
            String game = "game " + g + " (" + record.result() + ")";
            assertEquals(expected.count(), imported.count(), game + ": one sample per move");
            assertArrayEquals(expected.observations(), imported.observations(), game + ": observations");
            assertArrayEquals(expected.value(), imported.value(), game + ": value");
            assertArrayEquals(expected.ownership(), imported.ownership(), game + ": ownership");
            assertArrayEquals(expected.score(), imported.score(), game + ": score");
            List<GameHistory.Move> moves = record.history().moves();
            for (int i = 0; i < imported.count(); i++) {
                float[] oneHot = new float[17];
                oneHot[moves.get(i).action()] = 1f;
                assertArrayEquals(oneHot, Arrays.copyOfRange(imported.policy(), 17 * i, 17 * (i + 1)),
                        game + ", sample " + i + ": the move played");
            }
            counted += record.result().equals("Void") ? 0 : 1;
            cut += record.result().equals("Void") ? 1 : 0;
        }
        assertTrue(counted > 0 && cut > 0, counted + " games counted, " + cut + " cut: both kinds are needed");
    }

    @Test
    void aGameEndedByPassesTeachesItsResultAndAreaCountFromEachMoversView() {
        // Black takes the centre of 3x3 and both pass: Black owns all 9 points, 9 - 0.5 = B+8.5.
        TrainingShard s = importOne(AZ3, 3, 3, "(;GM[1]SZ[3]KM[0.5]RU[Tromp-Taylor]RE[B+8.5];B[bb];W[];B[])");
        assertEquals(3, s.count());
        assertArrayEquals(new float[] {1, -1, 1}, s.value());
        assertArrayEquals(new float[] {8.5f, -8.5f, 8.5f}, s.score());
        assertPolicy(s, 0, 4, 10);
        assertPolicy(s, 1, 9, 10);
        assertPolicy(s, 2, 9, 10);
        for (int p = 0; p < 9; p++) {
            assertEquals(1f, s.ownership()[p]);
            assertEquals(-1f, s.ownership()[9 + p]);
        }
        // az3: my stones, the opponent's, 1 when Black is to move.
        float[] empty = new float[9];
        float[] centre = new float[9];
        centre[4] = 1;
        float[] ones = new float[9];
        Arrays.fill(ones, 1);
        assertArrayEquals(concat(empty, empty, ones), plane(s, 0, 27), "before Black's first move");
        assertArrayEquals(concat(empty, centre, empty), plane(s, 1, 27), "White to move sees Black's stone");
        assertArrayEquals(concat(centre, empty, ones), plane(s, 2, 27), "Black to move after White's pass");
    }

    @Test
    void handicapSetUpAndKomiAreTheRecordsOwn() {
        // Chinese rules, two handicap stones: White moves first and gets komi 0.5 plus 2 points. After W C3 and two
        // passes Black has 2 points, White 1 (the empty region touches both): 2 - 1 - 2.5 = W+1.5.
        TrainingShard s = importOne(AZ3, 5, 5,
                "(;GM[1]SZ[5]HA[2]KM[0.5]RU[Chinese]AB[bd][db]RE[W+1.5];W[cc];B[];W[])");
        assertEquals(3, s.count());
        assertArrayEquals(new float[] {1, -1, 1}, s.value(), "White wins, and White moves first");
        assertArrayEquals(new float[] {1.5f, -1.5f, 1.5f}, s.score());
        float[] handicap = new float[25];
        handicap[3 * 5 + 1] = 1;
        handicap[1 * 5 + 3] = 1;
        assertArrayEquals(concat(new float[25], handicap, new float[25]), plane(s, 0, 75),
                "White to move sees the handicap stones as the opponent's");
        assertPolicy(s, 0, 12, 26);
    }

    @Test
    void resignedAndUncountedGamesTeachNoOwnershipOrScore() {
        TrainingShard resigned = importOne(AZ3, 3, 3, "(;GM[1]SZ[3]KM[0.5]RE[W+R];B[aa];W[bb])");
        assertArrayEquals(new float[] {-1, 1}, resigned.value());
        assertArrayEquals(new float[] {NAN, NAN}, resigned.score());
        assertTrue(Float.isNaN(resigned.ownership()[0]) && Float.isNaN(resigned.ownership()[17]));

        TrainingShard noResult = importOne(AZ3, 3, 3, "(;GM[1]SZ[3]KM[0.5];B[aa];W[bb])");
        assertArrayEquals(new float[] {NAN, NAN}, noResult.value(), "no RE: unknown outcome");
        assertArrayEquals(new float[] {NAN, NAN}, noResult.score(), "not ended by passes: not counted");

        TrainingShard voided = importOne(AZ3, 3, 3, "(;GM[1]SZ[3]KM[0.5]RE[Void];B[bb];W[];B[])");
        assertArrayEquals(new float[] {NAN, NAN, NAN}, voided.value());
        assertArrayEquals(new float[] {8.5f, -8.5f, 8.5f}, voided.score(), "the count stands without a winner");

        // Territory scoring with dead stones left on the board: the area count disagrees with RE and is not used.
        TrainingShard disputed = importOne(AZ3, 3, 3, "(;GM[1]SZ[3]KM[0.5]RE[W+5.5];B[bb];W[];B[])");
        assertArrayEquals(new float[] {-1, 1, -1}, disputed.value(), "the value is RE's");
        assertArrayEquals(new float[] {NAN, NAN, NAN}, disputed.score());
    }

    @Test
    void movesOutOfTurnAndPassesAfterTheEndAreNoTargets() {
        TrainingShard s = importOne(AZ3, 3, 3, "(;GM[1]SZ[3]KM[0.5]RE[B+8.5];B[aa];B[cc];W[];B[];W[])");
        // B A3 is a target; B C1 out of turn is not; W pass, B pass are; W's pass after the end is not.
        assertEquals(3, s.count());
        assertPolicy(s, 0, 0, 10);
        assertPolicy(s, 1, 9, 10);
        assertPolicy(s, 2, 9, 10);
    }

    @Test
    void rectangularBoardsAreHonouredOrSkipped(@TempDir Path tmp) throws IOException {
        String game = "(;GM[1]SZ[4:3]KM[0.5]RE[B+R];B[ab];W[dc])";
        TrainingShard s = importOne(AZ3, 4, 3, game);
        assertEquals(new InputSpec("az3", 3, 4, 3), s.spec());
        assertPolicy(s, 0, 4, 13);
        assertPolicy(s, 1, 2 * 4 + 3, 13);
        Files.writeString(tmp.resolve("rect.sgf"), game);
        SgfImport.Summary summary = new SgfImport(AZ3, 3, 4, 100).run(List.of(tmp), tmp.resolve("out"), line -> { });
        assertEquals(0, summary.reading().games());
        assertEquals(Map.of("on board 4x3", 1), summary.reading().skipped());
    }

    @Test
    void badFilesAreReportedInOneLineAndSkipped(@TempDir Path tmp) throws IOException {
        Path in = Files.createDirectories(tmp.resolve("in/sub"));
        Files.writeString(in.resolve("good.sgf"), "(;GM[1]SZ[3]KM[0.5]RE[B+8.5];B[bb];W[];B[])");
        Files.writeString(in.resolve("collection.SGF"), "(;GM[1]SZ[3]RE[W+R];B[aa];W[bb])(;GM[1]SZ[19];B[dd])"
                + "(;GM[1]SZ[3];B[aa];W[aa])");
        Files.writeString(in.resolve("truncated.sgf"), "(;GM[1]SZ[3];B[aa]");
        Files.writeString(in.resolve("chess.sgf"), "(;GM[3];B[aa])");
        Files.writeString(in.resolve("empty.sgf"), "(;GM[1]SZ[3])");
        Files.writeString(in.resolve("notes.txt"), "not an SGF file, and not read");
        List<String> report = new ArrayList<>();
        Path out = tmp.resolve("out");
        SgfImport.Summary summary = new SgfImport(AZ3, 3, 3, 2).run(List.of(tmp.resolve("in")), out, report::add);

        assertEquals(5, summary.reading().files());
        assertEquals(2, summary.reading().games());
        assertEquals(5, summary.reading().positions());
        assertEquals(1, summary.reading().scored());
        assertEquals(Map.of("malformed", 2, "on board 19x19", 1, "with illegal moves", 1, "without moves", 1),
                summary.reading().skipped());
        assertEquals(4, report.size(), String.join("\n", report));
        for (String line : report) {
            assertTrue(line.startsWith("skipped " + in) && !line.contains("\n"), line);
        }
        assertTrue(report.stream().anyMatch(l -> l.contains("collection.SGF (game 3): move 2 (white A3) is illegal")),
                String.join("\n", report));
        assertTrue(report.stream().anyMatch(l -> l.contains("truncated.sgf: line 1")), String.join("\n", report));
        assertTrue(summary.describe().startsWith("imported 2 games from 5 files: 5 positions in 2 shards"),
                summary.describe());

        // Shards close at the first game end at or after 2 samples; the replay window reads them like self-play shards.
        List<Path> shards = SgfImport.shards(out);
        assertEquals(List.of("shard-00000-1g.npz", "shard-00001-1g.npz"),
                shards.stream().map(p -> p.getFileName().toString()).toList());
        ReplayBuffer replay = new ReplayBuffer(new InputSpec("az3", 3, 3, 3), RunConfig.defaults().replay(), 4, 1);
        for (Path shard : shards) {
            replay.add(1, TrainingShard.read(shard));
        }
        assertEquals(5, replay.size());

        IllegalArgumentException again = assertThrows(IllegalArgumentException.class,
                () -> new SgfImport(AZ3, 3, 3, 4).run(List.of(in), out, report::add));
        assertEquals(out + " already holds shards (.npz): import into an empty directory", again.getMessage());
        IllegalArgumentException missing = assertThrows(IllegalArgumentException.class,
                () -> new SgfImport(AZ3, 3, 3, 4).run(List.of(tmp.resolve("nowhere")), tmp.resolve("o2"), l -> { }));
        assertEquals(tmp.resolve("nowhere") + " is neither an SGF file nor a directory", missing.getMessage());
    }

    private static TrainingShard importOne(FeatureSet features, int width, int height, String sgf) {
        return new SgfImport(features, width, height, 1000).samples(GoSgf.parse(sgf)).toShard();
    }

    private static void assertPolicy(TrainingShard s, int sample, int action, int actions) {
        float[] oneHot = new float[actions];
        oneHot[action] = 1;
        assertArrayEquals(oneHot, Arrays.copyOfRange(s.policy(), sample * actions, (sample + 1) * actions),
                "policy of sample " + sample);
    }

    private static float[] plane(TrainingShard s, int sample, int size) {
        return Arrays.copyOfRange(s.observations(), sample * size, (sample + 1) * size);
    }

    private static float[] concat(float[]... parts) {
        float[] all = new float[Arrays.stream(parts).mapToInt(p -> p.length).sum()];
        int at = 0;
        for (float[] p : parts) {
            System.arraycopy(p, 0, all, at, p.length);
            at += p.length;
        }
        return all;
    }
}
