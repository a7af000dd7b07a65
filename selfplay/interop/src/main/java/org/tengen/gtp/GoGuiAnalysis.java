package org.tengen.gtp;

import java.util.Locale;
import java.util.StringJoiner;
import java.util.function.IntFunction;
import org.tengen.env.rules.Rules;

/** GoGui's analyze commands: their list, and the text of the policy heat map ({@code gfx}) and visit board. */
final class GoGuiAnalysis {
    /** GoGui's analyze commands, {@code type/label/command}; GoGui puts the player to move for {@code %p}. */
    static final String COMMANDS = String.join("\n",
            "gfx/Policy heat map/tengen-policy %p",
            "dboard/Visit counts/tengen-visits %p",
            "gfx/Ownership/tengen-ownership %p",
            "string/Candidate moves/tengen-analyze %p");

    private GoGuiAnalysis() {
    }

    /**
     * A heat map of {@code priors} ({@code [actionCount]}): INFLUENCE relative to the largest prior of a point,
     * LABEL in percent for those of at least 1%, and TEXT for pass.
     */
    static String policy(float[] priors, Rules rules, IntFunction<String> vertex) {
        float max = 0f;
        for (int a = 0; a < rules.area(); a++) {
            max = Math.max(max, priors[a]);
        }
        StringJoiner influence = new StringJoiner(" ", "INFLUENCE ", "");
        StringJoiner labels = new StringJoiner(" ", "LABEL ", "");
        for (int a = 0; a < rules.area(); a++) {
            if (priors[a] > 0) {
                influence.add(vertex.apply(a) + " " + String.format(Locale.ROOT, "%.3f", priors[a] / max));
            }
            if (priors[a] >= 0.01f) {
                labels.add(vertex.apply(a) + " " + Math.round(priors[a] * 100));
            }
        }
        return influence + "\n" + labels + "\n"
                + String.format(Locale.ROOT, "TEXT pass %.1f%%", priors[rules.passAction()] * 100);
    }

    /**
     * An ownership map: INFLUENCE of every point in [-1, 1] as GoGui reads it, positive for Black, from
     * {@code blackOwnership} ({@code [area]}).
     */
    static String ownership(float[] blackOwnership, Rules rules, IntFunction<String> vertex) {
        StringJoiner influence = new StringJoiner(" ", "INFLUENCE ", "");
        for (int a = 0; a < rules.area(); a++) {
            influence.add(vertex.apply(a) + " " + String.format(Locale.ROOT, "%.3f", blackOwnership[a]));
        }
        return influence.toString();
    }

    /** A {@code dboard}: the points' {@code visits} row by row from the top, as actions are ordered. */
    static String board(int[] visits, Rules rules) {
        StringJoiner rows = new StringJoiner("\n");
        for (int y = 0; y < rules.height(); y++) {
            StringJoiner row = new StringJoiner(" ");
            for (int x = 0; x < rules.width(); x++) {
                row.add(Integer.toString(visits[y * rules.width() + x]));
            }
            rows.add(row.toString());
        }
        return rows.toString();
    }
}
