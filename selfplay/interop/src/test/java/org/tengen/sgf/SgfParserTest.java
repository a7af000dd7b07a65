package org.tengen.sgf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The generic SGF layer: syntax, escaping, variations, errors with positions, limits, writing. */
class SgfParserTest {

    private static SgfTree parse(String text) {
        return new SgfParser().parseOne(text);
    }

    @Test
    void readsNodesPropertiesAndMultipleValues() {
        SgfTree t = parse("(;FF[4]GM[1]SZ[9]AB[aa][bb]\n  [cc:dd];B[ee];W[])");
        assertEquals(3, t.nodes().size());
        assertEquals(List.of("aa", "bb", "cc:dd"), t.root().get("AB").orElseThrow().values());
        assertEquals("9", t.root().value("SZ").orElseThrow());
        assertEquals("", t.nodes().get(2).value("W").orElseThrow());
    }

    @Test
    void unescapesValuesAndDropsSoftLineBreaks() {
        SgfTree t = parse("(;C[a \\] b \\\\ c \\: d\\\nsoft\\\r\nsoft2 hard\r\nbreak\rx]GN[\\]])");
        assertEquals("a ] b \\ c : dsoftsoft2 hard\nbreak\nx", t.root().value("C").orElseThrow());
        assertEquals("]", t.root().value("GN").orElseThrow());
    }

    @Test
    void mainLineFollowsFirstVariations() {
        SgfTree t = parse("""
                (;GM[1]SZ[9]
                  ;B[aa]
                  (;W[bb]
                    (;B[cc];W[dd])
                    (;B[ee]))
                  (;W[ff]C[a side line]))
                """);
        assertEquals(2, t.variations().size());
        assertEquals(List.of("aa", "bb", "cc", "dd"), t.mainLine().stream().skip(1)
                .map(n -> n.value("B").or(() -> n.value("W")).orElseThrow()).toList());
        assertEquals("a side line", t.variations().get(1).root().value("C").orElseThrow());
    }

    @Test
    void readsCollectionsAndLenientSyntax() {
        // Byte-order mark, whitespace everywhere, FF[3] long and lower-case identifiers, a repeated property.
        List<SgfTree> trees = new SgfParser().parse(
                "\uFEFF ( ; AddBlack [aa] \n\t AW[bb] ab[cc] C[one]C[two] ; B [dd] ) \n(;GM[1])\n");
        assertEquals(2, trees.size());
        SgfNode root = trees.get(0).root();
        assertEquals(List.of("aa", "cc"), root.get("AB").orElseThrow().values());
        assertEquals(List.of("one", "two"), root.get("C").orElseThrow().values());
        assertEquals(List.of("AB", "AW", "C"), root.properties().stream().map(SgfProperty::id).toList());
        assertEquals("dd", trees.get(0).nodes().get(1).value("B").orElseThrow());
    }

    @ParameterizedTest(name = "[{index}] {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = """
            "(;FF[4]\\nGM[1]\\n;B[aa];W[bb]C[no end"  | line 3, column 21: expected ']' to close property value of C opened at line 3, column 14, found end of input
            "(;FF[4]GM[1];B[aa]1)"                    | line 1, column 19: expected ';', '(' or ')', found '1'
            "(;SZ[9];B )"                             | line 1, column 11: expected '[' to open a value of property B, found ')'
            "(;SZ[9];B"                               | line 1, column 10: expected '[' to open a value of property B, found end of input
            ""                                        | line 1, column 1: expected '(' to start a game tree, found end of input
            "  x"                                     | line 1, column 3: expected '(' to start a game tree, found 'x'
            "(;SZ[9])junk"                            | line 1, column 9: expected '(' to start another game tree or the end of the input, found 'j'
            "(B[aa])"                                 | line 1, column 2: expected ';' to start the first node of a game tree, found 'B'
            "()"                                      | line 1, column 2: expected ';' to start the first node of a game tree, found ')'
            "(;SZ[9](;B[aa]);W[bb])"                  | line 1, column 16: expected '(' or ')' after a variation, found ';' (nodes may not follow variations)
            "(;SZ[9]\\n\\n"                           | line 3, column 1: expected ')' to close the game tree opened at line 1, column 1, found end of input
            "(;C[ends in a backslash\\\\"             | line 1, column 25: expected ']' to close property value of C opened at line 1, column 4, found end of input
            "(;SZ[9]\\r\\n;B[aa]\\r\\n;W[bb]]"        | line 3, column 7: expected ';', '(' or ')', found ']'
            "(;SZ[9]\\r;B[aa]\\r;W[bb]é)"            | line 3, column 7: expected ';', '(' or ')', found 'é'
            """)
    void malformedInputNamesLineColumnAndWhatWasExpected(String input, String message) {
        String text = input.replace("\\n", "\n").replace("\\r", "\r").replace("\\\\", "\\");
        SgfException e = assertThrows(SgfException.class, () -> new SgfParser().parse(text));
        assertEquals(message, e.getMessage());
    }

    @Test
    void errorsCarryTheirPosition() {
        SgfException e = assertThrows(SgfException.class, () -> parse("(;GM[1]\n;B[aa]\n;W[bb]C[x)"));
        assertEquals(3, e.line());
        assertEquals(11, e.column());
    }

    @Test
    void limitsStopPathologicalInput() {
        SgfParser small = new SgfParser(new SgfParser.Limits(1000, 5, 3));
        assertEquals("line 1, column 7: game trees nested deeper than the limit of 3",
                assertThrows(SgfException.class, () -> small.parse("(;(;(;(;)))")).getMessage());
        assertEquals("line 1, column 7: more than the limit of 5 nodes",
                assertThrows(SgfException.class, () -> small.parse("(;;;;;;;;;;)")).getMessage());
        assertEquals("the SGF text has 1001 characters, more than the limit of 1000",
                assertThrows(SgfException.class, () -> small.parse("(;C[" + "x".repeat(995) + "])")).getMessage());
        assertEquals("line 1, column 3: property identifier Xxxxxxxxxxxx... is longer than 32 letters",
                assertThrows(SgfException.class, () -> small.parse("(;X" + "x".repeat(40) + "[1])")).getMessage());
    }

    @Test
    void deepInputNeverOverflowsTheStack() {
        // A 100 000-move main line and 100 000 nested parentheses: the parser is iterative.
        String longGame = "(;GM[1]" + ";B[aa];W[bb]".repeat(50_000) + ")";
        assertEquals(100_001, parse(longGame).mainLine().size());
        String nested = "(;".repeat(100_000) + ")".repeat(100_000);
        SgfException e = assertThrows(SgfException.class, () -> new SgfParser().parse(nested));
        assertEquals("line 1, column 2001: game trees nested deeper than the limit of 1000", e.getMessage());
    }

    @Test
    void writerOutputReadsBackToTheSameTree() {
        SgfTree tree = new SgfTree(List.of(
                SgfNode.of(SgfProperty.of("GM", "1"), SgfProperty.of("C", "a ] b \\ c\nline two: [x]"),
                        SgfProperty.of("AB", "aa", "bb:cc")),
                SgfNode.of(SgfProperty.of("B", "dd"))),
                List.of(SgfTree.of(List.of(SgfNode.of(SgfProperty.of("W", "")), SgfNode.of())),
                        new SgfTree(List.of(SgfNode.of(SgfProperty.of("W", "ee"))),
                                List.of(SgfTree.of(List.of(SgfNode.of(SgfProperty.of("B", "ff")))),
                                        SgfTree.of(List.of(SgfNode.of(SgfProperty.of("B", "gg"))))))));
        String text = SgfWriter.write(tree);
        assertEquals("""
                (;GM[1]C[a \\] b \\\\ c
                line two: [x\\]]AB[aa][bb:cc]
                ;B[dd]
                (;W[]
                ;)
                (;W[ee]
                (;B[ff])
                (;B[gg])))
                """, text);
        assertEquals(tree, parse(text));
    }

    @Test
    void decodesFilesByTheirCharset() {
        byte[] latin1 = "(;CA[ISO-8859-1]PB[Müller])".getBytes(StandardCharsets.ISO_8859_1);
        assertEquals("(;CA[ISO-8859-1]PB[Müller])", SgfParser.decode(latin1));
        byte[] utf8NoCa = "\uFEFF(;PB[李昌镐])".getBytes(StandardCharsets.UTF_8);
        assertEquals("(;PB[李昌镐])", SgfParser.decode(utf8NoCa));
        byte[] latin1NoCa = "(;PB[Müller])".getBytes(StandardCharsets.ISO_8859_1);
        assertEquals("(;PB[Müller])", SgfParser.decode(latin1NoCa));
    }

    /** Found by SgfFuzzTest: a CA value that is not even a legal charset name threw IllegalCharsetNameException. */
    @Test
    void anIllegalCharsetNameIsAnUnknownCharset() {
        byte[] bytes = "(;CA[UTF[8]PB[Müller])".getBytes(StandardCharsets.UTF_8);
        assertEquals("(;CA[UTF[8]PB[Müller])", SgfParser.decode(bytes));
    }

    @Test
    void modelRejectsInvalidValues() {
        assertThrows(IllegalArgumentException.class, () -> SgfProperty.of("ab", "x"));
        assertThrows(IllegalArgumentException.class, () -> SgfProperty.of("AB"));
        assertThrows(IllegalArgumentException.class,
                () -> SgfNode.of(SgfProperty.of("C", "x"), SgfProperty.of("C", "y")));
        assertThrows(IllegalArgumentException.class, () -> SgfTree.of(List.of()));
    }
}
