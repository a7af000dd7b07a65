package org.tengen.store;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.auth.credentials.DefaultCredentialsProvider;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.core.ResponseInputStream;
import software.amazon.awssdk.core.checksums.RequestChecksumCalculation;
import software.amazon.awssdk.core.checksums.ResponseChecksumValidation;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.http.SdkHttpClient;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.S3ClientBuilder;
import software.amazon.awssdk.services.s3.model.GetObjectResponse;
import software.amazon.awssdk.services.s3.model.HeadObjectResponse;
import software.amazon.awssdk.services.s3.model.ListObjectsV2Response;
import software.amazon.awssdk.services.s3.model.NoSuchBucketException;
import software.amazon.awssdk.services.s3.model.PutObjectRequest;
import software.amazon.awssdk.services.s3.model.PutObjectResponse;
import software.amazon.awssdk.services.s3.model.S3Exception;
import software.amazon.awssdk.services.s3.model.S3Object;

/**
 * A run store in an S3 bucket, or any S3-compatible object store (MinIO, Ceph, R2, ...): key {@code K} is the object
 * {@code PREFIX/K}, byte for byte.
 *
 * <p>Each object is written by one PUT, which S3 makes visible whole or not at all, carrying its SHA-256 as user
 * metadata ({@code x-amz-meta-tengen-sha256}; a mutable object has {@code x-amz-meta-tengen-mutable}) and a
 * {@code Content-MD5} that the server checks on arrival. A put first asks whether the key exists (so a repeated put
 * costs one HEAD), then sends {@code If-None-Match: *}, so that of two writers of one key exactly one creates it
 * where the server decides that atomically (AWS S3 since 2024). A server that ignores the header (S3Proxy 2) or
 * checks it in a separate step (S3Proxy 3) leaves a short window in which both could succeed;
 * {@link Builder#optConditionalPuts(boolean) optConditionalPuts(false)} drops the header for a server that refuses
 * it. Keys are chosen so that one writer owns each (an actor its shards, the learner its models), which makes such
 * a race a misconfiguration, such as two actors with one id.
 *
 * <p>Requests that fail with a 5xx, a 429, a 409 (a conditional PUT racing another) or an I/O error are retried with
 * full-jitter exponential backoff, up to {@link Builder#optMaxAttempts} attempts; the SDK's own retries are off so
 * that every attempt is counted in {@link #stats()}. A retried put first asks whether the failed attempt stored the
 * object after all (its answer lost), and a put whose connection broke whether the bucket exists (a missing one ends
 * the put with its 404); reads are retried whole, body included.
 *
 * <p>Credentials come from the SDK's standard chain (the {@code AWS_ACCESS_KEY_ID} and {@code AWS_SECRET_ACCESS_KEY}
 * environment variables, such as a Kubernetes Secret provides, then profiles, web identity, container and instance
 * roles); the region from {@code AWS_REGION}, else {@code us-east-1}; the endpoint from {@code AWS_ENDPOINT_URL_S3} or
 * {@code AWS_ENDPOINT_URL}, else AWS; the builder overrides each. HTTP goes through the JDK's
 * {@code HttpURLConnection}.
 */
public final class S3Store extends AbstractRunStore {
    private static final Logger LOG = LogManager.getLogger(S3Store.class);
    private static final String SHA256_METADATA = "tengen-sha256";
    private static final String MUTABLE_METADATA = "tengen-mutable";

    private final S3Client s3;
    private final SdkHttpClient ownedHttpClient;
    private final String bucket;
    private final String prefix;
    private final int maxAttempts;
    private final Duration baseBackoff;
    private final Duration maxBackoff;
    private final boolean conditionalPuts;
    private final int listPageSize;

    private S3Store(Builder b) {
        this.bucket = b.bucket;
        this.prefix = b.prefix;
        this.maxAttempts = b.maxAttempts;
        this.baseBackoff = b.baseBackoff;
        this.maxBackoff = b.maxBackoff;
        this.conditionalPuts = b.conditionalPuts;
        this.listPageSize = b.listPageSize;
        this.ownedHttpClient = b.httpClient == null ? UrlConnectionHttpClient.builder()
                .connectionTimeout(Duration.ofSeconds(10)).socketTimeout(Duration.ofSeconds(60)).build() : null;
        S3ClientBuilder client = S3Client.builder()
                .httpClient(b.httpClient != null ? b.httpClient : ownedHttpClient)
                .region(Region.of(b.region))
                .forcePathStyle(b.pathStyle)
                .credentialsProvider(b.credentials != null ? b.credentials : DefaultCredentialsProvider.builder().build())
                // Plain requests that every S3-compatible server takes; integrity is checked by Content-MD5 on the
                // way in and the recorded SHA-256 on the way out.
                .requestChecksumCalculation(RequestChecksumCalculation.WHEN_REQUIRED)
                .responseChecksumValidation(ResponseChecksumValidation.WHEN_REQUIRED)
                .overrideConfiguration(o -> o.retryStrategy(AwsRetryStrategy.doNotRetry())
                        .addExecutionInterceptor(new ExecutionInterceptor() {
                            @Override
                            public void beforeTransmission(Context.BeforeTransmission context,
                                                           ExecutionAttributes attributes) {
                                countRequest();
                            }
                        }));
        if (b.endpoint != null) {
            client.endpointOverride(b.endpoint);
        }
        this.s3 = client.build();
    }

    public static Builder builder() {
        return new Builder();
    }

    @Override
    public String location() {
        return "s3://" + bucket + "/" + prefix;
    }

    @Override
    public void close() {
        s3.close();
        if (ownedHttpClient != null) {
            ownedHttpClient.close();
        }
    }

    @Override
    protected Optional<Meta> stat(String key) {
        return call("HEAD", key, () -> head(key));
    }

    private Optional<Meta> head(String key) {
        try {
            HeadObjectResponse head = s3.headObject(r -> r.bucket(bucket).key(prefix + key));
            return Optional.of(Meta.of(record(head.metadata()), head.contentLength()));
        } catch (S3Exception e) {
            if (e.statusCode() == 404) {
                return Optional.empty();
            }
            throw e;
        }
    }

    @Override
    protected boolean create(String key, Content content) {
        AtomicBoolean retry = new AtomicBoolean();
        return call("PUT", key, () -> {
            // A failed attempt may have stored the object all the same (the answer was lost), or another writer may
            // have: then the put is over, and resending the bytes would only be refused (a server may refuse before
            // reading them, and break the connection while they are still being sent).
            if (retry.getAndSet(true) && head(key).isPresent()) {
                return false;
            }
            try {
                put(request(key, content, Map.of(SHA256_METADATA, content.sha256()), conditionalPuts), content);
                return true;
            } catch (S3Exception e) {
                if (e.statusCode() == 412) {
                    return false;
                }
                throw e;
            }
        });
    }

    @Override
    protected void write(String key, Content content) {
        call("PUT", key, () -> put(request(key, content, Map.of(MUTABLE_METADATA, "true"), false), content));
    }

    /**
     * Sends one PUT. A server may refuse a put before reading its body (a missing bucket: 404) and close the
     * connection, which the client can see first as a broken connection, an I/O error that would be retried until
     * the attempts run out. So a put that breaks asks whether the bucket exists, and a missing one ends it with the
     * 404, unretried; if that question breaks too, the put's own failure stands and is retried.
     */
    private PutObjectResponse put(PutObjectRequest request, Content content) {
        try {
            return s3.putObject(request, body(content));
        } catch (SdkClientException e) {
            try {
                s3.headBucket(r -> r.bucket(bucket));
            } catch (S3Exception missing) {
                if (missing.statusCode() == 404) {
                    throw missing;
                }
            } catch (SdkClientException alsoBroken) {
                e.addSuppressed(alsoBroken);
            }
            throw e;
        }
    }

    @Override
    protected <T> Optional<T> read(String key, ObjectReader<T> reader) {
        return call("GET", key, () -> {
            try (ResponseInputStream<GetObjectResponse> in = s3.getObject(r -> r.bucket(bucket).key(prefix + key))) {
                GetObjectResponse response = in.response();
                return Optional.ofNullable(reader.read(Meta.of(record(response.metadata()), response.contentLength()),
                        in));
            } catch (S3Exception e) {
                if (e.statusCode() == 404) {
                    return Optional.empty();
                }
                throw e;
            }
        });
    }

    @Override
    protected List<StoreEntry> listObjects(String keyPrefix) {
        List<StoreEntry> entries = new ArrayList<>();
        String token = null;
        do {
            String continuation = token;
            ListObjectsV2Response page = call("LIST", keyPrefix, () -> s3.listObjectsV2(r -> r.bucket(bucket)
                    .prefix(prefix + keyPrefix).maxKeys(listPageSize).continuationToken(continuation)));
            for (S3Object object : page.contents()) {
                String key = object.key().substring(prefix.length());
                if (Keys.isValid(key)) {
                    entries.add(new StoreEntry(key, object.size()));
                } else {
                    report(key, "not a valid store key, so not written by this store");
                }
            }
            token = Boolean.TRUE.equals(page.isTruncated()) ? page.nextContinuationToken() : null;
        } while (token != null);
        return entries;
    }

    @Override
    protected void remove(String key) {
        call("DELETE", key, () -> s3.deleteObject(r -> r.bucket(bucket).key(prefix + key)));
    }

    private PutObjectRequest request(String key, Content content, Map<String, String> metadata, boolean ifAbsent) {
        PutObjectRequest.Builder request = PutObjectRequest.builder().bucket(bucket).key(prefix + key)
                .contentLength(content.size())
                .contentMD5(Base64.getEncoder().encodeToString(content.md5()))
                .metadata(metadata);
        if (ifAbsent) {
            request.ifNoneMatch("*");
        }
        return request.build();
    }

    private static RequestBody body(Content content) {
        return content.bytes() != null ? RequestBody.fromBytes(content.bytes()) : RequestBody.fromFile(content.file());
    }

    private static String record(Map<String, String> metadata) {
        return metadata.containsKey(MUTABLE_METADATA) ? MUTABLE_RECORD : metadata.get(SHA256_METADATA);
    }

    /**
     * Runs one request with retries: every failure is counted, and one that a later attempt may not meet (a 5xx, 429
     * or 409 answer, an I/O error) is retried after a full-jitter exponential backoff. Every HTTP request that is
     * sent is counted by the interceptor installed in the constructor.
     */
    private <T> T call(String operation, String key, Callable<T> request) {
        for (int attempt = 1; ; attempt++) {
            Exception failure;
            try {
                return request.call();
            } catch (StoreException e) {
                throw e;
            } catch (S3Exception e) {
                failure = e;
                int status = e.statusCode();
                if (status < 500 && status != 429 && status != 409) {
                    countError();
                    throw failed(operation, key, e, attempt);
                }
            } catch (SdkClientException | IOException | UncheckedIOException e) {
                failure = e;
            } catch (Exception e) {
                countError();
                throw failed(operation, key, e, attempt);
            }
            countError();
            if (attempt >= maxAttempts) {
                throw failed(operation, key, failure, attempt);
            }
            countRetry();
            LOG.debug("{}: {} {}: attempt {} of {} failed ({}); retrying", location(), operation, key, attempt,
                    maxAttempts, failure.toString());
            sleep(attempt);
        }
    }

    private StoreException failed(String operation, String key, Exception e, int attempts) {
        String reason = e instanceof S3Exception s3e ? s3e.statusCode() + " " + errorCode(s3e)
                : String.valueOf(e.getMessage() != null ? e.getMessage() : e);
        return new StoreException(location() + ": " + operation + " " + key + " failed" + (attempts > 1 ? " after "
                + attempts + " attempts" : "") + ": " + reason, e);
    }

    /** S3's error code; a HEAD's answer has no body to carry one, so a 404 there is named by what was asked. */
    private static String errorCode(S3Exception e) {
        if (e.awsErrorDetails() != null && e.awsErrorDetails().errorCode() != null) {
            return e.awsErrorDetails().errorCode();
        }
        return e instanceof NoSuchBucketException ? "NoSuchBucket" : "(no error code)";
    }

    private void sleep(int attempt) {
        long cap = Math.min(maxBackoff.toMillis(), baseBackoff.toMillis() << Math.min(attempt - 1, 20));
        try {
            Thread.sleep(ThreadLocalRandom.current().nextLong(cap + 1));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new StoreException(location() + ": interrupted while waiting to retry", e);
        }
    }

    /** Builds an {@link S3Store}: {@code set*} is required, {@code opt*} optional. */
    public static final class Builder {
        private String bucket;
        private String prefix = "";
        private URI endpoint = Optional.ofNullable(firstNonEmpty(System.getenv("AWS_ENDPOINT_URL_S3"),
                System.getenv("AWS_ENDPOINT_URL"))).map(URI::create).orElse(null);
        private String region = firstNonEmpty(System.getenv("AWS_REGION"), System.getenv("AWS_DEFAULT_REGION"),
                "us-east-1");
        private boolean pathStyle = true;
        private AwsCredentialsProvider credentials;
        private SdkHttpClient httpClient;
        private int maxAttempts = 6;
        private Duration baseBackoff = Duration.ofMillis(100);
        private Duration maxBackoff = Duration.ofSeconds(10);
        private boolean conditionalPuts = true;
        private int listPageSize = 1000;

        private Builder() {
        }

        /** The bucket (required). */
        public Builder setBucket(String bucket) {
            this.bucket = bucket;
            return this;
        }

        /** A key prefix inside the bucket for this run, such as {@code runs/9x9-a} (default: none). */
        public Builder optPrefix(String prefix) {
            this.prefix = prefix;
            return this;
        }

        /**
         * The server, such as {@code http://minio:9000} (default: {@code AWS_ENDPOINT_URL_S3}, else
         * {@code AWS_ENDPOINT_URL}, else AWS).
         */
        public Builder optEndpoint(URI endpoint) {
            this.endpoint = endpoint;
            return this;
        }

        /** The region (default: {@code AWS_REGION}, else {@code us-east-1}). */
        public Builder optRegion(String region) {
            this.region = region;
            return this;
        }

        /** Path-style URLs ({@code endpoint/bucket/key}), which S3-compatible servers expect (default: true). */
        public Builder optPathStyle(boolean pathStyle) {
            this.pathStyle = pathStyle;
            return this;
        }

        /** Credentials (default: the SDK's standard provider chain). */
        public Builder optCredentials(AwsCredentialsProvider credentials) {
            this.credentials = credentials;
            return this;
        }

        /** The HTTP client, which the caller then closes (default: one over the JDK's URL connection). */
        public Builder optHttpClient(SdkHttpClient httpClient) {
            this.httpClient = httpClient;
            return this;
        }

        /** Attempts per request, the first included (default: 6). */
        public Builder optMaxAttempts(int maxAttempts) {
            this.maxAttempts = maxAttempts;
            return this;
        }

        /** Backoff before retry n: a random time up to {@code min(max, base * 2^(n-1))} (default: 100 ms, 10 s). */
        public Builder optBackoff(Duration base, Duration max) {
            this.baseBackoff = base;
            this.maxBackoff = max;
            return this;
        }

        /** Whether puts send {@code If-None-Match: *} (default: true). */
        public Builder optConditionalPuts(boolean conditionalPuts) {
            this.conditionalPuts = conditionalPuts;
            return this;
        }

        /** Keys per LIST request (default: 1000, the most S3 gives). */
        public Builder optListPageSize(int listPageSize) {
            this.listPageSize = listPageSize;
            return this;
        }

        public S3Store build() {
            if (bucket == null || bucket.isBlank()) {
                throw new IllegalArgumentException("S3 store: no bucket given");
            }
            if (maxAttempts < 1) {
                throw new IllegalArgumentException("S3 store: maxAttempts must be at least 1, not " + maxAttempts);
            }
            if (listPageSize < 1 || listPageSize > 1000) {
                throw new IllegalArgumentException("S3 store: listPageSize must be 1 to 1000, not " + listPageSize);
            }
            if (baseBackoff.isNegative() || maxBackoff.isNegative()) {
                throw new IllegalArgumentException("S3 store: backoff must not be negative");
            }
            String trimmed = prefix.endsWith("/") ? prefix.substring(0, prefix.length() - 1) : prefix;
            if (!trimmed.isEmpty()) {
                Keys.require(trimmed);
            }
            prefix = trimmed.isEmpty() ? "" : trimmed + "/";
            return new S3Store(this);
        }

        private static String firstNonEmpty(String... values) {
            for (String value : values) {
                if (value != null && !value.isBlank()) {
                    return value;
                }
            }
            return null;
        }
    }
}
