package org.tengen.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/**
 * Renders a kustomization as {@code kubectl apply -k} does, for the part of kustomize that deploy/kubernetes uses:
 * {@code resources} (files and kustomization directories), {@code configMapGenerator} ({@code files} and
 * {@code literals}), {@code patches} (strategic merge, by a target's group, kind and name as anchored regular
 * expressions, or by the patch's own kind and name) and {@code images}. Anything else is an error, so a manifest that
 * uses more fails the test rather than being checked wrongly. Generated names keep no hash suffix, so references stay
 * as written. No Java library on Maven Central renders kustomizations; where {@code kubectl} is installed,
 * {@link KubernetesManifestsTest} compares this with {@code kubectl kustomize}.
 */
final class Kustomize {
    private static final Set<String> FIELDS = Set.of("apiVersion", "kind", "resources", "configMapGenerator", "patches",
            "images");
    /** Strategic-merge keys of the lists that the manifests patch (from the Kubernetes API); other lists are replaced. */
    private static final Map<String, String> MERGE_KEYS = Map.of("containers", "name", "initContainers", "name",
            "volumes", "name", "env", "name", "volumeMounts", "mountPath", "imagePullSecrets", "name");

    private Kustomize() {
    }

    /** The resources of the kustomization in {@code dir}, in the order kustomize accumulates them. */
    static List<Map<String, Object>> render(Path dir) {
        Map<String, Object> k = map(loadAll(dir.resolve("kustomization.yaml")).get(0), dir + "/kustomization.yaml");
        for (String field : k.keySet()) {
            if (!FIELDS.contains(field)) {
                throw new IllegalArgumentException(dir + ": kustomization field '" + field + "' is not supported here");
            }
        }
        List<Map<String, Object>> out = new ArrayList<>();
        for (Object entry : list(k.get("resources"))) {
            Path path = dir.resolve((String) entry).normalize();
            if (Files.isDirectory(path)) {
                out.addAll(render(path));
            } else {
                for (Object doc : loadAll(path)) {
                    out.add(map(doc, path.toString()));
                }
            }
        }
        for (Object generator : list(k.get("configMapGenerator"))) {
            out.add(configMap(dir, map(generator, dir + ": configMapGenerator")));
        }
        Set<String> ids = new java.util.HashSet<>();
        for (Map<String, Object> r : out) {
            if (!ids.add(r.get("kind") + "/" + name(r))) {
                throw new IllegalArgumentException(dir + ": two resources " + r.get("kind") + "/" + name(r));
            }
        }
        for (Object p : list(k.get("patches"))) {
            patch(dir, map(p, dir + ": patches"), out);
        }
        for (Object image : list(k.get("images"))) {
            setImage(map(image, dir + ": images"), out);
        }
        return out;
    }

    static String name(Map<String, Object> resource) {
        return (String) map(resource.get("metadata"), "metadata").get("name");
    }

    private static Map<String, Object> configMap(Path dir, Map<String, Object> generator) {
        Map<String, Object> data = new LinkedHashMap<>();
        for (Object file : list(generator.get("files"))) {
            try {
                data.put(Path.of((String) file).getFileName().toString(), Files.readString(dir.resolve((String) file)));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        for (Object literal : list(generator.get("literals"))) {
            String[] kv = ((String) literal).split("=", 2);
            data.put(kv[0], kv[1]);
        }
        if (!Set.of("name", "files", "literals").containsAll(generator.keySet())) {
            throw new IllegalArgumentException(dir + ": configMapGenerator fields " + generator.keySet());
        }
        Map<String, Object> cm = new LinkedHashMap<>();
        cm.put("apiVersion", "v1");
        cm.put("kind", "ConfigMap");
        cm.put("metadata", new LinkedHashMap<>(Map.of("name", generator.get("name"))));
        cm.put("data", data);
        return cm;
    }

    private static void patch(Path dir, Map<String, Object> spec, List<Map<String, Object>> resources) {
        Path file = dir.resolve((String) spec.get("path"));
        Map<String, Object> patch = map(loadAll(file).get(0), file.toString());
        Map<String, Object> target = spec.containsKey("target") ? map(spec.get("target"), file + ": target")
                : Map.of("kind", patch.get("kind"), "name", name(patch));
        int applied = 0;
        for (Map<String, Object> r : resources) {
            String apiVersion = (String) r.get("apiVersion");
            String group = apiVersion.contains("/") ? apiVersion.substring(0, apiVersion.indexOf('/')) : "";
            if (matches(target.get("group"), group) && matches(target.get("kind"), (String) r.get("kind"))
                    && matches(target.get("name"), name(r))) {
                Map<String, Object> body = new LinkedHashMap<>(patch);
                body.remove("apiVersion");
                body.remove("kind");
                body.remove("metadata");
                merge(r, body, file.toString());
                applied++;
            }
        }
        if (applied == 0) {
            throw new IllegalArgumentException(file + ": the patch matches no resource (target " + target + ")");
        }
    }

    private static boolean matches(Object pattern, String value) {
        return pattern == null || value.matches((String) pattern);
    }

    /** Strategic merge of {@code patch} into {@code into}. */
    @SuppressWarnings("unchecked")
    private static void merge(Map<String, Object> into, Map<String, Object> patch, String where) {
        for (Map.Entry<String, Object> e : patch.entrySet()) {
            String key = e.getKey();
            Object old = into.get(key);
            if (key.startsWith("$patch") || e.getValue() == null) {
                throw new IllegalArgumentException(where + ": patch directives and deletions are not supported");
            }
            if (old instanceof Map && e.getValue() instanceof Map) {
                merge((Map<String, Object>) old, (Map<String, Object>) e.getValue(), where);
            } else if (old instanceof List && e.getValue() instanceof List && MERGE_KEYS.containsKey(key)) {
                // Items new to the list go first, in the patch's order, as kustomize puts them.
                String mergeKey = MERGE_KEYS.get(key);
                List<Object> added = new ArrayList<>();
                for (Object item : (List<Object>) e.getValue()) {
                    Map<String, Object> patchItem = map(item, where + ": " + key);
                    Map<String, Object> same = ((List<Object>) old).stream().map(o -> (Map<String, Object>) o)
                            .filter(o -> o.get(mergeKey).equals(patchItem.get(mergeKey))).findFirst().orElse(null);
                    if (same != null) {
                        merge(same, patchItem, where);
                    } else {
                        added.add(patchItem);
                    }
                }
                added.addAll((List<Object>) old);
                into.put(key, added);
            } else {
                into.put(key, e.getValue());
            }
        }
    }

    @SuppressWarnings("unchecked")
    private static void setImage(Map<String, Object> image, List<Map<String, Object>> resources) {
        for (Map<String, Object> r : resources) {
            Object spec = r.get("spec");
            Object template = spec instanceof Map ? ((Map<String, Object>) spec).get("template") : null;
            if (template == null) {
                continue;
            }
            Map<String, Object> podSpec = map(((Map<String, Object>) template).get("spec"), "template.spec");
            for (String field : List.of("containers", "initContainers")) {
                for (Object c : list(podSpec.get(field))) {
                    Map<String, Object> container = (Map<String, Object>) c;
                    String ref = (String) container.get("image");
                    int tagAt = ref.indexOf(':', ref.lastIndexOf('/') + 1);
                    String imageName = tagAt < 0 ? ref : ref.substring(0, tagAt);
                    if (imageName.equals(image.get("name"))) {
                        String newName = (String) image.getOrDefault("newName", imageName);
                        Object newTag = image.get("newTag");
                        container.put("image", newTag != null ? newName + ":" + newTag
                                : newName + (tagAt < 0 ? "" : ref.substring(tagAt)));
                    }
                }
            }
        }
    }

    static List<Object> loadAll(Path file) {
        try {
            List<Object> docs = new ArrayList<>();
            for (Object doc : new Yaml(new SafeConstructor(new LoaderOptions())).loadAll(Files.readString(file))) {
                if (doc != null) {
                    docs.add(doc);
                }
            }
            return docs;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(Object o, String where) {
        if (!(o instanceof Map)) {
            throw new IllegalArgumentException(where + ": expected a mapping, got " + o);
        }
        return (Map<String, Object>) o;
    }

    @SuppressWarnings("unchecked")
    private static List<Object> list(Object o) {
        return o == null ? List.of() : (List<Object>) o;
    }
}
