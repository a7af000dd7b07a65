package org.tengen.sgf;

import java.util.ArrayList;
import java.util.List;

/**
 * An SGF game tree as the grammar has it: a sequence of nodes followed by variations. The main line is the
 * sequence continued by the first variation, recursively. Nesting depth is only the variation depth, so long games
 * never recurse deeply.
 *
 * @param nodes      at least one node; the first node of the outermost tree is the root
 * @param variations alternative continuations after the last node; the first is the main line
 */
public record SgfTree(List<SgfNode> nodes, List<SgfTree> variations) {

    public SgfTree {
        if (nodes == null || nodes.isEmpty()) {
            throw new IllegalArgumentException("an SGF game tree needs at least one node");
        }
        nodes = List.copyOf(nodes);
        variations = List.copyOf(variations);
    }

    /** A tree without variations. */
    public static SgfTree of(List<SgfNode> nodes) {
        return new SgfTree(nodes, List.of());
    }

    /** The first node (the root node when this is a whole game). */
    public SgfNode root() {
        return nodes.get(0);
    }

    /** The nodes of the main line: this sequence, then the first variation's main line, and so on. */
    public List<SgfNode> mainLine() {
        List<SgfNode> line = new ArrayList<>();
        for (SgfTree t = this; t != null; t = t.variations.isEmpty() ? null : t.variations.get(0)) {
            line.addAll(t.nodes);
        }
        return line;
    }
}
