package org.tengen.sgf;

import java.util.List;
import java.util.Optional;

/** A node: its properties in file order, each identifier at most once. */
public record SgfNode(List<SgfProperty> properties) {

    public SgfNode {
        properties = List.copyOf(properties);
        for (int i = 0; i < properties.size(); i++) {
            for (int j = 0; j < i; j++) {
                if (properties.get(i).id().equals(properties.get(j).id())) {
                    throw new IllegalArgumentException("SGF property " + properties.get(i).id() + " twice in a node");
                }
            }
        }
    }

    /** A node with the given properties. */
    public static SgfNode of(SgfProperty... properties) {
        return new SgfNode(List.of(properties));
    }

    /** The property {@code id}, if present. */
    public Optional<SgfProperty> get(String id) {
        for (SgfProperty p : properties) {
            if (p.id().equals(id)) {
                return Optional.of(p);
            }
        }
        return Optional.empty();
    }

    /** The first value of {@code id}, if present. */
    public Optional<String> value(String id) {
        return get(id).map(SgfProperty::value);
    }

    public boolean has(String id) {
        return get(id).isPresent();
    }
}
