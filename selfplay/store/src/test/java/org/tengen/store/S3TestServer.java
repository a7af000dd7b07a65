package org.tengen.store;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.net.URI;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.gaul.s3proxy.AuthenticationType;
import org.gaul.s3proxy.S3ErrorCode;
import org.gaul.s3proxy.S3Exception;
import org.gaul.s3proxy.S3Proxy;
import org.jclouds.ContextBuilder;
import org.jclouds.blobstore.BlobStore;
import org.jclouds.blobstore.BlobStoreContext;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.SdkHttpClient;

/**
 * An S3-compatible server inside the test JVM, on 127.0.0.1 only: S3Proxy (SigV4 checked) over jclouds' in-memory
 * blob store. Started once, on first use, and stopped when the JVM exits. Processes started by a test reach it with
 * {@code AWS_ENDPOINT_URL}, {@code AWS_REGION} and the two keys in their environment.
 */
public final class S3TestServer {
    public static final String BUCKET = "tengen-test";
    public static final String ACCESS_KEY = "test-access";
    public static final String SECRET_KEY = "test-secret";
    private static final AtomicInteger PREFIXES = new AtomicInteger();
    /** The blob store calls that {@link #faultyEndpoint} fails: writes, reads and listings. */
    private static final Set<String> FAULTY_CALLS = Set.of("putBlob", "getBlob", "list");
    private static final AtomicInteger FAULTS = new AtomicInteger();
    private static S3Proxy proxy;
    private static BlobStore blobs;
    private static S3Proxy faulty;

    private S3TestServer() {
    }

    public static synchronized URI endpoint() {
        if (proxy == null) {
            BlobStoreContext context = ContextBuilder.newBuilder("transient")
                    .credentials(ACCESS_KEY, SECRET_KEY).overrides(new Properties()).build(BlobStoreContext.class);
            blobs = context.getBlobStore();
            blobs.createContainerInLocation(null, BUCKET);
            proxy = start(blobs);
        }
        return URI.create("http://127.0.0.1:" + proxy.getPort());
    }

    /**
     * A second server over the same objects as {@link #endpoint()}, whose blob store fails every {@code every}-th
     * write, every {@code every}-th read and every {@code every}-th listing: alternately before
     * acting, and after, so that a write is stored but answered with an error (the client's retry then puts it
     * again). Each is answered as S3's 500 InternalError. The first call fixes {@code every}.
     */
    public static synchronized URI faultyEndpoint(int every) {
        if (faulty == null) {
            endpoint();
            Map<String, AtomicInteger> calls = new ConcurrentHashMap<>();
            BlobStore failing = (BlobStore) Proxy.newProxyInstance(BlobStore.class.getClassLoader(),
                    new Class<?>[] {BlobStore.class}, (self, method, args) -> {
                        int n = FAULTY_CALLS.contains(method.getName())
                                ? calls.computeIfAbsent(method.getName(), m -> new AtomicInteger()).incrementAndGet()
                                : 0;
                        boolean fail = n > 0 && n % every == 0;
                        boolean before = (n / every) % 2 == 0;
                        if (fail && before) {
                            FAULTS.incrementAndGet();
                            throw injected("before " + method.getName());
                        }
                        Object result;
                        try {
                            result = method.invoke(blobs, args);
                        } catch (InvocationTargetException e) {
                            throw e.getCause();
                        }
                        if (fail) {
                            FAULTS.incrementAndGet();
                            throw injected("after " + method.getName());
                        }
                        return result;
                    });
            faulty = start(failing);
        }
        return URI.create("http://127.0.0.1:" + faulty.getPort());
    }

    /**
     * A fault as S3Proxy's own InternalError (a 500 with an S3 error body). Its exception's constructors are
     * package-private, hence the reflection; S3Proxy answers other exceptions with a 400, or a 500 without a body.
     */
    private static Exception injected(String when) {
        try {
            var constructor = S3Exception.class.getDeclaredConstructor(S3ErrorCode.class, String.class);
            constructor.setAccessible(true);
            return constructor.newInstance(S3ErrorCode.INTERNAL_ERROR, "injected fault " + when);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot make S3Proxy's InternalError: " + e, e);
        }
    }

    /** Faults {@link #faultyEndpoint} has injected so far. */
    public static int faults() {
        return FAULTS.get();
    }

    /** Starts S3Proxy over {@code blobStore} on a free port of 127.0.0.1, stopped when the JVM exits. */
    private static S3Proxy start(BlobStore blobStore) {
        try {
            S3Proxy started = S3Proxy.builder().blobStore(blobStore).endpoint(URI.create("http://127.0.0.1:0"))
                    .awsAuthentication(AuthenticationType.AWS_V2_OR_V4, ACCESS_KEY, SECRET_KEY)
                    .jettyMaxThreads(24).build();
            started.start();
            for (int i = 0; i < 1000 && !"STARTED".equals(started.getState()); i++) {
                Thread.sleep(5);
            }
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                try {
                    started.stop();
                } catch (Exception e) {
                    // Exiting anyway.
                }
            }));
            return started;
        } catch (Exception e) {
            throw new IllegalStateException("cannot start the in-JVM S3 server: " + e, e);
        }
    }

    /** The server's blob store itself, to plant objects behind the S3 API's back. */
    static synchronized BlobStore blobs() {
        endpoint();
        return blobs;
    }

    /** A store on a fresh prefix of the test bucket, so that every test starts empty. */
    static S3Store.Builder store() {
        return S3Store.builder().setBucket(BUCKET).optEndpoint(endpoint()).optRegion("us-east-1")
                .optPrefix("runs/t" + PREFIXES.incrementAndGet())
                .optCredentials(StaticCredentialsProvider.create(AwsBasicCredentials.create(ACCESS_KEY, SECRET_KEY)))
                .optBackoff(java.time.Duration.ofMillis(1), java.time.Duration.ofMillis(20));
    }

    static S3Store store(SdkHttpClient httpClient) {
        return store().optHttpClient(httpClient).build();
    }
}
