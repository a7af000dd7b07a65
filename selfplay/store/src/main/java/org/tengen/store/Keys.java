package org.tengen.store;

import java.util.regex.Pattern;

/**
 * Valid store keys: {@code /}-separated relative paths whose segments use only {@code A-Z a-z 0-9 . _ - = +}, do
 * not start with a dot (the file store keeps its temporary and hash files under such names) and are not empty.
 * So {@code ..}, absolute paths, {@code a//b} and trailing slashes are rejected. These keys mean the same on every
 * file system and in S3 without escaping.
 */
public final class Keys {
    private static final Pattern SEGMENT = Pattern.compile("[A-Za-z0-9_=+\\-][A-Za-z0-9._=+\\-]*");
    /** S3 allows 1024 bytes; a file name 255, of which the file store needs a few for hidden siblings. */
    private static final int MAX_LENGTH = 512;
    private static final int MAX_SEGMENT = 200;

    private Keys() {
    }

    /**
     * Returns {@code key} if it is valid.
     *
     * @throws IllegalArgumentException naming the key and what is wrong with it, in one line
     */
    public static String require(String key) {
        String problem = problem(key);
        if (problem != null) {
            throw new IllegalArgumentException("bad store key '" + key + "': " + problem);
        }
        return key;
    }

    /** Whether {@code key} is valid. */
    public static boolean isValid(String key) {
        return problem(key) == null;
    }

    /**
     * Returns {@code prefix} if it is "" or a valid key, or one followed by {@code /}, or the start of one.
     *
     * @throws IllegalArgumentException naming the prefix and what is wrong with it
     */
    public static String requirePrefix(String prefix) {
        if (prefix.isEmpty()) {
            return prefix;
        }
        String body = prefix.endsWith("/") ? prefix.substring(0, prefix.length() - 1) : prefix;
        String problem = problem(body);
        if (problem != null) {
            throw new IllegalArgumentException("bad store prefix '" + prefix + "': " + problem);
        }
        return prefix;
    }

    private static String problem(String key) {
        if (key == null || key.isEmpty()) {
            return "empty";
        }
        if (key.length() > MAX_LENGTH) {
            return "longer than " + MAX_LENGTH + " characters";
        }
        if (key.startsWith("/")) {
            return "absolute (keys are relative paths)";
        }
        for (String segment : key.split("/", -1)) {
            if (segment.isEmpty()) {
                return "empty path segment";
            }
            if (segment.equals(".") || segment.equals("..")) {
                return "'" + segment + "' segment";
            }
            if (segment.startsWith(".")) {
                return "segment '" + segment + "' starts with a dot";
            }
            if (segment.length() > MAX_SEGMENT) {
                return "segment longer than " + MAX_SEGMENT + " characters";
            }
            if (!SEGMENT.matcher(segment).matches()) {
                return "segment '" + segment + "' has a character other than A-Z a-z 0-9 . _ - = +";
            }
        }
        return null;
    }
}
