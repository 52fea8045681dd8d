package import HTTPCore

/// The method of a saved request or mock route: HTTPCore's `HTTPMethod`, so a collection holds what
/// the transport sends — one of the standard methods (`.get`, listed in `RequestMethod.standard`,
/// which the explorer cycles through) or any RFC 9110 token (`PURGE`, `PROPFIND`, `REPORT`) a
/// server understands. Tokens are case-sensitive and sent as written.
package typealias RequestMethod = HTTPMethod
