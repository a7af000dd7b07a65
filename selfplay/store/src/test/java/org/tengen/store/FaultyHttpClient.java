package org.tengen.store;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicInteger;
import software.amazon.awssdk.http.AbortableInputStream;
import software.amazon.awssdk.http.ExecutableHttpRequest;
import software.amazon.awssdk.http.HttpExecuteRequest;
import software.amazon.awssdk.http.HttpExecuteResponse;
import software.amazon.awssdk.http.SdkHttpClient;
import software.amazon.awssdk.http.SdkHttpMethod;
import software.amazon.awssdk.http.SdkHttpResponse;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;

/**
 * The S3 store's HTTP client in tests: the JDK's, with two test hooks.
 * <ul>
 *   <li>Faults: every {@code n}-th request of one method fails, in one of three ways ({@link Fault}), and is
 *       counted, so a test can check that the store retried exactly those.</li>
 *   <li>Serialised PUTs: S3Proxy checks {@code If-None-Match} and then writes, in two steps, where AWS S3 decides
 *       atomically; sending one PUT at a time makes the in-JVM server behave like AWS for the contract's races.</li>
 * </ul>
 */
final class FaultyHttpClient implements SdkHttpClient {
    /** How an injected fault looks to the store. */
    enum Fault {
        /** The server answers 500 without having done anything. */
        ERROR_BEFORE_SERVER,
        /** The server did the request, but the answer is lost and a 500 arrives instead. */
        ERROR_AFTER_SERVER,
        /** The connection breaks before the request is sent. */
        IO_ERROR
    }

    private static final Object ONE_PUT_AT_A_TIME = new Object();
    private final SdkHttpClient delegate = UrlConnectionHttpClient.create();
    private final SdkHttpMethod faultyMethod;
    private final int every;
    private final Fault fault;
    private final AtomicInteger seen = new AtomicInteger();
    private final AtomicInteger injected = new AtomicInteger();

    private FaultyHttpClient(SdkHttpMethod faultyMethod, int every, Fault fault) {
        this.faultyMethod = faultyMethod;
        this.every = every;
        this.fault = fault;
    }

    /** No faults; PUTs one at a time. */
    static FaultyHttpClient reliable() {
        return new FaultyHttpClient(null, 0, null);
    }

    /** Every {@code every}-th request with {@code method} fails with {@code fault}. */
    static FaultyHttpClient failing(SdkHttpMethod method, int every, Fault fault) {
        return new FaultyHttpClient(method, every, fault);
    }

    /** How many faults were injected. */
    int injected() {
        return injected.get();
    }

    @Override
    public ExecutableHttpRequest prepareRequest(HttpExecuteRequest request) {
        return new ExecutableHttpRequest() {
            @Override
            public HttpExecuteResponse call() throws IOException {
                if (request.httpRequest().method() != SdkHttpMethod.PUT) {
                    return execute(request);
                }
                synchronized (ONE_PUT_AT_A_TIME) {
                    return execute(request);
                }
            }

            @Override
            public void abort() {
            }
        };
    }

    private HttpExecuteResponse execute(HttpExecuteRequest request) throws IOException {
        boolean faulty = request.httpRequest().method() == faultyMethod && seen.incrementAndGet() % every == 0;
        if (!faulty) {
            return delegate.prepareRequest(request).call();
        }
        injected.incrementAndGet();
        switch (fault) {
            case IO_ERROR -> throw new IOException("injected: connection reset");
            case ERROR_AFTER_SERVER -> {
                HttpExecuteResponse lost = delegate.prepareRequest(request).call();
                if (lost.responseBody().isPresent()) {
                    try (var body = lost.responseBody().get()) {
                        body.readAllBytes();
                    }
                }
                return serverError();
            }
            default -> {
                return serverError();
            }
        }
    }

    private static HttpExecuteResponse serverError() {
        byte[] body = ("<?xml version=\"1.0\" encoding=\"UTF-8\"?><Error><Code>InternalError</Code>"
                + "<Message>injected fault</Message></Error>").getBytes(StandardCharsets.UTF_8);
        return HttpExecuteResponse.builder()
                .response(SdkHttpResponse.builder().statusCode(500).putHeader("Content-Type", "application/xml")
                        .putHeader("Content-Length", String.valueOf(body.length)).build())
                .responseBody(AbortableInputStream.create(new ByteArrayInputStream(body)))
                .build();
    }

    @Override
    public void close() {
        delegate.close();
    }
}
