import Foundation
import HTTPCore
import Testing

/// A small deterministic generator (SplitMix64) so property tests are reproducible.
private struct SplitMix: RandomNumberGenerator {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Characters that stress the encoder: reserved, unsafe, percent, plus, non-ASCII, emoji.
private let alphabet = Array("aZ09-._~!$&'()*+,;=:@/?#[]% \"<>\\^`{|}é中🚀\t")

private func randomText(_ generator: inout SplitMix, maxLength: Int) -> String {
    let length = Int(generator.next() % UInt64(maxLength + 1))
    return String((0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] })
}

@Suite("URL serializer properties")
struct URLSerializerPropertyTests {
    @Test("any query item name and value survives encoding and decoding unchanged")
    func queryRoundTrip() throws {
        var generator = SplitMix(state: 42)
        let base = try testURL("https://x.test/api")
        for _ in 0..<500 {
            let name = "k" + randomText(&generator, maxLength: 6)
            let value = randomText(&generator, maxLength: 12)
            let url = try URLSerializer.url(
                base: base, path: "items", queryItems: [URLQueryItem(name: name, value: value)])
            let items = try #require(URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems)
            #expect(items == [URLQueryItem(name: name, value: value)], "\(url.absoluteString)")
        }
    }

    @Test("any path segment without '/', '?', '#' or '%' comes back decoded as written")
    func pathRoundTrip() throws {
        var generator = SplitMix(state: 7)
        let base = try testURL("https://x.test")
        for _ in 0..<500 {
            let segment = randomText(&generator, maxLength: 12).filter { !"/?#%".contains($0) }
            let url = try URLSerializer.url(base: base, path: "/files/" + segment)
            let path = try #require(URLComponents(url: url, resolvingAgainstBaseURL: false)?.path)
            #expect(path == "/files/" + segment, "\(url.absoluteString)")
        }
    }

    @Test("IPv6 hosts, ports and user info pass through")
    func hosts() throws {
        let ipv6 = try URLSerializer.url(base: try testURL("http://[::1]:8080/v1"), path: "x")
        #expect(ipv6.absoluteString == "http://[::1]:8080/v1/x")
        #expect(ipv6.port == 8080)
        let user = try URLSerializer.url(base: try testURL("https://me:pw@x.test"), path: "a b")
        #expect(user.absoluteString == "https://me:pw@x.test/a%20b")
    }

    @Test("known transport reasons are found by name")
    func reasonNames() {
        for reason in TransportError.Reason.known {
            #expect(TransportError.Reason(name: reason.name) == reason)
        }
        #expect(TransportError.Reason(name: "other") == nil)
        #expect(TransportError.Reason(name: "nope") == nil)
    }
}
