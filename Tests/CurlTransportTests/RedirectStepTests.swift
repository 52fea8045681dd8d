import Foundation
import Testing

@testable import CurlTransport

/// A response to `url` with `status` and, when given, a `Location`.
private func outcome(_ status: Int, location: String?, url: String) -> TransferOutcome {
    TransferOutcome(
        status: status, reason: "", httpVersion: "HTTP/1.1",
        headers: location.map { [(name: "Location", value: $0)] } ?? [], effectiveURL: url, remoteAddress: nil,
        timings: TransferTimings(), requestBytes: 0, uploadedBytes: 0, headerBytes: 0, downloadedBytes: 0,
        peakMemoryBytes: 0, body: .memory(Data()))
}

private func spec(_ method: String, url: String = "http://api.test:8080/a/b?q=1#frag") -> TransferSpec {
    var spec = TransferSpec(url: url)
    spec.method = method
    spec.body = .bytes(Data("body".utf8))
    spec.headers = [
        ("Content-Type", "text/plain"), ("Authorization", "Bearer t"), ("Cookie", "s=1"), ("X-Keep", "yes"),
    ]
    spec.authentication = .init(scheme: .basic, username: "u", password: "p")
    return spec
}

private func next(_ decision: RedirectStep.Decision) -> TransferSpec? {
    if case .follow(let spec) = decision { return spec }
    return nil
}

@Suite("RedirectStep: where a redirect leads and what the next request carries")
struct RedirectStepTests {
    @Test("a relative Location resolves against the current URL; the fragment is not sent")
    func resolution() throws {
        let current = "http://api.test:8080/a/b?q=1"
        let cases = [
            ("../c", "http://api.test:8080/c"), ("/root", "http://api.test:8080/root"),
            ("d?x=2#frag", "http://api.test:8080/a/d?x=2"), ("//other.test/e", "http://other.test/e"),
            ("https://secure.test/f", "https://secure.test/f"),
        ]
        for (location, expected) in cases {
            let decision = RedirectStep.decide(
                after: outcome(307, location: location, url: current), of: spec("PUT", url: current),
                refererSetByCaller: false)
            #expect(try #require(next(decision)).url == expected, "Location: \(location)")
        }
    }

    @Test("not followed: statuses that do not redirect, and a redirect without a Location")
    func notRedirects() {
        for status in [200, 300, 304, 305, 404] {
            let decision = RedirectStep.decide(
                after: outcome(status, location: "/x", url: "http://api.test/"), of: spec("PUT"),
                refererSetByCaller: false)
            #expect(next(decision) == nil, "status \(status)")
        }
        let empty = RedirectStep.decide(
            after: outcome(302, location: nil, url: "http://api.test/"), of: spec("PUT"), refererSetByCaller: false)
        #expect(next(empty) == nil)
    }

    @Test("a redirect to another scheme than http/https is refused, naming the scheme")
    func otherScheme() {
        let decision = RedirectStep.decide(
            after: outcome(302, location: "ftp://files.test/x", url: "http://api.test/"), of: spec("PUT"),
            refererSetByCaller: false)
        guard case .fail(let failure) = decision else {
            Issue.record("expected a failure")
            return
        }
        #expect(failure.cause == .redirectRefused(scheme: "ftp"))
        #expect(failure.message.contains("ftp"))
    }

    @Test("another origin (host, port or scheme) drops credentials; the same origin keeps them")
    func credentials() throws {
        let current = "http://api.test:8080/a"
        for (location, crosses) in [
            ("/same", false), ("http://api.test:8080/same", false), ("http://api.test:8081/port", true),
            ("https://api.test:8080/scheme", true), ("http://other.test:8080/host", true),
        ] {
            let followed = try #require(
                next(
                    RedirectStep.decide(
                        after: outcome(307, location: location, url: current), of: spec("PUT", url: current),
                        refererSetByCaller: false)))
            let names = followed.headers.map { $0.name.lowercased() }
            #expect(names.contains("authorization") == !crosses, "\(location)")
            #expect(names.contains("cookie") == !crosses, "\(location)")
            #expect((followed.authentication != nil) == !crosses, "\(location)")
            #expect(names.contains("x-keep"))
        }
    }

    @Test("Referer is the previous URL without credentials or fragment, unless the caller set one")
    func referer() throws {
        let current = "http://user:secret@api.test/a?q=1#frag"
        let followed = try #require(
            next(
                RedirectStep.decide(
                    after: outcome(303, location: "/b", url: current), of: spec("DELETE", url: current),
                    refererSetByCaller: false)))
        #expect(followed.headers.filter { $0.name == "Referer" }.map(\.value) == ["http://api.test/a?q=1"])
        #expect(followed.method == "GET")
        if case .none = followed.body {} else { Issue.record("the 303 should drop the body") }
        #expect(!followed.headers.contains { $0.name == "Content-Type" })

        var own = spec("PUT", url: current)
        own.headers.append(("Referer", "https://mine.test/"))
        let kept = try #require(
            next(
                RedirectStep.decide(
                    after: outcome(307, location: "/b", url: current), of: own, refererSetByCaller: true)))
        #expect(kept.headers.filter { $0.name == "Referer" }.map(\.value) == ["https://mine.test/"])
    }
}
