package org.tengen.sgf;

import java.util.List;

/**
 * Writes game trees as SGF text: one node per line, a variation opening with {@code (} before its first node, and
 * values escaped with {@link #escape}. {@link SgfParser} reads what it writes back to equal trees (a CR in a value
 * comes back as LF, as the parser normalises line breaks).
 */
public final class SgfWriter {

    private SgfWriter() {
    }

    /** One game tree as SGF text ending in a line break. */
    public static String write(SgfTree tree) {
        return write(List.of(tree));
    }

    /** A collection of game trees as SGF text, each ending in a line break. */
    public static String write(List<SgfTree> trees) {
        StringBuilder sb = new StringBuilder();
        for (SgfTree tree : trees) {
            append(sb, tree);
            sb.append('\n');
        }
        return sb.toString();
    }

    private static void append(StringBuilder sb, SgfTree tree) {
        sb.append('(');
        for (int i = 0; i < tree.nodes().size(); i++) {
            if (i > 0) {
                sb.append('\n');
            }
            append(sb, tree.nodes().get(i));
        }
        for (SgfTree variation : tree.variations()) {
            sb.append('\n');
            append(sb, variation);
        }
        sb.append(')');
    }

    private static void append(StringBuilder sb, SgfNode node) {
        sb.append(';');
        for (SgfProperty p : node.properties()) {
            sb.append(p.id());
            for (String v : p.values()) {
                sb.append('[').append(escape(v)).append(']');
            }
        }
    }

    /** A value as it goes between brackets: {@code \} and {@code ]} get a backslash; line breaks stay as they are. */
    public static String escape(String value) {
        StringBuilder sb = new StringBuilder(value.length() + 8);
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c == '\\' || c == ']') {
                sb.append('\\');
            }
            sb.append(c);
        }
        return sb.toString();
    }
}
