import CCurl
import Foundation

/// Process-wide libcurl setup, done once before the first engine starts its thread.
///
/// `curl_global_init` is not safe to race with other libcurl calls on older versions, so every
/// engine goes through this one lazily initialised global (Swift runs it exactly once). SIGPIPE is
/// ignored because a peer closing a socket mid-write must be an error code, not a dead process.
enum CurlGlobal {
    private static let initialized: Bool = {
        signal(SIGPIPE, SIG_IGN)
        return ccurl_global_init_all() == CURLE_OK
    }()

    /// Runs the one-time setup; returns whether libcurl initialised.
    @discardableResult
    static func initialize() -> Bool { initialized }

    /// What the loaded libcurl supports.
    static var features: CurlFeatures { CurlFeatures(ccurl_version_info()) }
}
