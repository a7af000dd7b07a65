package org.tengen.sgf;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.IllegalCharsetNameException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads an SGF collection (one or more game trees) into {@link SgfTree}s.
 *
 * <p>Syntax errors throw {@link SgfException} with the line, column and what was expected. Leniencies, as real
 * files need them: whitespace (any control character or space) between all tokens, a leading byte-order mark,
 * FF[3] long identifiers ({@code AddBlack} keeps its upper-case letters: {@code AB}; an all lower-case identifier
 * is upper-cased), and a property repeated in one node (its values are appended to the first). Parsing is
 * iterative, so deep nesting cannot overflow the stack; {@link Limits} bounds size, node count and variation
 * depth.
 */
public final class SgfParser {

    /**
     * Bounds against pathological input.
     *
     * @param maxChars characters of text (and bytes of a file) accepted
     * @param maxNodes nodes in the whole collection
     * @param maxDepth nesting depth of game trees (variations inside variations)
     */
    public record Limits(int maxChars, int maxNodes, int maxDepth) {
        /** 32 Mi characters, a million nodes, variations nested 1000 deep. */
        public static final Limits DEFAULT = new Limits(32 << 20, 1_000_000, 1_000);

        public Limits {
            if (maxChars < 1 || maxNodes < 1 || maxDepth < 1) {
                throw new IllegalArgumentException("SGF limits must be positive: " + maxChars + ", " + maxNodes
                        + ", " + maxDepth);
            }
        }
    }

    /** Longest property identifier accepted (FF[3] allowed words such as {@code AddBlack}). */
    private static final int MAX_IDENT = 32;
    private static final Pattern CHARSET = Pattern.compile("CA\\s*\\[([^\\]]*)\\]");

    private final Limits limits;

    public SgfParser() {
        this(Limits.DEFAULT);
    }

    public SgfParser(Limits limits) {
        this.limits = limits;
    }

    /** Parses a whole collection; at least one game tree. */
    public List<SgfTree> parse(String text) {
        if (text.length() > limits.maxChars()) {
            throw new SgfException("the SGF text has " + text.length() + " characters, more than the limit of "
                    + limits.maxChars());
        }
        return new Run(text).collection();
    }

    /** Parses text holding exactly one game tree. */
    public SgfTree parseOne(String text) {
        List<SgfTree> trees = parse(text);
        if (trees.size() != 1) {
            throw new SgfException("expected one game in the SGF text, found " + trees.size());
        }
        return trees.get(0);
    }

    /** Reads and parses a file, decoded as {@link #decode} says. */
    public List<SgfTree> read(Path file) {
        if (!Files.isRegularFile(file)) {
            throw new SgfException("cannot read " + file + ": " + (Files.exists(file)
                    ? "not a regular file" : "no such file"));
        }
        // The size is checked while reading: a file's reported size can lie (devices, files that grow).
        try (java.io.InputStream in = Files.newInputStream(file)) {
            byte[] bytes = in.readNBytes(limits.maxChars() + 1);
            if (bytes.length > limits.maxChars()) {
                throw new SgfException(file + " has more than the limit of " + limits.maxChars() + " bytes");
            }
            return parse(decode(bytes));
        } catch (IOException e) {
            throw new SgfException("cannot read " + file + ": " + e.getMessage());
        }
    }

    /**
     * Decodes the bytes of a file: in the charset its {@code CA} property names when Java knows it, otherwise UTF-8
     * when the bytes are valid UTF-8, otherwise ISO-8859-1 (the SGF default). A byte-order mark is dropped.
     */
    public static String decode(byte[] bytes) {
        String latin = new String(bytes, StandardCharsets.ISO_8859_1);
        Matcher m = CHARSET.matcher(latin);
        if (m.find()) {
            String name = m.group(1).trim();
            if (isKnownCharset(name)) {
                return stripBom(new String(bytes, Charset.forName(name)));
            }
        }
        try {
            return stripBom(StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes)).toString());
        } catch (CharacterCodingException e) {
            return latin;
        }
    }

    /** Whether Java knows a charset by this name; false too for a name that is not even legal. */
    private static boolean isKnownCharset(String name) {
        try {
            return Charset.isSupported(name);
        } catch (IllegalCharsetNameException e) {
            return false;
        }
    }

    private static String stripBom(String s) {
        return s.startsWith("\uFEFF") ? s.substring(1) : s;
    }

    /** One parse over one text. */
    private final class Run {
        private final String text;
        private int pos;
        private int nodes;

        Run(String text) {
            this.text = text;
            this.pos = text.startsWith("\uFEFF") ? 1 : 0;
        }

        List<SgfTree> collection() {
            List<SgfTree> trees = new ArrayList<>();
            while (true) {
                skipWhitespace();
                if (pos == text.length() && !trees.isEmpty()) {
                    return trees;
                }
                if (pos == text.length() || text.charAt(pos) != '(') {
                    throw error(pos, (trees.isEmpty() ? "expected '(' to start a game tree"
                            : "expected '(' to start another game tree or the end of the input") + ", found "
                            + found());
                }
                trees.add(gameTree());
            }
        }

        /** An open game tree: where it started, its nodes so far and its finished variations. */
        private record Frame(int start, List<SgfNode> nodes, List<SgfTree> variations) {
        }

        /** Parses the game tree whose '(' is at {@code pos}, iteratively. */
        private SgfTree gameTree() {
            Deque<Frame> open = new ArrayDeque<>();
            open.push(new Frame(pos++, new ArrayList<>(), new ArrayList<>()));
            while (true) {
                Frame frame = open.peek();
                skipWhitespace();
                if (pos == text.length()) {
                    throw error(pos, "expected ')' to close the game tree opened at " + where(frame.start())
                            + ", found end of input");
                }
                char c = text.charAt(pos);
                if (frame.nodes().isEmpty() && c != ';') {
                    throw error(pos, "expected ';' to start the first node of a game tree, found " + found());
                }
                if (c == ';' && frame.variations().isEmpty()) {
                    frame.nodes().add(node());
                } else if (c == '(') {
                    if (open.size() >= limits.maxDepth()) {
                        throw error(pos, "game trees nested deeper than the limit of " + limits.maxDepth());
                    }
                    open.push(new Frame(pos++, new ArrayList<>(), new ArrayList<>()));
                } else if (c == ')') {
                    pos++;
                    open.pop();
                    SgfTree tree = new SgfTree(frame.nodes(), frame.variations());
                    if (open.isEmpty()) {
                        return tree;
                    }
                    open.peek().variations().add(tree);
                } else if (c == ';') {
                    throw error(pos, "expected '(' or ')' after a variation, found ';' (nodes may not follow "
                            + "variations)");
                } else {
                    throw error(pos, "expected ';', '(' or ')', found " + found());
                }
            }
        }

        /** Parses the node whose ';' is at {@code pos}. */
        private SgfNode node() {
            if (++nodes > limits.maxNodes()) {
                throw error(pos, "more than the limit of " + limits.maxNodes() + " nodes");
            }
            pos++;
            List<String> ids = new ArrayList<>();
            List<List<String>> values = new ArrayList<>();
            while (true) {
                skipWhitespace();
                if (pos == text.length() || !isLetter(text.charAt(pos))) {
                    break;
                }
                String id = identifier();
                List<String> vals = propertyValues(id);
                int known = ids.indexOf(id);
                if (known >= 0) {
                    values.get(known).addAll(vals);
                } else {
                    ids.add(id);
                    values.add(vals);
                }
            }
            List<SgfProperty> properties = new ArrayList<>(ids.size());
            for (int i = 0; i < ids.size(); i++) {
                properties.add(new SgfProperty(ids.get(i), values.get(i)));
            }
            return new SgfNode(properties);
        }

        private String identifier() {
            int start = pos;
            while (pos < text.length() && isLetter(text.charAt(pos))) {
                pos++;
            }
            String raw = text.substring(start, pos);
            if (raw.length() > MAX_IDENT) {
                throw error(start, "property identifier " + raw.substring(0, 12) + "... is longer than "
                        + MAX_IDENT + " letters");
            }
            StringBuilder upper = new StringBuilder(2);
            for (int i = 0; i < raw.length(); i++) {
                char c = raw.charAt(i);
                if (c >= 'A' && c <= 'Z') {
                    upper.append(c);
                }
            }
            return upper.isEmpty() ? raw.toUpperCase(Locale.ROOT) : upper.toString();
        }

        private List<String> propertyValues(String id) {
            List<String> vals = new ArrayList<>(1);
            skipWhitespace();
            if (pos == text.length() || text.charAt(pos) != '[') {
                throw error(pos, "expected '[' to open a value of property " + id + ", found " + found());
            }
            do {
                vals.add(value(id));
                skipWhitespace();
            } while (pos < text.length() && text.charAt(pos) == '[');
            return vals;
        }

        /** The value whose '[' is at {@code pos}, unescaped, line breaks normalised to {@code \n}. */
        private String value(String id) {
            int start = pos++;
            StringBuilder sb = new StringBuilder();
            while (pos < text.length()) {
                char c = text.charAt(pos++);
                if (c == ']') {
                    return sb.toString();
                }
                if (c == '\\') {
                    if (pos == text.length()) {
                        break;
                    }
                    c = text.charAt(pos++);
                    if (c == '\n' || c == '\r') {
                        skipSecondBreakChar(c);
                        continue;
                    }
                    sb.append(c);
                } else if (c == '\r') {
                    skipSecondBreakChar(c);
                    sb.append('\n');
                } else {
                    sb.append(c);
                }
            }
            throw error(pos, "expected ']' to close property value of " + id + " opened at " + where(start)
                    + ", found end of input");
        }

        /** After the first character of a line break, skips the second one of a two-character break. */
        private void skipSecondBreakChar(char first) {
            if (pos < text.length()) {
                char next = text.charAt(pos);
                if ((first == '\r' && next == '\n') || (first == '\n' && next == '\r')) {
                    pos++;
                }
            }
        }

        private void skipWhitespace() {
            while (pos < text.length() && text.charAt(pos) <= ' ') {
                pos++;
            }
        }

        private String found() {
            if (pos >= text.length()) {
                return "end of input";
            }
            char c = text.charAt(pos);
            return Character.isISOControl(c) || Character.isWhitespace(c)
                    ? String.format("character U+%04X", (int) c) : "'" + c + "'";
        }

        private SgfException error(int at, String message) {
            int[] lc = lineColumn(at);
            return new SgfException(message, lc[0], lc[1]);
        }

        private String where(int at) {
            int[] lc = lineColumn(at);
            return "line " + lc[0] + ", column " + lc[1];
        }

        /** 1-based line and column of index {@code at}; CR LF, LF and CR each end a line. */
        private int[] lineColumn(int at) {
            int line = 1;
            int lineStart = 0;
            for (int i = 0; i < at && i < text.length(); i++) {
                char c = text.charAt(i);
                if (c == '\n' || (c == '\r' && (i + 1 >= text.length() || text.charAt(i + 1) != '\n'))) {
                    line++;
                    lineStart = i + 1;
                }
            }
            return new int[] {line, at - lineStart + 1};
        }
    }

    private static boolean isLetter(char c) {
        return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
    }
}
