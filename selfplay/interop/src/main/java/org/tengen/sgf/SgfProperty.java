package org.tengen.sgf;

import java.util.List;

/**
 * One property of a node: an identifier of upper-case letters and one or more values, unescaped (no SGF
 * backslashes, soft line breaks removed, line breaks as {@code \n}). Composed values such as {@code 7:5} keep their
 * colon.
 *
 * @param id     e.g. {@code AB}, {@code C}
 * @param values at least one; an empty string is an empty value ({@code B[]})
 */
public record SgfProperty(String id, List<String> values) {

    public SgfProperty {
        if (id == null || id.isEmpty() || !id.chars().allMatch(c -> c >= 'A' && c <= 'Z')) {
            throw new IllegalArgumentException("SGF property identifier '" + id + "' is not upper-case letters");
        }
        if (values == null || values.isEmpty()) {
            throw new IllegalArgumentException("SGF property " + id + " needs at least one value");
        }
        values = List.copyOf(values);
    }

    /** A property with the given values. */
    public static SgfProperty of(String id, String... values) {
        return new SgfProperty(id, List.of(values));
    }

    /** The first (usually the only) value. */
    public String value() {
        return values.get(0);
    }
}
