import Foundation

/// Whether the process environment says anything about proxies, read once.
///
/// Without a proxy set on the request, libcurl looks for `no_proxy`, `<scheme>_proxy` and
/// `all_proxy` (each in two cases) in the environment on every request — a scan of the whole
/// environment per name. When none of those variables exists, the transfer says so explicitly
/// (an empty `CURLOPT_PROXY` and `CURLOPT_NOPROXY`) and libcurl skips the look-ups; when any exists,
/// libcurl reads them as before, so `http_proxy`, `https_proxy` and `no_proxy` are still honoured.
/// Variables set after the first request are not seen (lazer never changes them at run time).
enum ProxyEnvironment {
    /// True when no `*_proxy` variable (any case) is set.
    static let isEmpty = !ProcessInfo.processInfo.environment.keys.contains { name in
        name.lowercased().hasSuffix("_proxy")
    }
}
