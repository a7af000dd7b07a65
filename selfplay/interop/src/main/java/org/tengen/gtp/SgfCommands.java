package org.tengen.gtp;

import static org.tengen.gtp.GtpArgs.integer;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.tengen.env.game.Game;
import org.tengen.env.game.GameHistory;
import org.tengen.env.game.GameResult;
import org.tengen.env.io.IoErrors;
import org.tengen.sgf.GameRecord;
import org.tengen.sgf.GoSgf;
import org.tengen.sgf.SgfException;
import org.tengen.sgf.SgfRules;

/** {@code loadsgf} and {@code printsgf}: the {@link CurrentGame} read from and written as SGF. */
final class SgfCommands {
    private final CurrentGame current;

    SgfCommands(CurrentGame current) {
        this.current = current;
    }

    /**
     * Replaces the game with the main line of an SGF file up to the position before move {@code MOVE_NUMBER}
     * (1-based; all moves when absent or beyond the end): board, rules (by {@code RU}, else Tromp-Taylor), komi,
     * handicap and set-up stones. Moves may come in any colour order, as with {@code play}. On any error nothing
     * changes.
     */
    String loadSgf(String[] args) {
        int limit = args.length > 1 ? integer(args[1]) - 1 : Integer.MAX_VALUE;
        if (limit < 0) {
            throw new GtpFailure("move number must be at least 1, got " + args[1]);
        }
        String file = args[0];
        GameRecord record;
        try {
            record = GoSgf.read(Path.of(file));
        } catch (SgfException | IllegalArgumentException e) {
            throw new GtpFailure("cannot load file " + file + ": " + e.getMessage());
        }
        GameHistory history = record.history();
        Game position;
        try {
            position = history.replay(Math.min(limit, history.moveCount()));
        } catch (IllegalArgumentException e) {
            throw new GtpFailure("cannot load file " + file + ": " + e.getMessage());
        }
        current.load(record, position, SgfRules.preset(record.rulesName()).orElse(SgfRules.DEFAULT));
        return "";
    }

    /** The game as SGF, written to FILE or, without one, returned (blank lines dropped: they would end the reply). */
    String printSgf(String[] args) {
        Game game = current.game();
        GameRecord.Builder builder = GameRecord.builder(game.history()).optResult(GameResult.of(game));
        GameRecord loadedFrom = current.loadedFrom();
        if (loadedFrom != null) {
            // What only the file knew (players, date, name, root comment) stays with the game it was loaded from.
            builder.optPlayers(loadedFrom.blackPlayer(), loadedFrom.whitePlayer()).optDate(loadedFrom.date())
                    .optGameName(loadedFrom.gameName()).optComment(loadedFrom.comment());
        }
        String sgf = GoSgf.format(builder.build());
        if (args.length == 0) {
            return sgf.strip().replaceAll("\n\\s*\n", "\n");
        }
        try {
            Files.writeString(Path.of(args[0]), sgf, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new GtpFailure("cannot write " + args[0] + ": " + IoErrors.reason(e));
        } catch (IllegalArgumentException e) {
            throw new GtpFailure("cannot write " + args[0] + ": " + e.getMessage());
        }
        return "";
    }
}
