import Foundation
import HTTPCore

/// Where a redirect leads and how the request changes on the way (the Fetch standard's rules,
/// which browsers and curl 8's `CURLFOLLOW_OBEYCODE` follow):
///
/// - 303 turns every method but GET and HEAD into a GET without a body;
/// - 301 and 302 turn a POST into a GET without a body and keep any other method and its body;
/// - 307 and 308 keep the method and the body.
///
/// A body dropped on the way takes its headers with it (`Content-Type`, `Content-Length`, …).
/// Crossing to another origin drops the credentials (`Authorization`, `Cookie`, the
/// authentication settings), as libcurl does. Every hop sends the previous URL as `Referer`
/// unless the caller set one.
enum RedirectStep {
    /// The statuses that redirect (the Fetch standard's "redirect status").
    static let statuses: Set<Int> = [301, 302, 303, 307, 308]

    /// What to do after `outcome`, the response to `spec`.
    enum Decision {
        /// Not a redirect (or one without a usable `Location`): `outcome` is the answer.
        case done
        /// Send this next.
        case follow(TransferSpec)
        /// The redirect cannot be followed (it leads to a scheme other than http/https, or its
        /// `Location` is not a URL).
        case fail(CurlFailure)
    }

    /// The next hop after `outcome`, the response `spec` received.
    static func decide(after outcome: TransferOutcome, of spec: TransferSpec, refererSetByCaller: Bool) -> Decision {
        guard statuses.contains(outcome.status),
            let location = outcome.headers.last(where: { $0.name.lowercased() == "location" })?.value,
            !location.isEmpty,
            let current = URL(string: outcome.effectiveURL) ?? URL(string: spec.url)
        else { return .done }
        // As libcurl says it when it follows a redirect itself (a GET): the Location is to blame.
        let malformed = Decision.fail(
            CurlFailure(
                cause: .redirectMalformed(location: location), message: "The redirect target URL could not be parsed",
                connected: true, stage: .waiting))
        guard let target = URL(string: location, relativeTo: current)?.absoluteURL else { return malformed }
        guard let scheme = target.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            let scheme = CurlFailure.scheme(of: target.absoluteString)
            return .fail(
                CurlFailure(
                    cause: .redirectRefused(scheme: scheme),
                    message: "redirect to a \(scheme.isEmpty ? "scheme-less" : scheme) URL is not followed",
                    connected: true))
        }
        guard target.host?.isEmpty == false else { return malformed }
        var next = spec
        next.url = withoutFragment(target)
        let dropsBody =
            (outcome.status == 303 && spec.method != "GET" && spec.method != "HEAD")
            || ((outcome.status == 301 || outcome.status == 302) && spec.method == "POST")
        if dropsBody {
            next.method = "GET"
            next.body = .none
            next.headers.removeAll { bodyHeaders.contains($0.name.lowercased()) }
            next.suppressedHeaders.removeAll { bodyHeaders.contains($0.lowercased()) }
        }
        if origin(of: target) != origin(of: current) {
            next.headers.removeAll { credentialHeaders.contains($0.name.lowercased()) }
            next.authentication = nil
        }
        if !refererSetByCaller {
            next.headers.removeAll { $0.name.lowercased() == "referer" }
            if let referer = referer(for: current) { next.headers.append(("Referer", referer)) }
        }
        return .follow(next)
    }

    /// Headers that describe a request body (the Fetch standard's "request-body-header names").
    private static let bodyHeaders: Set<String> = [
        "content-type", "content-length", "content-encoding", "content-language", "content-location",
    ]

    /// Headers libcurl does not carry to another origin.
    private static let credentialHeaders: Set<String> = ["authorization", "cookie", "proxy-authorization"]

    private static func origin(of url: URL) -> String {
        let scheme = url.scheme?.lowercased() ?? ""
        let port = url.port ?? (scheme == "https" ? 443 : 80)
        return "\(scheme)://\(url.host?.lowercased() ?? ""):\(port)"
    }

    private static func withoutFragment(_ url: URL) -> String {
        let text = url.absoluteString
        guard let hash = text.firstIndex(of: "#") else { return text }
        return String(text[..<hash])
    }

    /// The previous URL without credentials or fragment (libcurl's `CURLOPT_AUTOREFERER`).
    private static func referer(for url: URL) -> String? {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: true) else { return nil }
        components.user = nil
        components.password = nil
        components.fragment = nil
        return components.string
    }
}
