package org.tengen.store;

import java.net.URI;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicInteger;
import org.gaul.s3proxy.AuthenticationType;
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
    private static S3Proxy proxy;
    private static BlobStore blobs;

    private S3TestServer() {
    }

    public static synchronized URI endpoint() {
        if (proxy == null) {
            try {
                Properties overrides = new Properties();
                BlobStoreContext context = ContextBuilder.newBuilder("transient")
                        .credentials(ACCESS_KEY, SECRET_KEY).overrides(overrides).build(BlobStoreContext.class);
                blobs = context.getBlobStore();
                blobs.createContainerInLocation(null, BUCKET);
                S3Proxy started = S3Proxy.builder().blobStore(blobs).endpoint(URI.create("http://127.0.0.1:0"))
                        .awsAuthentication(AuthenticationType.AWS_V2_OR_V4, ACCESS_KEY, SECRET_KEY)
                        .jettyMaxThreads(24).build();
                started.start();
                for (int i = 0; i < 1000 && !"STARTED".equals(started.getState()); i++) {
                    Thread.sleep(5);
                }
                proxy = started;
                Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                    try {
                        started.stop();
                    } catch (Exception e) {
                        // Exiting anyway.
                    }
                }));
            } catch (Exception e) {
                throw new IllegalStateException("cannot start the in-JVM S3 server: " + e, e);
            }
        }
        return URI.create("http://127.0.0.1:" + proxy.getPort());
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
