public import Foundation

/// Supplies the base URL that relative request paths are joined to — typically the active environment.
///
/// Requests hold their provider weakly (as in PewPew/PiuPiu), so a request outliving its environment
/// fails with ``RequestError/missingServerProvider`` instead of keeping the environment alive.
/// Providers are `Sendable` because the URL is read when the request is sent, which may be on
/// another thread than the one that built it.
public protocol ServerProvider: AnyObject, Sendable {
    /// The base URL, e.g. `https://api.example.com/v1`; `nil` when none is configured.
    var baseURL: URL? { get }
}
