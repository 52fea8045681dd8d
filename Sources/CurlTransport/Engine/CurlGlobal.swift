import CCurl
import Foundation

/// Process-wide libcurl setup, done once before the first engine starts its thread.
///
/// `curl_global_init` is not safe to race with other libcurl calls on older versions, so every
/// engine goes through this one lazily initialised global (Swift runs it exactly once). SIGPIPE is
/// ignored because a peer closing a socket mid-write must be an error code, not a dead process.
/// The `atexit` handler registered after `curl_global_init` (so it runs before OpenSSL's own) stops
/// every engine's thread before exit tears libcurl and OpenSSL down (see `CurlEngineRegistry`).
enum CurlGlobal {
    private static let initialized: Bool = {
        signal(SIGPIPE, SIG_IGN)
        let ok = ccurl_global_init_all() == CURLE_OK
        atexit { CurlEngineRegistry.stopAll() }
        return ok
    }()

    /// Runs the one-time setup; returns whether libcurl initialised.
    @discardableResult
    static func initialize() -> Bool { initialized }

    /// What the loaded libcurl supports.
    static var features: CurlFeatures { CurlFeatures(ccurl_version_info()) }
}
