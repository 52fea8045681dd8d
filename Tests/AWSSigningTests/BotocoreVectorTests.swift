import Foundation
import HTTPCore
import Testing

@testable import AWSSigning

/// Every vector of `Vectors/botocore-sigv4.json` — 1,200 requests signed by botocore's own
/// signer (`make sigv4-vectors` regenerates them; the botocore version is in the file) — signed
/// again here: the `Authorization` header, the signed headers and the `x-amz-*` headers must be
/// botocore's, byte for byte.
@Suite struct BotocoreVectorTests {
    struct Document: Decodable {
        var botocore: String
        var vectors: [Vector]
    }

    struct Vector: Decodable {
        var method: String
        var url: String
        var headers: [[String]]
        var bodyText: String
        var bodyRepeat: Int
        var service: String
        var region: String
        var accessKeyId: String
        var secretAccessKey: String
        var sessionToken: String?
        var unsignedPayload: Bool
        var time: Int
        var authorization: String
        var signedHeaders: [String]
        var amzHeaders: [String: String]

        var body: Data {
            var data = Data()
            let piece = Data(bodyText.utf8)
            data.reserveCapacity(piece.count * bodyRepeat)
            for _ in 0..<bodyRepeat { data.append(piece) }
            return data
        }

        var signer: SigV4Signer {
            let date = Date(timeIntervalSince1970: TimeInterval(time))
            return SigV4Signer(
                credentials: SigV4Credentials(
                    accessKeyID: accessKeyId, secretAccessKey: secretAccessKey, sessionToken: sessionToken),
                region: region, service: service, unsignedPayload: unsignedPayload, clock: { date })
        }
    }

    static let document: Document = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Vectors/botocore-sigv4.json")
        guard let data = try? Data(contentsOf: url), let document = try? JSONDecoder().decode(Document.self, from: data)
        else { return Document(botocore: "missing", vectors: []) }
        return document
    }()

    @Test func thereAreAtLeastAThousandVectorsFromBotocore() {
        #expect(Self.document.vectors.count >= 1000)
        #expect(Self.document.botocore.hasPrefix("1."))
    }

    @Test func everyVectorSignsAsBotocoreDoes() {
        var failures = 0
        for (index, vector) in Self.document.vectors.enumerated() {
            let signer = vector.signer
            let payload =
                vector.unsignedPayload ? SigV4PayloadHash.unsigned : SigV4PayloadHash.hex(of: vector.body)
            let signature = signer.sign(
                method: vector.method, url: vector.url, headers: vector.headers.map { ($0[0], $0[1]) },
                payloadHash: payload, date: Date(timeIntervalSince1970: TimeInterval(vector.time)))
            let added = Dictionary(
                signature.headers.filter { $0.name != "Authorization" }.map { ($0.name, $0.value) },
                uniquingKeysWith: { first, _ in first })
            if signature.authorization != vector.authorization || signature.signedHeaders != vector.signedHeaders
                || added != vector.amzHeaders
            {
                failures += 1
                if failures <= 5 {
                    Issue.record(
                        """
                        vector \(index) (\(vector.method) \(vector.url), \(vector.service)):
                          ours     \(signature.authorization)
                          botocore \(vector.authorization)
                          added    \(added) vs \(vector.amzHeaders)
                        \(signature.canonicalRequest)
                        """)
                }
            }
        }
        #expect(failures == 0)
    }

    /// The same vectors through `sign(HTTPRequest)` — the body hashed from the request, the URL
    /// as HTTPCore resolves it — wherever HTTPCore keeps the URL text as botocore was given it.
    @Test func requestsSignedWholeMatchBotocore() throws {
        var checked = 0
        for vector in Self.document.vectors {
            guard let url = URL(string: vector.url), url.absoluteString == vector.url,
                let method = HTTPMethod(rawValue: vector.method)
            else { continue }
            var request = HTTPRequest(method: method, url: url)
            for header in vector.headers { request.headers.add(name: header[0], value: header[1]) }
            if vector.bodyRepeat > 0 { request.body = .bytes(vector.body) }
            let signed = try vector.signer.sign(request)
            #expect(signed.request.headers["Authorization"] == vector.authorization, "\(vector.url)")
            checked += 1
        }
        #expect(checked > 500)
    }
}
