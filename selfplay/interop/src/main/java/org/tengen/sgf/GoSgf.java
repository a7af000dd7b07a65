package org.tengen.sgf;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.tengen.env.io.IoErrors;
import org.tengen.env.board.Stone;
import org.tengen.env.game.Game;
import org.tengen.env.game.GameHistory;
import org.tengen.env.game.GameHistory.Move;
import org.tengen.env.game.IllegalMoveException;
import org.tengen.env.rules.HandicapPlacement;
import org.tengen.env.rules.Rules;
import org.tengen.sgf.GameRecord.Annotation;

/**
 * Go games ({@code GM[1]}) between SGF and {@link GameRecord}.
 *
 * <p>Reading takes the main line. Defaults for missing properties: {@code SZ} 19, {@code KM} 0, {@code HA} 0,
 * {@code RU} as {@link SgfRules} says; {@code PL} missing means the colour of the first move, or White after
 * handicap stones, else Black. Set-up ({@code AB}, {@code AW}, {@code AE}) is taken from the nodes before the first
 * move and is an error after it; under fixed-handicap rules a file without set-up stones gets the rules' stones. A
 * node without a move is folded into the node before it: its {@code C} is appended after a blank line and its other
 * properties are added where that node lacks them. So is a White pass that only writes out a pass the rules insert
 * themselves (NZ handicap: some programs write them all; Tengen writes one only where a real White pass follows, so
 * that readers tell the two apart). {@code FF}, {@code CA} and {@code AP} are not kept (the writer writes its own).
 * Writing produces UTF-8 FF[4] with one node per line.
 */
public final class GoSgf {

    /** The application written in {@code AP}. */
    public static final String APPLICATION = "Tengen";

    private GoSgf() {
    }

    /** Parses SGF text holding one Go game. */
    public static GameRecord parse(String text) {
        return fromTree(new SgfParser().parseOne(text));
    }

    /** Reads a file holding one Go game. */
    public static GameRecord read(Path file) {
        List<SgfTree> trees = new SgfParser().read(file);
        if (trees.size() != 1) {
            throw new SgfException(file + ": expected one game, found " + trees.size());
        }
        return fromTree(trees.get(0));
    }

    /** The SGF text of a record. */
    public static String format(GameRecord record) {
        return SgfWriter.write(toTree(record));
    }

    /** Writes a record to a file as UTF-8. */
    public static void write(Path file, GameRecord record) throws IOException {
        Files.writeString(file, format(record), StandardCharsets.UTF_8);
    }

    /**
     * As {@link #write}, creating missing folders and reporting a failure as an {@link UncheckedIOException} naming
     * the file: for callbacks that receive finished games.
     */
    public static void save(Path file, GameRecord record) {
        try {
            Path parent = file.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            write(file, record);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + IoErrors.reason(e), e);
        }
    }

    /** The record of a game tree's main line. */
    public static GameRecord fromTree(SgfTree tree) {
        List<SgfNode> line = tree.mainLine();
        int firstMove = 0;
        while (firstMove < line.size() && moveColour(line.get(firstMove), firstMove) == Stone.EMPTY) {
            firstMove++;
        }
        // The root and the move-less nodes before the first move hold the game information and the set-up.
        int infoNodes = Math.max(firstMove, 1);
        Folded root = new Folded();
        for (int i = 0; i < infoNodes; i++) {
            root.fold(line.get(i).properties());
        }
        String gm = root.value("GM");
        if (!gm.isEmpty() && !gm.trim().equals("1")) {
            throw new SgfException("GM[" + gm + "] is not a game of Go (GM[1])");
        }
        int[] size = size(root.value("SZ"));
        int width = size[0];
        int height = size[1];
        int handicap = handicap(root.value("HA"));
        String rulesName = root.value("RU");
        Rules rules;
        try {
            rules = SgfRules.rules(rulesName, width, height, komi(root.value("KM")), handicap);
        } catch (IllegalArgumentException e) {
            throw new SgfException("RU[" + rulesName + "] with HA[" + handicap + "]: " + e.getMessage());
        }
        Set<Integer> black = new LinkedHashSet<>();
        Set<Integer> white = new LinkedHashSet<>();
        for (int i = 0; i < infoNodes; i++) {
            setUp(line.get(i), i, width, height, black, white);
        }

        List<Move> moves = new ArrayList<>();
        List<Annotation> annotations = new ArrayList<>();
        for (int i = firstMove; i < line.size(); i++) {
            SgfNode node = line.get(i);
            int colour = moveColour(node, i);
            if (colour == Stone.EMPTY) {
                rejectSetUp(node, "node " + (i + 1) + " after move " + moves.size());
                int last = annotations.size() - 1;
                annotations.set(last, fold(annotations.get(last), node.properties()));
                continue;
            }
            String id = colour == Stone.BLACK ? "B" : "W";
            String value = node.value(id).orElseThrow();
            int action;
            try {
                action = SgfPoints.move(value, width, height);
            } catch (IllegalArgumentException e) {
                throw new SgfException("move " + (moves.size() + 1) + " " + id + "[" + value + "]: "
                        + e.getMessage());
            }
            moves.add(new Move(colour, action));
            if (i == 0) {
                // A move in the root node: the root's other properties are the game's.
                annotations.add(Annotation.NONE);
                continue;
            }
            rejectSetUp(node, "move " + moves.size());
            annotations.add(fold(Annotation.NONE, node.properties()));
        }

        int firstPlayer = firstPlayer(root.value("PL"), moves, black, rules);
        if (black.isEmpty() && white.isEmpty()) {
            black.addAll(GameHistory.start(rules).blackStones());
        }
        try {
            Moves read = withoutWrittenRulePasses(new Moves(new GameHistory(rules, List.copyOf(black),
                    List.copyOf(white), firstPlayer, moves, GameHistory.Ending.NONE), annotations));
            return new GameRecord(read.history(), rulesName, read.annotations(), root.value("RE"), root.value("PB"),
                    root.value("PW"), root.value("DT"), root.value("GN"), root.comment,
                    root.extra(GameRecord.ROOT_PROPERTIES));
        } catch (IllegalArgumentException e) {
            throw new SgfException(e.getMessage());
        }
    }

    /** The moves read and one annotation per move. */
    private record Moves(GameHistory history, List<Annotation> annotations) {
    }

    /** The moves without the White passes that only write out a pass the rules insert; their nodes are folded. */
    private static Moves withoutWrittenRulePasses(Moves read) {
        Set<Integer> written = RulePasses.of(read.history(), true).written();
        if (written.isEmpty()) {
            return read;
        }
        GameHistory h = read.history();
        List<Move> kept = new ArrayList<>();
        List<Annotation> annotations = new ArrayList<>();
        for (int i = 0; i < h.moveCount(); i++) {
            if (written.contains(i)) {
                int last = annotations.size() - 1;
                annotations.set(last, fold(annotations.get(last), properties(read.annotations().get(i))));
            } else {
                kept.add(h.moves().get(i));
                annotations.add(read.annotations().get(i));
            }
        }
        return new Moves(new GameHistory(h.rules(), h.blackStones(), h.whiteStones(), h.firstPlayer(), kept,
                h.ending()), annotations);
    }

    /**
     * The passes the rules insert themselves (a White pass after each NZ handicap stone but the last), found by
     * playing the moves up to the first illegal one.
     *
     * @param after   the moves the rules passed after
     * @param written the White passes right after those that write that pass out (as some programs do, and Tengen
     *                when a real White pass follows): not played, as they are not moves
     */
    private record RulePasses(Set<Integer> after, Set<Integer> written) {
        /** The rule passes of {@code history}; with {@code readWritten}, its moves may write them out. */
        static RulePasses of(GameHistory history, boolean readWritten) {
            Rules rules = history.rules();
            RulePasses passes = new RulePasses(new HashSet<>(), new HashSet<>());
            if (!rules.isHandicapGame() || rules.placement() != HandicapPlacement.WHITE_PASSES || history.setUp()) {
                return passes;
            }
            Game game = history.replay(0);
            boolean inserted = false;
            for (int i = 0; i < history.moveCount(); i++) {
                Move m = history.moves().get(i);
                if (readWritten && inserted && m.player() == Stone.WHITE && m.action() == rules.passAction()) {
                    passes.written.add(i);
                    inserted = false;
                    continue;
                }
                int turns = game.turns();
                try {
                    game.playAs(m.player(), m.action());
                } catch (IllegalMoveException e) {
                    break;
                }
                inserted = game.turns() == turns + 2;
                if (inserted) {
                    passes.after.add(i);
                }
            }
            return passes;
        }
    }

    /** {@code into} with the properties of a further node folded in, as {@link Folded} folds nodes. */
    private static Annotation fold(Annotation into, List<SgfProperty> node) {
        Folded f = new Folded();
        f.comment = into.comment();
        f.properties.addAll(into.extra());
        f.fold(node);
        return new Annotation(f.comment, f.extra(GameRecord.MOVE_PROPERTIES));
    }

    /** The properties of a move's node other than the move. */
    private static List<SgfProperty> properties(Annotation a) {
        List<SgfProperty> props = new ArrayList<>();
        addText(props, "C", a.comment());
        props.addAll(a.extra());
        return props;
    }

    /** BLACK or WHITE if the node holds a move, EMPTY if not; both B and W is an error. */
    private static int moveColour(SgfNode node, int index) {
        boolean b = node.has("B");
        boolean w = node.has("W");
        if (b && w) {
            throw new SgfException("node " + (index + 1) + " holds both a black and a white move");
        }
        return b ? Stone.BLACK : w ? Stone.WHITE : Stone.EMPTY;
    }

    private static void rejectSetUp(SgfNode node, String where) {
        for (String id : List.of("AB", "AW", "AE")) {
            if (node.has(id)) {
                throw new SgfException(where + ": set-up (" + id + ") after the first move is not supported");
            }
        }
    }

    /** Applies a node's AB, AW and AE to the set-up sets. */
    private static void setUp(SgfNode node, int index, int width, int height, Set<Integer> black, Set<Integer> white) {
        List<Integer> ab = points(node, "AB", index, width, height);
        List<Integer> aw = points(node, "AW", index, width, height);
        for (int a : ab) {
            if (aw.contains(a)) {
                throw new SgfException("node " + (index + 1) + ": point " + SgfPoints.format(a, width)
                        + " is in both AB and AW");
            }
        }
        List<Integer> ae = points(node, "AE", index, width, height);
        black.removeAll(ae);
        white.removeAll(ae);
        black.removeAll(aw);
        white.removeAll(ab);
        black.addAll(ab);
        white.addAll(aw);
    }

    private static List<Integer> points(SgfNode node, String id, int index, int width, int height) {
        List<String> values = node.get(id).map(SgfProperty::values).orElse(List.of());
        try {
            return SgfPoints.list(values, width, height);
        } catch (IllegalArgumentException e) {
            throw new SgfException("node " + (index + 1) + ": " + id + ": " + e.getMessage());
        }
    }

    /** {@code PL}, else the first move's colour, else White after handicap stones, else Black. */
    private static int firstPlayer(String pl, List<Move> moves, Set<Integer> black, Rules rules) {
        switch (pl.trim().toUpperCase(Locale.ROOT)) {
            case "B", "1", "BLACK" -> {
                return Stone.BLACK;
            }
            case "W", "2", "WHITE" -> {
                return Stone.WHITE;
            }
            case "" -> { }
            default -> throw new SgfException("PL[" + pl + "] is neither B nor W");
        }
        if (!moves.isEmpty()) {
            return moves.get(0).player();
        }
        boolean stonesPlaced = !black.isEmpty() || rules.placement() == HandicapPlacement.FIXED;
        return rules.isHandicapGame() && stonesPlaced ? Stone.WHITE : Stone.BLACK;
    }

    /** {@code SZ}: {@code 19} or {@code columns:rows}; missing means 19. */
    private static int[] size(String sz) {
        String s = sz.trim();
        if (s.isEmpty()) {
            return new int[] {19, 19};
        }
        try {
            int colon = s.indexOf(':');
            int w = Integer.parseInt(colon < 0 ? s : s.substring(0, colon).trim());
            int h = colon < 0 ? w : Integer.parseInt(s.substring(colon + 1).trim());
            if (w >= 1 && h >= 1 && w <= Rules.MAX_SIZE && h <= Rules.MAX_SIZE) {
                return new int[] {w, h};
            }
        } catch (NumberFormatException e) {
            // Reported below with the accepted forms.
        }
        throw new SgfException("SZ[" + sz + "] is not a board size: expected e.g. 19 or 7:5 (columns:rows), each 1.."
                + Rules.MAX_SIZE);
    }

    private static double komi(String km) {
        if (km.isBlank()) {
            return 0;
        }
        try {
            double k = Double.parseDouble(km.trim());
            if (k * 2 == Math.rint(k * 2) && Math.abs(k) <= Rules.MAX_KOMI) {
                return k;
            }
        } catch (NumberFormatException e) {
            // Reported below.
        }
        throw new SgfException("KM[" + km + "] is not a komi: expected a multiple of 0.5 such as 7.5");
    }

    private static int handicap(String ha) {
        if (ha.isBlank()) {
            return 0;
        }
        try {
            int h = Integer.parseInt(ha.trim());
            if (h >= 0) {
                return h;
            }
        } catch (NumberFormatException e) {
            // Reported below.
        }
        throw new SgfException("HA[" + ha + "] is not a handicap: expected a number of stones");
    }

    /** The main line of a record as a game tree. */
    public static SgfTree toTree(GameRecord record) {
        GameHistory history = record.history();
        Rules rules = history.rules();
        List<SgfProperty> root = new ArrayList<>();
        root.add(SgfProperty.of("FF", "4"));
        root.add(SgfProperty.of("GM", "1"));
        root.add(SgfProperty.of("CA", "UTF-8"));
        root.add(SgfProperty.of("AP", APPLICATION));
        root.add(SgfProperty.of("SZ", rules.width() == rules.height() ? Integer.toString(rules.width())
                : rules.width() + ":" + rules.height()));
        root.add(SgfProperty.of("KM", BigDecimal.valueOf(rules.komi()).stripTrailingZeros().toPlainString()));
        root.add(SgfProperty.of("RU", record.rulesName()));
        if (rules.isHandicapGame()) {
            root.add(SgfProperty.of("HA", Integer.toString(rules.handicap())));
        }
        boolean stones = !history.blackStones().isEmpty() || !history.whiteStones().isEmpty();
        // Without PL a reader takes the first mover for the first player, so a first move out of turn needs it.
        boolean outOfTurn = history.moveCount() > 0 && history.moves().get(0).player() != history.firstPlayer();
        if (stones || outOfTurn || history.firstPlayer() != Stone.BLACK) {
            root.add(SgfProperty.of("PL", history.firstPlayer() == Stone.BLACK ? "B" : "W"));
        }
        addPoints(root, "AB", history.blackStones(), rules.width());
        addPoints(root, "AW", history.whiteStones(), rules.width());
        addText(root, "PB", record.blackPlayer());
        addText(root, "PW", record.whitePlayer());
        addText(root, "DT", record.date());
        addText(root, "GN", record.gameName());
        addText(root, "RE", record.result());
        addText(root, "C", record.comment());
        root.addAll(record.extra());

        List<SgfNode> nodes = new ArrayList<>(history.moveCount() + 1);
        nodes.add(new SgfNode(root));
        // A rule pass is written out only where a real White pass follows it, which readers would take for it.
        Set<Integer> passedAfter = RulePasses.of(history, false).after();
        for (int i = 0; i < history.moveCount(); i++) {
            Move m = history.moves().get(i);
            List<SgfProperty> props = new ArrayList<>();
            props.add(SgfProperty.of(m.player() == Stone.BLACK ? "B" : "W",
                    m.action() == rules.passAction() ? "" : SgfPoints.format(m.action(), rules.width())));
            props.addAll(properties(record.annotations().get(i)));
            nodes.add(new SgfNode(props));
            if (passedAfter.contains(i) && i + 1 < history.moveCount()
                    && history.moves().get(i + 1).equals(new Move(Stone.WHITE, rules.passAction()))) {
                nodes.add(new SgfNode(List.of(SgfProperty.of("W", ""))));
            }
        }
        return SgfTree.of(nodes);
    }

    private static void addPoints(List<SgfProperty> props, String id, List<Integer> actions, int width) {
        if (!actions.isEmpty()) {
            props.add(new SgfProperty(id, actions.stream().map(a -> SgfPoints.format(a, width)).toList()));
        }
    }

    private static void addText(List<SgfProperty> props, String id, String value) {
        if (!value.isEmpty()) {
            props.add(SgfProperty.of(id, value));
        }
    }

    /** Properties of several nodes merged: comments joined by a blank line, other properties first one kept. */
    private static final class Folded {
        private final List<SgfProperty> properties = new ArrayList<>();
        private String comment = "";

        void fold(List<SgfProperty> node) {
            for (SgfProperty p : node) {
                if (p.id().equals("C")) {
                    comment = comment.isEmpty() ? p.value() : comment + "\n\n" + p.value();
                } else if (properties.stream().noneMatch(q -> q.id().equals(p.id()))) {
                    properties.add(p);
                }
            }
        }

        /** The first value of {@code id}, or empty. */
        String value(String id) {
            return properties.stream().filter(p -> p.id().equals(id)).map(SgfProperty::value).findFirst()
                    .orElse("");
        }

        /** The properties other than {@code derived}, which the record holds in its own fields. */
        List<SgfProperty> extra(Set<String> derived) {
            return properties.stream().filter(p -> !derived.contains(p.id())).toList();
        }
    }
}
