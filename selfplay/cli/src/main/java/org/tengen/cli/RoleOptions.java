package org.tengen.cli;

import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.tengen.config.ConfigNode;
import org.tengen.env.io.FileTrees;
import org.tengen.run.RunConfig;
import org.tengen.store.RunLayout;
import org.tengen.store.RunStore;
import picocli.CommandLine.Option;

/**
 * Options shared by {@code actor}, {@code learner} and {@code arena}: the store, the config, the local cache, the
 * poll interval.
 */
final class RoleOptions {
    private static final Logger LOG = LogManager.getLogger(RoleOptions.class);

    @Option(names = "--store", paramLabel = "URI", required = true,
            description = "The run store: s3://BUCKET/PREFIX for an S3 bucket (endpoint and region from"
                    + " AWS_ENDPOINT_URL and AWS_REGION, credentials from the standard AWS chain), or a directory"
                    + " (local or NFS).")
    String store;

    @Option(names = "--config", paramLabel = "FILE",
            description = "Run configuration (YAML). The learner stores it as config.yaml; an actor or the"
                    + " arena without it uses that one.")
    Path configFile;

    @Option(names = "--cache", paramLabel = "DIR",
            description = "Local directory for downloaded models and shards (default: a new temporary directory)."
                    + " Only a cache: every state is in the store.")
    Path cache;

    @Option(names = "--poll-seconds", paramLabel = "S", defaultValue = "2",
            description = "How often to look for a new model or new games while waiting (default: ${DEFAULT-VALUE}).")
    double pollSeconds;

    Duration poll() {
        if (!(pollSeconds > 0 && pollSeconds <= 3600)) {
            throw new IllegalArgumentException("--poll-seconds must be in (0, 3600], got " + pollSeconds);
        }
        return Duration.ofMillis(Math.max(1, (long) (pollSeconds * 1000)));
    }

    /** The config file's text, checked, or empty if there is no --config. */
    Optional<String> configText() throws IOException {
        if (configFile == null) {
            return Optional.empty();
        }
        String text = ConfigNode.readText(configFile);
        parse(configFile.toString(), text);
        return Optional.of(text);
    }

    static RunConfig parse(String name, String text) {
        return RunConfig.from(ConfigNode.parse(name, new StringReader(text)));
    }

    /**
     * The run config of an actor or the arena: {@code given} (the {@link #configText()}), or else the store's
     * {@code config.yaml}, waited for if the learner has not stored it yet.
     */
    RunConfig config(RunStore store, Optional<String> given, String role) throws InterruptedException {
        String text = given.orElse(null);
        for (boolean logged = false; text == null; logged = true) {
            text = storedConfig(store).orElse(null);
            if (text == null) {
                if (!logged) {
                    LOG.info("{}: no --config, and {} has no config.yaml yet: waiting for the learner", role,
                            store.location());
                }
                Thread.sleep(poll().toMillis());
            }
        }
        return parse(given.isPresent() ? configFile.toString() : store.location() + "/" + RunLayout.CONFIG, text);
    }

    /** The config the store was started with, if any. */
    static Optional<String> storedConfig(RunStore store) {
        return store.get(RunLayout.CONFIG).map(b -> new String(b, StandardCharsets.UTF_8));
    }

    Path cacheDir(String role) {
        try {
            if (cache != null) {
                return Files.createDirectories(cache);
            }
            Path temporary = Files.createTempDirectory("tengen-" + role + "-");
            // Nobody else knows its name, so it goes when this process ends (a restarted role would otherwise leave
            // one folder of models per start); a kill -9 still leaves it.
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                try {
                    FileTrees.delete(temporary);
                } catch (IOException e) {
                    System.err.println("warning: could not delete the cache " + temporary + ": " + e.getMessage());
                }
            }, "delete-cache"));
            return temporary;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create the cache directory: " + e.getMessage(), e);
        }
    }
}
