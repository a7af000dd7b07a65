package org.tengen.gtp;

/** A command that cannot be carried out; its message becomes the {@code ?} response. */
final class GtpFailure extends RuntimeException {
    private static final long serialVersionUID = 1L;

    GtpFailure(String message) {
        super(message, null, false, false);
    }
}
