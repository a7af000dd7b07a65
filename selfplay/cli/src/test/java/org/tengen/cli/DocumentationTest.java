package org.tengen.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.tengen.config.ConfigNode;
import org.tengen.run.RunConfig;
import picocli.CommandLine;

/**
 * The README and the pages under docs/ (and the shipped models' READMEs) say what works: their links and anchors
 * resolve, their code blocks name a language, every {@code tengen} command of a bash block parses with the real
 * command line, every {@code mvn}, {@code bash} and JMH command names modules, tests, test tags, scripts and
 * benchmarks that exist, and every YAML block is a run config. The manual (README.md and docs/ outside
 * docs/results/) must also name files, configs and classes that exist. The results pages and the models' READMEs are
 * dated records of what ran: their links and commands are checked, not the files and classes they name. The Java
 * blocks are {@code ReadmeExamplesTest}'s (models/djl).
 */
class DocumentationTest {
    /** The repository's root, from this module's directory (where Maven runs the tests). */
    private static final Path ROOT = Path.of("..", "..").toAbsolutePath().normalize();
    private static final int README_MAX_LINES = 250;
    private static final Set<String> LANGUAGES = Set.of("bash", "java", "yaml", "text", "mermaid");
    private static final Pattern FENCE = Pattern.compile("^```(\\S*)\\s*$");
    private static final Pattern LINK = Pattern.compile("!?\\[[^\\]]*\\]\\(([^)\\s]+)\\)");
    private static final Pattern CODE_SPAN = Pattern.compile("`([^`\\n]+)`");
    private static final Pattern HEADING = Pattern.compile("^#{1,6}\\s+(.*?)\\s*#*\\s*$");
    /** Repository paths a manual page may name; each must exist. */
    private static final Pattern REPO_PATH = Pattern.compile("(?<![\\w./-])(configs/[\\w.-]+\\.yaml"
            + "|models/pretrained/[\\w.-]+(?:/[\\w.-]+)*|deploy/[\\w./-]+|bench/[\\w.-]+\\.sh"
            + "|(?:env|models/djl|models/eval|selfplay/\\w+)/src/[\\w./-]+|docs/[\\w./-]+\\.(?:md|png)|\\.ci/run)");
    /** A class named in a code span, with an optional member: {@code VecEnv}, {@code RunLayout.publish}. */
    private static final Pattern CLASS_SPAN =
            Pattern.compile("(?:org\\.tengen\\.[a-z0-9.]+\\.)?([A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)+)(?:\\.([A-Za-z]\\w*)(?:\\(.*\\))?)?");
    /** A package named in a code span: {@code org.tengen.env.rules}. */
    private static final Pattern PACKAGE_SPAN = Pattern.compile("org\\.tengen(?:\\.[a-z0-9]+)+");
    /** The page of renamed names; the first column of its "earlier name" tables names what is gone. */
    private static final String NAMES_PAGE = "docs/names.md";
    /** Classes of other projects that the manual names. */
    private static final Set<String> EXTERNAL_CLASSES = Set.of("FloatBuffer", "ByteBuffer", "RlEnv", "OrtSession",
            "QuantizeLinear", "DequantizeLinear", "MatMul", "ConfigMap", "StatefulSet", "ReadWriteMany", "BoardHistory",
            "SequentialBlock", "ParallelBlock", "GoGui", "KaTrain", "XChart", "MinIO", "S3Proxy");

    /** A Markdown file of the documentation; the manual must name what exists, a record only what it links. */
    record Page(Path file, String text, boolean manual) {
        String name() {
            return ROOT.relativize(file).toString();
        }
    }

    /** A fenced code block: its language and text, and the line of its opening fence. */
    record Block(Page page, int line, String language, String body) {
        String where() {
            return page.name() + ":" + line;
        }

        @Override
        public String toString() {
            return where() + " " + language;
        }
    }

    static List<Page> pages() {
        try {
            List<Page> pages = new ArrayList<>();
            pages.add(page(ROOT.resolve("README.md"), true));
            try (Stream<Path> docs = Files.walk(ROOT.resolve("docs"))) {
                for (Path p : docs.filter(p -> p.toString().endsWith(".md")).sorted().toList()) {
                    pages.add(page(p, !ROOT.resolve("docs/results").equals(p.getParent())));
                }
            }
            try (Stream<Path> models = Files.list(ROOT.resolve("models/pretrained"))) {
                for (Path p : models.map(m -> m.resolve("README.md")).filter(Files::isRegularFile).sorted().toList()) {
                    pages.add(page(p, false));
                }
            }
            return pages;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Page page(Path file, boolean manual) throws IOException {
        return new Page(file, Files.readString(file), manual);
    }

    static List<Block> blocks(Page page) {
        List<Block> blocks = new ArrayList<>();
        String[] lines = page.text().split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            Matcher open = FENCE.matcher(lines[i]);
            if (!open.matches()) {
                continue;
            }
            int start = i;
            StringBuilder body = new StringBuilder();
            for (i++; i < lines.length && !lines[i].startsWith("```"); i++) {
                body.append(lines[i]).append('\n');
            }
            assertTrue(i < lines.length, page.name() + ":" + (start + 1) + ": the code block is not closed");
            assertEquals("```", lines[i].strip(), page.name() + ":" + (i + 1) + ": a closing fence has no language");
            blocks.add(new Block(page, start + 1, open.group(1), body.toString()));
        }
        return blocks;
    }

    static Stream<Block> allBlocks() {
        return pages().stream().flatMap(p -> blocks(p).stream());
    }

    /**
     * The page's text with the earlier names of the names page blanked: the first cells of its tables headed
     * "earlier name", which name commands, classes and files that are gone.
     */
    private static String current(Page page) {
        if (!page.name().equals(NAMES_PAGE)) {
            return page.text();
        }
        StringBuilder out = new StringBuilder();
        boolean renamed = false;
        for (String line : page.text().split("\n", -1)) {
            renamed = line.startsWith("| earlier name |") || renamed && line.startsWith("|");
            int cell = line.indexOf('|', 1);
            out.append(renamed && cell > 0 ? "|" + " ".repeat(cell - 1) + line.substring(cell) : line).append('\n');
        }
        return out.toString();
    }

    /** The code spans in the earlier-name cells of the names page. */
    private static List<String> earlierNames() throws IOException {
        List<String> names = new ArrayList<>();
        boolean renamed = false;
        for (String line : Files.readAllLines(ROOT.resolve(NAMES_PAGE))) {
            renamed = line.startsWith("| earlier name |") || renamed && line.startsWith("|");
            if (renamed && line.indexOf('|', 1) > 0) {
                Matcher span = CODE_SPAN.matcher(line.substring(1, line.indexOf('|', 1)));
                while (span.find()) {
                    names.add(span.group(1));
                }
            }
        }
        return names;
    }

    /** The page's text outside code blocks. */
    private static String prose(Page page) {
        StringBuilder out = new StringBuilder();
        boolean inBlock = false;
        for (String line : current(page).split("\n", -1)) {
            if (line.startsWith("```")) {
                inBlock = !inBlock;
                out.append('\n');
                continue;
            }
            out.append(inBlock ? "" : line).append('\n');
        }
        return out.toString();
    }

    @Test
    void theReadmeIsShort() throws IOException {
        long lines = Files.readAllLines(ROOT.resolve("README.md")).size();
        assertTrue(lines <= README_MAX_LINES, "README.md has " + lines + " lines; keep it under " + README_MAX_LINES
                + " and move the rest into docs/");
    }

    @Test
    void everyCodeBlockNamesItsLanguage() {
        List<String> bad = allBlocks().filter(b -> !LANGUAGES.contains(b.language()))
                .map(b -> b.where() + " '" + b.language() + "'").toList();
        assertTrue(bad.isEmpty(), "code blocks must name one of " + new TreeSet<>(LANGUAGES) + ": " + bad);
        assertTrue(allBlocks().filter(b -> b.language().equals("bash")).count() >= 20, "the pages show commands");
    }

    @Test
    void everyLinkAndAnchorResolves() {
        List<String> broken = new ArrayList<>();
        int links = 0;
        for (Page page : pages()) {
            Matcher m = LINK.matcher(CODE_SPAN.matcher(prose(page)).replaceAll("code"));
            while (m.find()) {
                String target = m.group(1);
                if (target.matches("[a-z]+:.*")) {
                    continue; // https:, mailto:
                }
                links++;
                int hash = target.indexOf('#');
                String path = hash < 0 ? target : target.substring(0, hash);
                Path file = path.isEmpty() ? page.file() : page.file().getParent().resolve(path).normalize();
                if (!file.startsWith(ROOT) || !Files.exists(file)) {
                    broken.add(page.name() + ": " + target + " (no such file)");
                } else if (hash >= 0 && file.toString().endsWith(".md")
                        && !anchors(file).contains(target.substring(hash + 1))) {
                    broken.add(page.name() + ": " + target + " (no such heading; there are " + anchors(file) + ")");
                }
            }
        }
        assertTrue(broken.isEmpty(), String.join("\n", broken));
        assertTrue(links > 50, "the pages link to each other: " + links);
    }

    /** The anchors GitHub gives the headings of a Markdown file. */
    static Set<String> anchors(Path file) {
        try {
            Page page = page(file, false);
            Set<String> anchors = new HashSet<>();
            Map<String, Integer> seen = new HashMap<>();
            for (String line : prose(page).split("\n")) {
                Matcher h = HEADING.matcher(line);
                if (h.matches()) {
                    String slug = slug(h.group(1));
                    int n = seen.merge(slug, 1, Integer::sum);
                    anchors.add(n == 1 ? slug : slug + "-" + (n - 1));
                }
            }
            return anchors;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** GitHub's heading anchor: the text as rendered, lower case, without punctuation, spaces as hyphens. */
    static String slug(String heading) {
        String text = heading.replaceAll("!?\\[([^\\]]*)\\]\\([^)]*\\)", "$1").replaceAll("[`*]", "");
        return text.toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{M}\\p{N}_ -]", "").replace(' ', '-');
    }

    @Test
    void slugsFollowGitHub() {
        assertEquals("mode-async", slug("`mode: async`"));
        assertEquals("a-9x9-agent-level-with-gnu-go-level-0-in-2-h-07-min",
                slug("A 9x9 agent level with GNU Go level 0, in 2 h 07 min"));
        assertEquals("selfplaysearch", slug("`selfplay.search`"));
        assertEquals("from-djl-or-nd4j", slug("From DJL or ND4J"));
    }

    static Stream<Block> yamlBlocks() {
        return allBlocks().filter(b -> b.language().equals("yaml"));
    }

    @ParameterizedTest
    @MethodSource("yamlBlocks")
    void everyYamlBlockIsARunConfig(Block block) {
        RunConfig.from(ConfigNode.parse(block.where(), new StringReader(block.body())));
    }

    static Stream<Block> bashBlocks() {
        return allBlocks().filter(b -> b.language().equals("bash"));
    }

    @ParameterizedTest
    @MethodSource("bashBlocks")
    void everyCommandOfABashBlockIsOneThatWorks(Block block) throws IOException {
        for (Command command : Shell.commands(block)) {
            check(block, command);
        }
    }

    /** One simple command of a bash block, its words unquoted and its variables expanded. */
    record Command(int line, List<String> words) {
    }

    private static void check(Block block, Command command) throws IOException {
        List<String> w = command.words();
        String where = block.page().name() + ":" + command.line() + ": " + String.join(" ", w);
        if (w.get(0).startsWith("$")) {
            fail(where + ": " + w.get(0) + " is not set in this block");
        }
        int jar = w.indexOf("-jar");
        if (w.get(0).equals("java") && jar > 0 && jar + 1 < w.size()) {
            List<String> args = w.subList(jar + 2, w.size());
            if (w.get(jar + 1).endsWith("tengen.jar")) {
                checkTengen(block, where, args);
            } else if (w.get(jar + 1).endsWith("benchmarks.jar") && !args.isEmpty() && !args.get(0).startsWith("-")) {
                assertTrue(Files.isRegularFile(ROOT.resolve("bench/src/main/java/org/tengen/bench/" + args.get(0)
                        + ".java")), where + ": no benchmark " + args.get(0) + " in bench/");
            }
        } else if (w.get(0).equals("mvn")) {
            checkMaven(where, w);
        } else if (w.get(0).equals("bash") && w.size() > 1) {
            assertTrue(Files.isRegularFile(ROOT.resolve(w.get(1))), where + ": no script " + w.get(1));
        } else if (w.size() > 3 && w.get(0).equals("kubectl") && w.get(1).equals("apply") && w.get(2).equals("-k")) {
            assertTrue(Files.isRegularFile(ROOT.resolve(w.get(3)).resolve("kustomization.yaml")),
                    where + ": no kustomization in " + w.get(3));
        }
    }

    private static void checkTengen(Block block, String where, List<String> args) {
        CommandLine.ParseResult parsed;
        try {
            parsed = new CommandLine(new Main()).parseArgs(args.toArray(String[]::new));
        } catch (CommandLine.ParameterException e) {
            throw new AssertionError(where + ": the command line refuses it: " + e.getMessage(), e);
        }
        if (!block.page().manual()) {
            return;
        }
        CommandLine.ParseResult sub = parsed.subcommand();
        if (sub != null && sub.hasMatchedOption("--config")) {
            Path config = ROOT.resolve(sub.matchedOption("--config").getValue().toString());
            if (config.startsWith(ROOT.resolve("configs"))) {
                assertTrue(Files.isRegularFile(config), where + ": no config " + config);
                RunConfig.load(config);
            }
        }
    }

    private static void checkMaven(String where, List<String> words) throws IOException {
        for (int i = 0; i < words.size(); i++) {
            String word = words.get(i);
            if (word.equals("-pl") && i + 1 < words.size()) {
                for (String module : words.get(i + 1).split(",")) {
                    assertTrue(Files.isRegularFile(ROOT.resolve(module).resolve("pom.xml")), where + ": no module "
                            + module);
                }
            } else if (word.startsWith("-Dtest=")) {
                Set<String> tests = testClasses();
                for (String name : word.substring("-Dtest=".length()).split(",")) {
                    Pattern glob = Pattern.compile(name.replace("*", "\\w*"));
                    assertTrue(tests.stream().anyMatch(t -> glob.matcher(t).matches()), where + ": no test class "
                            + name);
                }
            } else if (word.startsWith("-Dgroups=")) {
                Set<String> tags = testTags();
                for (String tag : word.substring("-Dgroups=".length()).split("[^\\w-]+")) {
                    assertTrue(tag.isEmpty() || tags.contains(tag), where + ": no test tagged " + tag);
                }
            }
        }
    }

    /** The tags of {@code @Tag("...")} in the test sources. */
    private static Set<String> testTags() throws IOException {
        Pattern tag = Pattern.compile("@Tag\\(\"([^\"]+)\"\\)");
        Set<String> tags = new HashSet<>();
        try (Stream<Path> files = Files.walk(ROOT)) {
            for (Path file : files.filter(p -> p.toString().contains("/src/test/java/")
                    && p.toString().endsWith(".java")).toList()) {
                tag.matcher(Files.readString(file)).results().forEach(m -> tags.add(m.group(1)));
            }
        }
        return tags;
    }

    private static Set<String> testClasses() throws IOException {
        try (Stream<Path> files = Files.walk(ROOT)) {
            return files.filter(p -> p.toString().contains("/src/test/java/") && p.toString().endsWith("Test.java"))
                    .map(p -> p.getFileName().toString().replace(".java", ""))
                    .collect(java.util.stream.Collectors.toSet());
        }
    }

    @Test
    void theManualNamesFilesThatExist() {
        List<String> missing = new ArrayList<>();
        for (Page page : pages()) {
            if (!page.manual()) {
                continue;
            }
            Matcher m = REPO_PATH.matcher(current(page));
            while (m.find()) {
                String path = m.group(1).replaceAll("[.,;:]+$", "");
                if (!path.contains("/target/") && !Files.exists(ROOT.resolve(path))) {
                    missing.add(page.name() + ": " + path);
                }
            }
        }
        assertTrue(missing.isEmpty(), "the manual names files that are not in the repository:\n"
                + String.join("\n", missing));
    }

    @Test
    void theManualNamesClassesThatExist() throws IOException {
        Map<String, List<Path>> declared = declaredTypes();
        List<String> unknown = new ArrayList<>();
        int named = 0;
        for (Page page : pages()) {
            if (!page.manual()) {
                continue;
            }
            Matcher span = CODE_SPAN.matcher(prose(page));
            while (span.find()) {
                String code = span.group(1);
                Matcher pkg = PACKAGE_SPAN.matcher(code);
                if (pkg.matches() && !packageExists(code)) {
                    unknown.add(page.name() + ": package " + code);
                }
                Matcher c = CLASS_SPAN.matcher(code);
                if (!c.matches() || EXTERNAL_CLASSES.contains(c.group(1))) {
                    continue;
                }
                named++;
                List<Path> files = declared.get(c.group(1));
                if (files == null) {
                    unknown.add(page.name() + ": " + code + " (no such class)");
                } else if (c.group(2) != null && files.stream().noneMatch(f -> mentions(f, c.group(2)))) {
                    unknown.add(page.name() + ": " + code + " (" + c.group(1) + " has no " + c.group(2) + ")");
                }
                if (code.startsWith("org.tengen.") && !packageExists(code.substring(0,
                        code.indexOf("." + c.group(1))))) {
                    unknown.add(page.name() + ": package of " + code);
                }
            }
        }
        assertTrue(unknown.isEmpty(), "the manual names classes that do not exist (or add a class of another project "
                + "to EXTERNAL_CLASSES):\n" + String.join("\n", unknown));
        assertTrue(named > 100, "the manual names the classes it describes: " + named);
    }

    /**
     * Issue 24: the names page's earlier names of classes ({@code EvaluatorRole}) and members
     * ({@code RunDirectory.DataPart}) are names that no class, or no file of that class, has any more.
     */
    @Test
    void theEarlierNamesOfClassesAreGone() throws IOException {
        Map<String, List<Path>> declared = declaredTypes();
        List<Matcher> classes = earlierNames().stream().map(CLASS_SPAN::matcher).filter(Matcher::matches).toList();
        assertTrue(classes.size() >= 5, "the names page names earlier classes");
        List<String> remaining = classes.stream().filter(c -> declaring(declared, c).stream()
                .anyMatch(f -> c.group(2) == null || mentions(f, c.group(2)))).map(Matcher::group).toList();
        assertTrue(remaining.isEmpty(), NAMES_PAGE + " names classes as earlier names that still exist: " + remaining);
    }

    /**
     * The files that declare the class a span names; where the span names its package ({@code org.tengen.selfplay.
     * SgfImport}, a class that moved), only the files in that package.
     */
    private static List<Path> declaring(Map<String, List<Path>> declared, Matcher span) {
        List<Path> files = declared.getOrDefault(span.group(1), List.of());
        String text = span.group();
        if (!text.startsWith("org.tengen.")) {
            return files;
        }
        String folder = text.substring(0, text.indexOf("." + span.group(1))).replace('.', '/');
        return files.stream().filter(f -> f.getParent().endsWith(folder)).toList();
    }

    /** Every type declared in the repository's Java sources, by simple name, with the files that declare it. */
    private static Map<String, List<Path>> declaredTypes() throws IOException {
        Pattern declaration = Pattern.compile("\\b(?:class|interface|record|enum)\\s+([A-Z]\\w*)");
        Map<String, List<Path>> types = new LinkedHashMap<>();
        try (Stream<Path> files = Files.walk(ROOT)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".java") && p.toString().contains("/src/")
                    && !p.toString().contains("/target/")).toList()) {
                Matcher m = declaration.matcher(Files.readString(f));
                while (m.find()) {
                    types.computeIfAbsent(m.group(1), k -> new ArrayList<>()).add(f);
                }
            }
        }
        return types;
    }

    private static boolean mentions(Path file, String member) {
        try {
            return Pattern.compile("\\b" + Pattern.quote(member) + "\\b").matcher(Files.readString(file)).find();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static boolean packageExists(String name) {
        String dir = name.replace('.', '/');
        try (Stream<Path> files = Files.walk(ROOT)) {
            return files.anyMatch(p -> Files.isDirectory(p) && p.toString().endsWith("/src/main/java/" + dir));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Just enough of the shell to read the documentation's bash blocks: line continuations, comments, single and
     * double quotes, {@code NAME=value} and {@code export} assignments (expanded as {@code $NAME} and
     * {@code ${NAME}} in later commands of the block), command substitutions (read as one word), and commands
     * separated by {@code &&}, {@code ||}, {@code |}, {@code ;} and {@code &}.
     */
    static final class Shell {
        private Shell() {
        }

        private static final Pattern ASSIGNMENT = Pattern.compile("([A-Za-z_]\\w*)=(.*)", Pattern.DOTALL);

        static List<Command> commands(Block block) {
            Map<String, String> variables = new HashMap<>();
            List<Command> commands = new ArrayList<>();
            String[] lines = block.body().split("\n", -1);
            StringBuilder logical = new StringBuilder();
            int first = -1;
            for (int i = 0; i < lines.length; i++) {
                first = first < 0 ? i : first;
                if (lines[i].endsWith("\\")) {
                    logical.append(lines[i], 0, lines[i].length() - 1).append(' ');
                    continue;
                }
                logical.append(lines[i]);
                for (List<String> words : split(expand(logical.toString(), variables))) {
                    int n = !words.isEmpty() && words.get(0).equals("export") ? 1 : 0;
                    for (Matcher a; n < words.size() && (a = ASSIGNMENT.matcher(words.get(n))).matches(); n++) {
                        variables.put(a.group(1), a.group(2));
                    }
                    if (n < words.size()) {
                        commands.add(new Command(block.line() + 1 + first, words.subList(n, words.size())));
                    }
                }
                logical.setLength(0);
                first = -1;
            }
            return commands;
        }

        /** {@code $NAME} and {@code ${NAME}} of the variables set so far; others stay as they are. */
        private static String expand(String line, Map<String, String> variables) {
            Matcher m = Pattern.compile("\\$\\{?([A-Za-z_]\\w*)\\}?").matcher(line);
            StringBuilder out = new StringBuilder();
            while (m.find()) {
                String value = variables.get(m.group(1));
                m.appendReplacement(out, Matcher.quoteReplacement(value != null ? value : m.group()));
            }
            return m.appendTail(out).toString();
        }

        /** The simple commands of one logical line, each as its words. */
        private static List<List<String>> split(String line) {
            List<List<String>> commands = new ArrayList<>();
            List<String> words = new ArrayList<>();
            StringBuilder word = null;
            char quote = 0;
            for (int i = 0; i < line.length(); i++) {
                char c = line.charAt(i);
                if (quote != 0) {
                    if (c == quote) {
                        quote = 0;
                    } else if (quote == '"' && c == '$' && i + 1 < line.length() && line.charAt(i + 1) == '(') {
                        i = skipSubstitution(line, i, word);
                    } else {
                        word.append(c);
                    }
                } else if (c == '\'' || c == '"') {
                    quote = c;
                    word = word == null ? new StringBuilder() : word;
                } else if (c == '$' && i + 1 < line.length() && line.charAt(i + 1) == '(') {
                    word = word == null ? new StringBuilder() : word;
                    i = skipSubstitution(line, i, word);
                } else if (Character.isWhitespace(c) || c == '#' && word == null || "&|;".indexOf(c) >= 0) {
                    if (word != null) {
                        words.add(word.toString());
                        word = null;
                    }
                    if (c == '#') {
                        break; // a comment
                    }
                    if ("&|;".indexOf(c) >= 0) {
                        commands.add(words);
                        words = new ArrayList<>();
                    }
                } else {
                    word = word == null ? new StringBuilder() : word;
                    word.append(c);
                }
            }
            assertEquals(0, quote, "an unclosed quote in: " + line);
            if (word != null) {
                words.add(word.toString());
            }
            commands.add(words);
            return commands;
        }

        /** Skips {@code $(...)} from {@code i}, appending a stand-in word; returns the index of its last character. */
        private static int skipSubstitution(String line, int i, StringBuilder word) {
            int depth = 0;
            for (int j = i + 1; j < line.length(); j++) {
                if (line.charAt(j) == '(') {
                    depth++;
                } else if (line.charAt(j) == ')' && --depth == 0) {
                    word.append("substituted");
                    return j;
                }
            }
            throw new AssertionError("an unclosed $( in: " + line);
        }
    }
}
