package org.tengen.sgf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import org.tengen.env.game.Game;
import org.tengen.env.rules.Preset;
import org.tengen.env.rules.Rules;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tengen.testutil.NodeJs;

/**
 * Cross-checks our SGF against an independent reader, the npm package {@code @sabaki/sgf}: it must see the same
 * properties and points in files we write, and what it writes back must read as the same record. Skips without
 * node or the package ({@link NodeJs}).
 */
class SabakiCrossCheckTest {

    /** Prints each file's main line, one node per line, and writes Sabaki's own SGF of it to FILE.sabaki.sgf. */
    private static final String SCRIPT = """
            const sgf = require('@sabaki/sgf');
            const fs = require('fs');
            const hex = v => Buffer.from(v, 'utf8').toString('hex');
            for (const file of process.argv.slice(2)) {
              const roots = sgf.parseFile(file, {encoding: 'UTF-8'});
              fs.writeFileSync(file + '.sabaki.sgf', sgf.stringify(roots));
              for (let node = roots[0]; node != null; node = node.children[0]) {
                const props = Object.keys(node.data).map(id => id + '=' + node.data[id].map(hex).join(','));
                const points = ['B', 'W', 'AB', 'AW'].filter(id => id in node.data).map(id => id + ':'
                    + node.data[id].flatMap(v => v === '' ? [[-1, -1]] : sgf.parseCompressedVertices(v))
                        .map(p => p.join(',')).sort().join(' '));
                console.log(props.join(';') + '|' + points.join(';'));
              }
              console.log('#');
            }
            """;

    @Test
    void sabakiReadsOurFilesAsWeDoAndWritesThemBackEquivalently(@TempDir Path dir) throws Exception {
        Optional<NodeJs> node = NodeJs.with("@sabaki/sgf");
        assumeTrue(node.isPresent(), NodeJs.missing("@sabaki/sgf", "@sabaki/sgf@3.4.7"));

        List<GameRecord> records = records();
        List<String> args = new ArrayList<>();
        Files.writeString(dir.resolve("dump.js"), SCRIPT);
        args.add(dir.resolve("dump.js").toString());
        for (int i = 0; i < records.size(); i++) {
            Path file = dir.resolve("game" + i + ".sgf");
            GoSgf.write(file, records.get(i));
            args.add(file.toString());
        }
        NodeJs.Result out = node.get().run(dir, args, Duration.ofSeconds(60));
        assertEquals(0, out.exitCode(), out.stderr());
        assertEquals(expectedDump(records), out.stdout());
        for (int i = 0; i < records.size(); i++) {
            assertEquals(records.get(i), GoSgf.read(dir.resolve("game" + i + ".sgf.sabaki.sgf")),
                    "Sabaki's rewrite of game " + i);
        }
    }

    private static List<GameRecord> records() {
        List<GameRecord> records = new ArrayList<>();
        records.add(RandomRecords.play(new Game(Rules.trompTaylor(19)), 1, 150).record());
        records.add(RandomRecords.play(new Game(Preset.CHINESE.rules(7, 5)), 2, 80).record());
        records.add(RandomRecords.play(new Game(Rules.trompTaylor(25, 21)), 3, 300).record());
        records.add(RandomRecords.play(new Game(Preset.AGA.rules(13, 13, 5)), 4, 100).record());
        Game two = new Game(Rules.trompTaylor(9));
        two.play(80);
        two.play(81);
        records.add(GameRecord.builder(two.history()).optPlayers("李昌镐", "Müller [5d]")
                .optComment("root \\ comment ]\n\nwith blank line").optMoveComment(0, "tt is a point: ii")
                .optExtra(SgfProperty.of("LB", "aa:x", "bb:y]")).build());
        return records;
    }

    /** What the script prints for our reading of the same files. */
    private static String expectedDump(List<GameRecord> records) {
        StringBuilder sb = new StringBuilder();
        HexFormat hex = HexFormat.of();
        for (GameRecord record : records) {
            int width = record.rules().width();
            int height = record.rules().height();
            for (SgfNode n : new SgfParser().parseOne(GoSgf.format(record)).mainLine()) {
                List<String> props = new ArrayList<>();
                List<String> points = new ArrayList<>();
                for (SgfProperty p : n.properties()) {
                    props.add(p.id() + "=" + String.join(",", p.values().stream()
                            .map(v -> hex.formatHex(v.getBytes(StandardCharsets.UTF_8))).toList()));
                }
                for (String id : List.of("B", "W", "AB", "AW")) {
                    n.get(id).ifPresent(p -> {
                        List<String> xy = new ArrayList<>();
                        for (String v : p.values()) {
                            xy.add(v.isEmpty() ? "-1,-1" : pointXy(SgfPoints.point(v, width, height), width));
                        }
                        xy.sort(null);
                        points.add(id + ":" + String.join(" ", xy));
                    });
                }
                sb.append(String.join(";", props)).append('|').append(String.join(";", points)).append('\n');
            }
            sb.append("#\n");
        }
        return sb.toString();
    }

    private static String pointXy(int action, int width) {
        return action % width + "," + action / width;
    }
}
