package org.tengen.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EnvFromSource;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaim;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.PodTemplateSpec;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.api.model.VolumeMount;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import java.io.IOException;
import java.io.StringReader;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.tengen.config.ConfigNode;
import org.tengen.run.RunConfig;
import org.tengen.store.RunLayout;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import picocli.CommandLine;

/**
 * deploy/kubernetes and the Dockerfile: every overlay renders (as {@code kubectl apply -k} would) into typed
 * Kubernetes objects whose pods would start the roles right: arguments that the real command line accepts, a store
 * every pod shares, the run config from configs/, mounts of declared volumes, the image the Dockerfile builds.
 */
class KubernetesManifestsTest {
    private static final Path ROOT = Path.of("..", "..");
    private static final Path KUBERNETES = ROOT.resolve("deploy/kubernetes");
    private static final Path CONFIGS = ROOT.resolve("configs");
    /** The page that tells how to build the image and apply the overlays. */
    private static final Path DISTRIBUTED_DOC = ROOT.resolve("docs/distributed.md");
    /** The variables the AWS SDK's default credential chain reads. */
    private static final Set<String> AWS_CREDENTIALS = Set.of("AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY",
            "AWS_SESSION_TOKEN");
    /** What a store setting may hold: the store and what S3Store reads from the environment. */
    private static final Set<String> STORE_SETTINGS = Set.of("TENGEN_STORE", "AWS_ENDPOINT_URL", "AWS_ENDPOINT_URL_S3",
            "AWS_REGION", "AWS_DEFAULT_REGION");
    private static final Map<String, Class<? extends HasMetadata>> KINDS = Map.of("Deployment", Deployment.class,
            "StatefulSet", StatefulSet.class, "ConfigMap", ConfigMap.class, "Secret", Secret.class,
            "PersistentVolumeClaim", PersistentVolumeClaim.class, "Service", Service.class);
    private static final Pattern VARIABLE = Pattern.compile("\\$\\(([A-Za-z_][A-Za-z0-9_]*)\\)");

    static Stream<Path> overlays() throws IOException {
        try (Stream<Path> dirs = Files.list(KUBERNETES.resolve("overlays"))) {
            List<Path> all = dirs.filter(Files::isDirectory).sorted().toList();
            assertEquals(List.of("directory", "s3"), all.stream().map(p -> p.getFileName().toString()).toList());
            return all.stream();
        }
    }

    /** What the image gives every container: its name, user, environment and entrypoint. */
    record Image(String name, String user, Map<String, String> env, List<String> entrypoint, String runtimeBase) {
        static Image read() throws IOException {
            String text = Files.readString(ROOT.resolve("Dockerfile"));
            Matcher build = Pattern.compile("docker build -t (\\S+) \\.").matcher(text);
            assertTrue(build.find(), "the Dockerfile says how it is built: docker build -t NAME .");
            Map<String, String> env = new LinkedHashMap<>();
            String user = null;
            List<String> entrypoint = null;
            String base = null;
            for (String line : text.split("\n")) {
                String[] words = line.trim().split("\\s+", 2);
                switch (words[0]) {
                    case "FROM" -> base = words[1].split("\\s+")[0];
                    case "ENV" -> {
                        for (String kv : words[1].split("\\s+")) {
                            env.put(kv.substring(0, kv.indexOf('=')), kv.substring(kv.indexOf('=') + 1));
                        }
                    }
                    case "USER" -> user = words[1];
                    case "ENTRYPOINT" -> entrypoint = yaml().load(words[1]);
                    default -> {
                    }
                }
            }
            return new Image(build.group(1), user, env, entrypoint, base);
        }
    }

    @Test
    void theImageRunsTheApplicationJarOnGlibc() throws IOException {
        Image image = Image.read();
        String text = Files.readString(ROOT.resolve("Dockerfile"));
        // The natives in the jar (libtorch, ONNX Runtime, linux-x64) link against glibc.
        assertFalse(image.runtimeBase().contains("alpine"), image.runtimeBase());
        String jar = image.entrypoint().get(image.entrypoint().size() - 1);
        assertEquals(List.of("java", "-jar", jar), image.entrypoint().stream().filter(w -> !w.startsWith("-XX:"))
                .toList());
        assertTrue(text.contains("COPY --from=build /src/selfplay/cli/target/tengen.jar " + jar), text);
        assertEquals("true", image.env().get("DJL_OFFLINE"));
        assertFalse(image.env().containsKey("PYTORCH_VERSION"), "PYTORCH_VERSION makes DJL download libtorch");
        // The distributed-runs page builds the image under the same name the manifests run.
        assertTrue(Files.readString(DISTRIBUTED_DOC).contains("docker build -t " + image.name() + " ."),
                DISTRIBUTED_DOC + " builds the image as docker build -t " + image.name() + " .");
    }

    @Test
    void theConfigMapHoldsEveryRunConfigAndEachParses() throws Exception {
        ConfigMap configs = (ConfigMap) render(KUBERNETES.resolve("base")).get("ConfigMap/tengen-configs");
        Set<String> files;
        try (Stream<Path> list = Files.list(CONFIGS)) {
            files = list.map(p -> p.getFileName().toString())
                    .filter(f -> f.endsWith(".yaml") && !f.equals("kustomization.yaml"))
                    .collect(Collectors.toCollection(TreeSet::new));
        }
        assertEquals(files, new TreeSet<>(configs.getData().keySet()));
        for (Map.Entry<String, String> e : configs.getData().entrySet()) {
            assertEquals(Files.readString(CONFIGS.resolve(e.getKey())), e.getValue());
            RoleOptions.parse(e.getKey(), e.getValue());
        }
    }

    @Test
    void theDocumentationAppliesTheOverlaysThatExist() throws IOException {
        Matcher apply = Pattern.compile("kubectl apply -k (\\S+)").matcher(Files.readString(DISTRIBUTED_DOC));
        int found = 0;
        while (apply.find()) {
            assertTrue(Files.isRegularFile(ROOT.resolve(apply.group(1)).resolve("kustomization.yaml")), apply.group());
            found++;
        }
        assertTrue(found >= 2, DISTRIBUTED_DOC + " applies both overlays");
    }

    @ParameterizedTest
    @MethodSource("overlays")
    void everyPodWouldStartItsRoleOnTheSharedStore(Path overlay) throws Exception {
        Map<String, HasMetadata> objects = render(overlay);
        Image image = Image.read();
        CommandLine commands = new CommandLine(new Main());
        Map<String, List<String>> roles = new TreeMap<>();
        Set<String> stores = new TreeSet<>();
        String runConfigKey = null;
        int actorCores = 0;
        for (HasMetadata object : objects.values()) {
            PodTemplateSpec template = object instanceof Deployment d ? d.getSpec().getTemplate()
                    : object instanceof StatefulSet s ? s.getSpec().getTemplate() : null;
            if (template == null) {
                continue;
            }
            String workload = object.getKind() + "/" + object.getMetadata().getName();
            // The longest name Kubernetes gives such a pod: a StatefulSet's NAME-0, a Deployment's NAME-HASH-XXXXX.
            String podName = object.getMetadata().getName() + (object instanceof StatefulSet ? "-0" : "-7c9d8f5b4x-q2w4z");
            PodSpec pod = template.getSpec();
            assertEquals(Long.valueOf(image.user()), pod.getSecurityContext().getRunAsUser(), workload);
            Map<String, Volume> volumes = pod.getVolumes().stream().collect(Collectors.toMap(Volume::getName, v -> v));
            for (Volume v : volumes.values()) {
                if (v.getConfigMap() != null) {
                    assertNotNull(objects.get("ConfigMap/" + v.getConfigMap().getName()), workload + ": " + v);
                }
                if (v.getPersistentVolumeClaim() != null) {
                    assertNotNull(objects.get("PersistentVolumeClaim/" + v.getPersistentVolumeClaim().getClaimName()),
                            workload + ": " + v);
                }
            }
            assertEquals(1, pod.getContainers().size(), workload);
            Container c = pod.getContainers().get(0);
            String where = workload + " container " + c.getName();
            assertEquals(image.name(), c.getImage(), where + ": the image the Dockerfile builds");
            assertTrue(c.getCommand() == null || c.getCommand().isEmpty(), where + ": the image's entrypoint runs");
            for (VolumeMount m : c.getVolumeMounts()) {
                assertTrue(volumes.containsKey(m.getName()), where + ": mount of an undeclared volume " + m.getName());
            }
            Map<String, String> env = environment(c, image, objects, podName, where);
            List<String> args = c.getArgs().stream().map(a -> expand(a, env, where)).toList();
            String role = args.get(0);
            roles.computeIfAbsent(role, r -> new ArrayList<>()).add(workload);
            assertTrue(commands.getSubcommands().containsKey(role), where + ": '" + role + "' is not a tengen command");
            CommandLine.ParseResult parsed = commands.parseArgs(args.toArray(String[]::new));
            assertEquals(role, parsed.subcommand().commandSpec().name(), where);

            // The store: an S3 URI, or a directory on a volume that every pod mounts (ReadWriteMany).
            String store = option(args, "--store").orElseThrow(() -> new AssertionError(where + ": no --store"));
            stores.add(store);
            if (store.startsWith("s3://")) {
                assertFalse(URI.create(store).getHost().isEmpty(), where + ": " + store);
                Optional.ofNullable(env.get("AWS_ENDPOINT_URL")).ifPresent(url ->
                        assertTrue(URI.create(url).getScheme().startsWith("http"), where + ": " + url));
            } else {
                VolumeMount m = mountOf(c, store, where);
                assertFalse(Boolean.TRUE.equals(m.getReadOnly()), where + ": read-only store");
                Volume v = volumes.get(m.getName());
                assertNotNull(v.getPersistentVolumeClaim(), where + ": a store on a volume of this pod only: " + v);
                PersistentVolumeClaim claim = (PersistentVolumeClaim) objects.get("PersistentVolumeClaim/"
                        + v.getPersistentVolumeClaim().getClaimName());
                assertTrue(claim.getSpec().getAccessModes().contains("ReadWriteMany"), where + ": " + claim.getSpec());
            }
            String cache = option(args, "--cache").orElseThrow(() -> new AssertionError(where + ": no --cache"));
            assertWritable(c, volumes, cache, where);
            assertWritable(c, volumes, env.get("DJL_CACHE_DIR"), where + ": DJL_CACHE_DIR");
            assertEquals("true", env.get("DJL_OFFLINE"), where);
            if (Boolean.TRUE.equals(c.getSecurityContext().getReadOnlyRootFilesystem())) {
                assertWritable(c, volumes, "/tmp", where + ": java.io.tmpdir");
            }
            Optional<String> config = option(args, "--config");
            if (config.isPresent()) {
                VolumeMount m = mountOf(c, config.get(), where);
                ConfigMap map = (ConfigMap) objects.get("ConfigMap/" + volumes.get(m.getName()).getConfigMap().getName());
                String key = Path.of(m.getMountPath()).relativize(Path.of(config.get())).toString();
                assertTrue(map.getData().containsKey(key), where + ": " + key + " is not in " + map.getData().keySet());
                assertTrue(Files.isRegularFile(CONFIGS.resolve(key)), where + ": " + key + " is not in configs/");
                RoleOptions.parse(key, map.getData().get(key));
                assertEquals(null, runConfigKey, "one run config");
                runConfigKey = key;
            }
            if (role.equals("actor")) {
                // Without --id an actor takes the host name, the pod's: a valid id for each replica.
                String id = option(args, "--id").map(RunLayout::requireId)
                        .orElseGet(() -> ActorCommand.hostId(env, () -> fail(where + ": no HOSTNAME")));
                assertEquals(podName, id, where + ": the actor id is the pod's name");
            }

            // Whole cores, guaranteed: requests = limits.
            Map<String, Quantity> requests = c.getResources().getRequests();
            Map<String, Quantity> limits = c.getResources().getLimits();
            for (String resource : List.of("cpu", "memory")) {
                assertEquals(limits.get(resource), requests.get(resource), where + ": " + resource);
            }
            int cores = limits.get("cpu").getNumericalAmount().intValueExact();
            if (role.equals("learner")) {
                assertTrue(env.getOrDefault("JDK_JAVA_OPTIONS", "").contains("-Dai.djl.pytorch.num_threads=" + cores),
                        where + ": train with one thread per core");
            } else if (role.equals("actor")) {
                actorCores = cores;
            }
        }
        assertEquals(Set.of("actor", "arena", "learner"), roles.keySet());
        assertEquals(List.of("StatefulSet/tengen-learner"), roles.get("learner"));
        assertEquals(List.of("Deployment/tengen-arena"), roles.get("arena"));
        StatefulSet learner = (StatefulSet) objects.get("StatefulSet/tengen-learner");
        assertEquals(1, learner.getSpec().getReplicas());
        assertEquals("None", ((Service) objects.get("Service/" + learner.getSpec().getServiceName())).getSpec()
                .getClusterIP());
        Deployment arena = (Deployment) objects.get("Deployment/tengen-arena");
        assertEquals(1, arena.getSpec().getReplicas());
        assertEquals("Recreate", arena.getSpec().getStrategy().getType());
        assertEquals(1, stores.size(), "every pod on one store: " + stores);

        // Actors play by the learner's config, one self-play worker per core.
        assertNotNull(runConfigKey, "the learner starts the run with --config");
        String text = Files.readString(CONFIGS.resolve(runConfigKey));
        RunConfig config = RoleOptions.parse(runConfigKey, text);
        ConfigNode selfplay = ConfigNode.parse(runConfigKey, new StringReader(text)).child("selfplay");
        int workers = selfplay.has("workers") ? config.workers() : actorCores;
        assertEquals(actorCores, workers * config.threads(), "actor threads = cores");

        for (HasMetadata object : objects.values()) {
            if (object instanceof Secret secret) {
                Map<String, String> data = secretData(secret);
                assertTrue(AWS_CREDENTIALS.containsAll(data.keySet()), "keys the AWS SDK reads: " + data.keySet());
                assertTrue(data.keySet().containsAll(Set.of("AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY")));
                data.values().forEach(v -> assertTrue(v.startsWith("REPLACE-"), "a template, no real secret: " + v));
            }
        }
        ConfigMap store = (ConfigMap) objects.get("ConfigMap/tengen-store");
        assertTrue(STORE_SETTINGS.containsAll(store.getData().keySet()), store.getData().keySet().toString());
    }

    /** Where kubectl is installed, it renders every overlay as {@link Kustomize} does. */
    @ParameterizedTest
    @MethodSource("overlays")
    void kubectlRendersTheSame(Path overlay) throws Exception {
        assumeTrue(kubectlFound(), "kubectl not found: the kustomize renderer is not compared with kubectl's");
        Process p = new ProcessBuilder("kubectl", "kustomize", overlay.toString()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS) && p.exitValue() == 0, out);
        List<Map<String, Object>> ours = Kustomize.render(overlay);
        // kubectl suffixes generated ConfigMaps with a hash of their content, everywhere they are named.
        for (Map<String, Object> r : ours) {
            if ("ConfigMap".equals(r.get("kind"))) {
                out = out.replaceAll("\\b(" + Pattern.quote(Kustomize.name(r)) + ")-[a-z0-9]{10}\\b", "$1");
            }
        }
        Map<String, Object> theirs = new TreeMap<>();
        for (Object doc : yaml().loadAll(out)) {
            @SuppressWarnings("unchecked")
            Map<String, Object> r = (Map<String, Object>) doc;
            theirs.put(r.get("kind") + "/" + Kustomize.name(r), r);
        }
        Map<String, Object> mine = new TreeMap<>();
        ours.forEach(r -> mine.put(r.get("kind") + "/" + Kustomize.name(r), r));
        assertEquals(theirs.keySet(), mine.keySet());
        for (String id : theirs.keySet()) {
            assertEquals(theirs.get(id), mine.get(id), id);
        }
    }

    /** The overlay's objects by kind/name, typed, with no field that their classes do not know. */
    private static Map<String, HasMetadata> render(Path dir) throws Exception {
        ObjectMapper json = new ObjectMapper();
        Map<String, HasMetadata> objects = new LinkedHashMap<>();
        for (Map<String, Object> r : Kustomize.render(dir)) {
            Class<? extends HasMetadata> type = KINDS.get((String) r.get("kind"));
            assertNotNull(type, dir + ": unexpected kind " + r.get("kind"));
            HasMetadata object = json.convertValue(r, type);
            assertNoUnknownFields(object, r.get("kind") + "/" + object.getMetadata().getName());
            objects.put(object.getKind() + "/" + object.getMetadata().getName(), object);
        }
        return objects;
    }

    /** The fabric8 classes keep fields they do not know (a typo, a wrong indent) aside instead of failing. */
    private static void assertNoUnknownFields(Object o, String path) throws Exception {
        if (o instanceof Collection<?> list) {
            for (Object item : list) {
                assertNoUnknownFields(item, path);
            }
            return;
        }
        if (o instanceof Map<?, ?> map) {
            for (Map.Entry<?, ?> e : map.entrySet()) {
                assertNoUnknownFields(e.getValue(), path + "." + e.getKey());
            }
            return;
        }
        if (o == null || !o.getClass().getName().startsWith("io.fabric8.kubernetes.api.model")) {
            return;
        }
        for (Method m : o.getClass().getMethods()) {
            if (m.getParameterCount() != 0 || !m.getName().startsWith("get") || Modifier.isStatic(m.getModifiers())
                    || m.getDeclaringClass() == Object.class) {
                continue;
            }
            Object value = m.invoke(o);
            if (m.getName().equals("getAdditionalProperties")) {
                assertTrue(((Map<?, ?>) value).isEmpty(), path + ": unknown fields " + value);
            } else {
                assertNoUnknownFields(value, path + "." + m.getName().substring(3));
            }
        }
    }

    /** The container's environment as the kubelet builds it: the image's, then envFrom, then env, in order. */
    private static Map<String, String> environment(Container c, Image image, Map<String, HasMetadata> objects,
            String podName, String where) {
        Map<String, String> env = new LinkedHashMap<>(image.env());
        env.put("HOSTNAME", podName); // as the kubelet sets it
        for (EnvFromSource from : c.getEnvFrom()) {
            if (from.getConfigMapRef() != null) {
                ConfigMap map = (ConfigMap) objects.get("ConfigMap/" + from.getConfigMapRef().getName());
                assertTrue(map != null || Boolean.TRUE.equals(from.getConfigMapRef().getOptional()), where + ": " + from);
                Optional.ofNullable(map).ifPresent(m -> env.putAll(m.getData()));
            }
            if (from.getSecretRef() != null) {
                Secret secret = (Secret) objects.get("Secret/" + from.getSecretRef().getName());
                assertTrue(secret != null || Boolean.TRUE.equals(from.getSecretRef().getOptional()), where + ": " + from);
                Optional.ofNullable(secret).map(KubernetesManifestsTest::secretData).ifPresent(env::putAll);
            }
        }
        for (EnvVar v : c.getEnv()) {
            String value;
            if (v.getValueFrom() == null) {
                value = expand(v.getValue(), env, where);
            } else if (v.getValueFrom().getFieldRef() != null) {
                assertEquals("metadata.name", v.getValueFrom().getFieldRef().getFieldPath(), where);
                value = podName;
            } else if (v.getValueFrom().getResourceFieldRef() != null) {
                assertEquals("limits.cpu", v.getValueFrom().getResourceFieldRef().getResource(), where);
                value = c.getResources().getLimits().get("cpu").getNumericalAmount().toBigIntegerExact().toString();
            } else {
                fail(where + ": " + v.getName() + " comes from " + v.getValueFrom() + ", which this test does not read");
                return env;
            }
            env.put(v.getName(), value);
        }
        return env;
    }

    private static Map<String, String> secretData(Secret secret) {
        Map<String, String> data = new HashMap<>();
        Optional.ofNullable(secret.getStringData()).ifPresent(data::putAll);
        Optional.ofNullable(secret.getData()).ifPresent(d -> d.forEach((k, v) -> data.put(k,
                new String(Base64.getDecoder().decode(v), StandardCharsets.UTF_8))));
        return data;
    }

    /** {@code $(NAME)} replaced as the kubelet does; the kubelet would pass an unknown one on as it is: a mistake. */
    private static String expand(String text, Map<String, String> env, String where) {
        Matcher m = VARIABLE.matcher(text);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String value = env.get(m.group(1));
            assertNotNull(value, where + ": $(" + m.group(1) + ") is not in the container's environment");
            m.appendReplacement(out, Matcher.quoteReplacement(value));
        }
        return m.appendTail(out).toString();
    }

    private static Optional<String> option(List<String> args, String name) {
        int at = args.indexOf(name);
        return at < 0 ? Optional.empty() : Optional.of(args.get(at + 1));
    }

    /** The mount that holds {@code path}, which must be absolute. */
    private static VolumeMount mountOf(Container c, String path, String where) {
        assertTrue(path.startsWith("/"), where + ": " + path + " is not absolute");
        return c.getVolumeMounts().stream().filter(m -> Path.of(path).startsWith(m.getMountPath()))
                .max((a, b) -> a.getMountPath().length() - b.getMountPath().length())
                .orElseThrow(() -> new AssertionError(where + ": " + path + " is on no mounted volume"));
    }

    private static void assertWritable(Container c, Map<String, Volume> volumes, String path, String where) {
        assertNotNull(path, where);
        VolumeMount m = mountOf(c, path, where);
        assertFalse(Boolean.TRUE.equals(m.getReadOnly()), where + ": " + path + " is read-only");
        Volume v = volumes.get(m.getName());
        assertTrue(v.getEmptyDir() != null || v.getPersistentVolumeClaim() != null, where + ": " + path + " on " + v);
    }

    private static boolean kubectlFound() {
        try {
            Process p = new ProcessBuilder("kubectl", "version", "--client").redirectErrorStream(true).start();
            p.getInputStream().readAllBytes();
            return p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private static Yaml yaml() {
        return new Yaml(new SafeConstructor(new LoaderOptions()));
    }
}
