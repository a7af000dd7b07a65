package org.tengen.sgf;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.tengen.env.game.GameHistory;
import org.tengen.env.rules.Rules;

/**
 * The record of one Go game: its {@link GameHistory} (rules, start, moves) plus what only SGF keeps (rules name,
 * result, players, date, game name, comments and other properties). It is what {@link GoSgf} reads from and writes
 * to SGF; build one from a finished game's history with {@link #builder(GameHistory)}. Strings are never null; an
 * empty string means absent.
 *
 * @param history     rules, start and moves; its rules' {@code maxMoves} is always 0 and its ending NONE, as SGF has
 *                    no place for them ({@code result} says how the game ended, e.g. {@code W+R}, {@code Void})
 * @param rulesName   the {@code RU} value, e.g. {@code Tromp-Taylor}; an unknown name is kept as read
 * @param annotations what each move's node holds besides the move, one per move of {@code history}
 * @param result      the {@code RE} value as written, see {@link org.tengen.env.game.GameResult}
 * @param blackPlayer {@code PB}
 * @param whitePlayer {@code PW}
 * @param date        {@code DT}, e.g. {@code 2025-01-31}
 * @param gameName    {@code GN}
 * @param comment     the root node's {@code C}
 * @param extra       other root properties, kept as read and written back
 */
public record GameRecord(GameHistory history, String rulesName, List<Annotation> annotations, String result,
                         String blackPlayer, String whitePlayer, String date, String gameName, String comment,
                         List<SgfProperty> extra) {

    /** Root properties {@link GoSgf} derives from the record's fields; they may not appear in {@code extra}. */
    static final Set<String> ROOT_PROPERTIES = Set.of("FF", "GM", "CA", "AP", "SZ", "KM", "RU", "HA", "PL", "AB",
            "AW", "AE", "RE", "PB", "PW", "DT", "GN", "C", "B", "W");
    /** Move-node properties derived from a move and its {@link Annotation}, or set-up that may only precede moves. */
    static final Set<String> MOVE_PROPERTIES = Set.of("B", "W", "C", "AB", "AW", "AE", "PL");

    /**
     * What a move's node holds besides the move.
     *
     * @param comment the node's {@code C}, e.g. the search value; empty for none
     * @param extra   other properties of the node, kept as read and written back
     */
    public record Annotation(String comment, List<SgfProperty> extra) {
        /** No comment, no other property. */
        public static final Annotation NONE = new Annotation("", List.of());

        public Annotation {
            comment = comment == null ? "" : comment;
            extra = List.copyOf(extra);
            for (SgfProperty p : extra) {
                if (MOVE_PROPERTIES.contains(p.id())) {
                    throw new IllegalArgumentException("property " + p.id() + " cannot be an extra move property");
                }
            }
        }
    }

    public GameRecord {
        if (history == null) {
            throw new IllegalArgumentException("a game record needs a history");
        }
        history = new GameHistory(history.rules().withMaxMoves(0), history.blackStones(), history.whiteStones(),
                history.firstPlayer(), history.moves(), GameHistory.Ending.NONE);
        rulesName = rulesName == null || rulesName.isEmpty() ? SgfRules.name(history.rules()) : rulesName;
        annotations = List.copyOf(annotations);
        if (annotations.size() != history.moveCount()) {
            throw new IllegalArgumentException("a record of " + history.moveCount() + " moves needs as many "
                    + "annotations, got " + annotations.size());
        }
        result = orEmpty(result);
        blackPlayer = orEmpty(blackPlayer);
        whitePlayer = orEmpty(whitePlayer);
        date = orEmpty(date);
        gameName = orEmpty(gameName);
        comment = orEmpty(comment);
        extra = List.copyOf(extra);
        for (SgfProperty p : extra) {
            if (ROOT_PROPERTIES.contains(p.id())) {
                throw new IllegalArgumentException("property " + p.id() + " cannot be an extra root property");
            }
        }
    }

    private static String orEmpty(String s) {
        return s == null ? "" : s;
    }

    /** The rules, board, komi and handicap: the history's. */
    public Rules rules() {
        return history.rules();
    }

    /**
     * A builder for the record of a game with {@code history}, e.g. a finished game's {@code game.history()}: its
     * rules, start and moves, which get comments with {@link Builder#optMoveComment}.
     */
    public static Builder builder(GameHistory history) {
        return new Builder(history);
    }

    /** A builder for the record of a game under {@code rules} from the rules' own start, without moves. */
    public static Builder builder(Rules rules) {
        return builder(GameHistory.start(rules));
    }

    /** Collects a record; {@code opt*} for the optional parts. */
    public static final class Builder {
        private final GameHistory history;
        private final List<Annotation> annotations;
        private final List<SgfProperty> extra = new ArrayList<>();
        private final Set<String> extraIds = new HashSet<>();
        private String rulesName = "";
        private String result = "";
        private String blackPlayer = "";
        private String whitePlayer = "";
        private String date = "";
        private String gameName = "";
        private String comment = "";

        private Builder(GameHistory history) {
            this.history = history;
            annotations = new ArrayList<>(Collections.nCopies(history.moveCount(), Annotation.NONE));
        }

        /** Gives move {@code index} (from 0) the comment {@code text}, e.g. the search's value. */
        public Builder optMoveComment(int index, String text) {
            Annotation a = annotation(index);
            annotations.set(index, new Annotation(text, a.extra()));
            return this;
        }

        /** Adds {@code property} to the node of move {@code index} (from 0), e.g. a time left {@code BL}. */
        public Builder optMoveExtra(int index, SgfProperty property) {
            Annotation a = annotation(index);
            List<SgfProperty> props = new ArrayList<>(a.extra());
            props.add(property);
            annotations.set(index, new Annotation(a.comment(), props));
            return this;
        }

        private Annotation annotation(int index) {
            if (index < 0 || index >= annotations.size()) {
                throw new IllegalArgumentException("move index " + index + " is outside 0.." + (annotations.size() - 1));
            }
            return annotations.get(index);
        }

        /** The {@code RU} value when the default ({@link SgfRules#name(Rules)}) will not do. */
        public Builder optRulesName(String name) {
            rulesName = name;
            return this;
        }

        /** The {@code RE} value, e.g. {@code GameResult.of(game)}. */
        public Builder optResult(String re) {
            result = re;
            return this;
        }

        public Builder optPlayers(String black, String white) {
            blackPlayer = black;
            whitePlayer = white;
            return this;
        }

        public Builder optDate(String dt) {
            date = dt;
            return this;
        }

        public Builder optGameName(String name) {
            gameName = name;
            return this;
        }

        /** The root comment. */
        public Builder optComment(String text) {
            comment = text;
            return this;
        }

        /** An extra root property, e.g. a private {@code XX[...]}; one per identifier. */
        public Builder optExtra(SgfProperty property) {
            if (!extraIds.add(property.id())) {
                throw new IllegalArgumentException("extra root property " + property.id() + " given twice");
            }
            extra.add(property);
            return this;
        }

        public GameRecord build() {
            return new GameRecord(history, rulesName, annotations, result, blackPlayer, whitePlayer, date, gameName,
                    comment, extra);
        }
    }
}
