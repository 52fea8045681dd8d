import Crypto
package import Foundation
package import HTTPCore

/// AWS credentials. Every description masks the secret access key and the session token.
package struct SigV4Credentials: Sendable, Equatable, CustomStringConvertible {
    package var accessKeyID: String
    package var secretAccessKey: String
    /// STS temporary credentials' token, sent as `x-amz-security-token`.
    package var sessionToken: String?

    package init(accessKeyID: String, secretAccessKey: String, sessionToken: String? = nil) {
        self.accessKeyID = accessKeyID
        self.secretAccessKey = secretAccessKey
        self.sessionToken = sessionToken?.isEmpty == true ? nil : sessionToken
    }

    package var description: String {
        "SigV4Credentials(\(accessKeyID), secret: \(Redaction.mask)\(sessionToken == nil ? "" : ", token: \(Redaction.mask)"))"
    }
}

/// What a signature added, for the timeline and the tests: the headers set (`Authorization` last),
/// the signed header names, the scope, and the canonical request (no secret is in it).
package struct SigV4Signature: Sendable, Equatable {
    package var headers: [HTTPHeader]
    package var signedHeaders: [String]
    /// `20260131/eu-west-1/s3/aws4_request`.
    package var scope: String
    package var canonicalRequest: String
    package var region: String
    package var service: String

    /// The `Authorization` header's value.
    package var authorization: String { headers.last { $0.name == "Authorization" }?.value ?? "" }

    /// The signature's hex: a credential for this request for some minutes, masked wherever it
    /// would be shown or stored (an echo of the request's headers too). Kept as made, not found
    /// again in the `Authorization` value (Foundation's `range(of:)` on every signed send).
    package var signature: String

    /// "signed (SigV4: eu-west-1/s3, signed headers host;x-amz-date)": the timeline's line.
    package var summary: String {
        "signed (SigV4: \(region)/\(service), signed headers \(signedHeaders.joined(separator: ";")))"
    }
}

/// AWS Signature Version 4 over a final request: what goes on the wire is what is signed. The
/// clock is injected, so tests sign at a fixed time.
package struct SigV4Signer: Sendable {
    package var credentials: SigV4Credentials
    package var region: String
    package var service: String
    /// `UNSIGNED-PAYLOAD` instead of the body's hash (S3 over TLS, large uploads).
    package var unsignedPayload: Bool
    package var clock: @Sendable () -> Date

    package init(
        credentials: SigV4Credentials, region: String, service: String, unsignedPayload: Bool = false,
        clock: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.credentials = credentials
        self.region = region
        self.service = service
        self.unsignedPayload = unsignedPayload
        self.clock = clock
    }

    /// S3 signs its path as sent and always sends `x-amz-content-sha256`.
    package var isS3: Bool { service == "s3" || service == "s3-outposts" || service == "s3express" }

    /// `request` signed over the URL it resolves to now, `X-Amz-Date`, `X-Amz-Security-Token`,
    /// `X-Amz-Content-SHA256` (S3, or an unsigned payload) and `Authorization` set, replacing any
    /// the request had. Throws what the transport would: a URL that does not resolve, a body file
    /// that cannot be read. The target is left as it is (rewriting a relative request as an
    /// absolute URL cost ~10 µs more per send in `make bench-sigv4`): the caller keeps its base URL
    /// from moving — `lazer run` gives each request a fixed provider, the explorer pins it.
    package func sign(_ request: HTTPRequest) throws(RequestError) -> (request: HTTPRequest, signature: SigV4Signature)
    {
        let url = try URLSerializer.text(for: request)
        var signed = request
        // A hash the request states itself is the one signed (as botocore does), unless S3 or an
        // unsigned payload replaces it.
        let stated = isS3 || unsignedPayload ? nil : request.headers["X-Amz-Content-SHA256"]
        let payload: String
        if let stated {
            payload = stated
        } else if unsignedPayload {
            payload = SigV4PayloadHash.unsigned
        } else {
            payload = try SigV4PayloadHash.of(request.body)
        }
        // Only the headers a signature sets are removed: when the request has none of them (the
        // usual case) its fields are not copied.
        var replaced = ["Authorization", "X-Amz-Date"]
        if credentials.sessionToken != nil { replaced.append("X-Amz-Security-Token") }
        if isS3 || unsignedPayload { replaced.append("X-Amz-Content-SHA256") }
        for name in replaced where signed.headers.contains(name) { signed.headers.remove(name: name) }
        let signature = sign(
            method: request.method.rawValue, url: url,
            headers: signed.headers.fields.map { ($0.name, $0.value) }, payloadHash: payload, date: clock())
        for header in signature.headers { signed.headers.add(name: header.name, value: header.value) }
        return (signed, signature)
    }

    /// The headers a request with `headers` (none of the ones a signature sets) gets when signed
    /// at `date`, in the order they are added: `X-Amz-Date`, `X-Amz-Security-Token`,
    /// `X-Amz-Content-SHA256`, `Authorization`. `url` is the absolute URL as sent.
    package func sign(
        method: String, url: String, headers: [(name: String, value: String)], payloadHash: String, date: Date
    ) -> SigV4Signature {
        let parts = SigV4URL(url)
        let time = SigV4Timestamp(date)
        var added: [HTTPHeader] = [HTTPHeader(name: "X-Amz-Date", value: time.amzDate)]
        if let token = credentials.sessionToken { added.append(HTTPHeader(name: "X-Amz-Security-Token", value: token)) }
        if isS3 || unsignedPayload { added.append(HTTPHeader(name: "X-Amz-Content-SHA256", value: payloadHash)) }
        let (block, signedNames) = SigV4Canonical.headers(
            headers + added.map { ($0.name, $0.value) }, host: parts?.host ?? "")
        let signedHeaders = signedNames.joined(separator: ";")
        // Appended into one string and hashed in place (no list joined, no byte arrays copied).
        let uri = SigV4Canonical.uri(parts?.path ?? [], s3: isS3)
        let query = SigV4Canonical.query(parts?.query ?? [])
        var canonical = ""
        canonical.reserveCapacity(
            method.utf8.count + uri.utf8.count + query.utf8.count + block.utf8.count + signedHeaders.utf8.count
                + payloadHash.utf8.count + 5)
        canonical += method.utf8.contains(where: { $0 >= 0x61 }) ? method.uppercased() : method
        for part in [uri, query, block, signedHeaders, payloadHash] {
            canonical += "\n"
            canonical += part
        }
        let scope = "\(time.day)/\(region)/\(service)/aws4_request"
        var stringToSign = "AWS4-HMAC-SHA256\n\(time.amzDate)\n\(scope)\n"
        stringToSign += canonical.withUTF8 {
            SigV4Encoding.hex(contiguous: SHA256.hash(data: UnsafeRawBufferPointer($0)))
        }
        var mac = SigV4KeyCache.shared.mac(
            for: .init(secret: credentials.secretAccessKey, day: time.day, region: region, service: service))
        stringToSign.withUTF8 { mac.update(data: UnsafeRawBufferPointer($0)) }
        let signature = SigV4Encoding.hex(contiguous: mac.finalize())
        added.append(
            HTTPHeader(
                name: "Authorization",
                value:
                    "AWS4-HMAC-SHA256 Credential=\(credentials.accessKeyID)/\(scope), SignedHeaders=\(signedHeaders), Signature=\(signature)"
            ))
        return SigV4Signature(
            headers: added, signedHeaders: signedNames, scope: scope, canonicalRequest: canonical, region: region,
            service: service, signature: signature)
    }

}
