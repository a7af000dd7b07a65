# The Tengen image: the application jar on a Java 17 runtime. Build it from the repository root:
#   docker build -t tengen:dev .
# deploy/kubernetes runs it (KubernetesManifestsTest checks that its pods use this image name, this entrypoint's
# arguments, this user and these variables). The jar carries libtorch and ONNX Runtime for linux-x64, which need glibc:
# so an Ubuntu-based JRE, not Alpine, and an x86-64 machine.

# Stage 1: the jar from source (dependencies from Maven Central; tests are left to CI).
FROM maven:3.9-eclipse-temurin-17 AS build
WORKDIR /src
COPY . .
RUN --mount=type=cache,target=/root/.m2 mvn -B -q -ntp package -DskipTests -pl selfplay/cli -am

# Stage 2: the runtime, the jar and nothing else.
FROM eclipse-temurin:17-jre
RUN groupadd --gid 10001 tengen \
    && useradd --uid 10001 --gid 10001 --home-dir /cache --no-create-home tengen \
    && mkdir /cache && chown 10001:10001 /cache
COPY --from=build /src/selfplay/cli/target/tengen.jar /opt/tengen/tengen.jar
# DJL never downloads (the CLI sets offline mode too) and unpacks libtorch under /cache, a writable volume on Kubernetes.
ENV DJL_OFFLINE=true DJL_CACHE_DIR=/cache/djl
USER 10001
WORKDIR /cache
# Half the container's memory for the heap: the rest is for libtorch, ONNX Runtime and thread stacks.
ENTRYPOINT ["java", "-XX:MaxRAMPercentage=50", "-jar", "/opt/tengen/tengen.jar"]
