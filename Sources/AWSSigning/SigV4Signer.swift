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
/// the signed header names, the scope, and the canonical request (no secret is in it). Its parts
/// are held in one shared object: a signature travels with its request through a run, copied at
/// each step, and its six strings and two arrays were retained and released at every copy.
package struct SigV4Signature: Sendable, Equatable {
    /// The parts, written once by the signer.
    fileprivate struct Fields: Sendable, Equatable {
        var headers: [HTTPHeader]
        var signedHeaderList: String
        var scope: String
        var canonicalBytes: [UInt8]
        var region: String
        var service: String
        var signature: String
    }

    /// The one object a copy shares (as `HTTPRequest`'s storage holds its fields).
    private final class Storage: Sendable {
        let fields: Fields
        init(_ fields: Fields) { self.fields = fields }
    }

    private let storage: Storage

    fileprivate init(_ fields: Fields) {
        storage = Storage(fields)
    }

    package var headers: [HTTPHeader] { storage.fields.headers }
    /// `host;x-amz-date`, as in the `Authorization` value.
    package var signedHeaderList: String { storage.fields.signedHeaderList }
    /// `20260131/eu-west-1/s3/aws4_request`.
    package var scope: String { storage.fields.scope }
    /// The canonical request's bytes (a text is made only when one is asked for).
    package var canonicalBytes: [UInt8] { storage.fields.canonicalBytes }
    package var region: String { storage.fields.region }
    package var service: String { storage.fields.service }

    package static func == (lhs: SigV4Signature, rhs: SigV4Signature) -> Bool {
        lhs.storage === rhs.storage || lhs.storage.fields == rhs.storage.fields
    }

    /// The signed header names, lower-cased and sorted.
    package var signedHeaders: [String] { signedHeaderList.split(separator: ";").map(String.init) }

    /// The canonical request that was hashed.
    package var canonicalRequest: String { String(decoding: canonicalBytes, as: UTF8.self) }

    /// The `Authorization` header's value.
    package var authorization: String { headers.last { $0.name == "Authorization" }?.value ?? "" }

    /// The signature's hex: a credential for this request for some minutes, masked wherever it
    /// would be shown or stored (an echo of the request's headers too). Kept as made, not found
    /// again in the `Authorization` value (Foundation's `range(of:)` on every signed send).
    package var signature: String { storage.fields.signature }

    /// "signed (SigV4: eu-west-1/s3, signed headers host;x-amz-date)": the timeline's line.
    /// Written as bytes: it is made for every signed send, and interpolation cost a fifth of a signature.
    package var summary: String {
        var text: [UInt8] = []
        text.reserveCapacity(48 + region.utf8.count + service.utf8.count + signedHeaderList.utf8.count)
        text += "signed (SigV4: ".utf8
        text += region.utf8
        text.append(UInt8(ascii: "/"))
        text += service.utf8
        text += ", signed headers ".utf8
        text += signedHeaderList.utf8
        text.append(UInt8(ascii: ")"))
        return String(decoding: text, as: UTF8.self)
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
        var signed = request
        let signature = try sign(&signed)
        return (signed, signature)
    }

    /// `sign(_:)` in place: a request its caller no longer shares is changed without a copy.
    package func sign(_ request: inout HTTPRequest) throws(RequestError) -> SigV4Signature {
        let url = try URLSerializer.text(for: request)
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
        // Only the headers a signature sets are removed, and only when the request has one of
        // them (one pass over its fields; the usual request has none).
        if request.headers.fields.contains(where: { Self.mayBeSetBySignature($0.name) }) {
            var replaced = ["Authorization", "X-Amz-Date"]
            if credentials.sessionToken != nil { replaced.append("X-Amz-Security-Token") }
            if isS3 || unsignedPayload { replaced.append("X-Amz-Content-SHA256") }
            for name in replaced where request.headers.contains(name) { request.headers.remove(name: name) }
        }
        let signature = signature(
            method: request.method.rawValue, url: url, headers: request.headers.fields, payloadHash: payload,
            date: clock())
        for header in signature.headers { request.headers.add(name: header.name, value: header.value) }
        return signature
    }

    /// The names a signature may set, told apart by length first (`Authorization` 13,
    /// `X-Amz-Date` 10, `X-Amz-Security-Token` and `X-Amz-Content-SHA256` 20).
    private static func mayBeSetBySignature(_ name: String) -> Bool {
        switch name.utf8.count {
        case 10: HTTPHeaders.namesMatch(name, "X-Amz-Date")
        case 13: HTTPHeaders.namesMatch(name, "Authorization")
        case 20:
            HTTPHeaders.namesMatch(name, "X-Amz-Security-Token") || HTTPHeaders.namesMatch(name, "X-Amz-Content-SHA256")
        default: false
        }
    }

    /// The headers a request with `headers` (none of the ones a signature sets) gets when signed
    /// at `date`, in the order they are added: `X-Amz-Date`, `X-Amz-Security-Token`,
    /// `X-Amz-Content-SHA256`, `Authorization`. `url` is the absolute URL as sent.
    package func sign(
        method: String, url: String, headers: [(name: String, value: String)], payloadHash: String, date: Date
    ) -> SigV4Signature {
        signature(
            method: method, url: url, headers: headers.map { HTTPHeader(name: $0.name, value: $0.value) },
            payloadHash: payloadHash, date: date)
    }

    /// The signature, its canonical request written as bytes into one buffer (reading the URL's
    /// own bytes) and hashed there.
    private func signature(
        method: String, url: String, headers: [HTTPHeader], payloadHash: String, date: Date
    ) -> SigV4Signature {
        let time = SigV4Timestamp.at(date)
        var added: [HTTPHeader] = []
        added.reserveCapacity(4)
        added.append(HTTPHeader(name: "X-Amz-Date", value: time.amzDate))
        if let token = credentials.sessionToken { added.append(HTTPHeader(name: "X-Amz-Security-Token", value: token)) }
        if isS3 || unsignedPayload { added.append(HTTPHeader(name: "X-Amz-Content-SHA256", value: payloadHash)) }

        var canonical: [UInt8] = []
        canonical.reserveCapacity(256 + url.utf8.count * 2 + headers.count * 64)
        if method.utf8.contains(where: { $0 >= 0x61 }) {
            canonical.append(utf8: method.uppercased())
        } else {
            canonical.append(utf8: method)
        }
        canonical.append(UInt8(ascii: "\n"))
        var url = url
        let signedRange = url.withUTF8 { bytes in
            let parts = SigV4URL(bytes)
            let empty = UnsafeBufferPointer(rebasing: bytes[0..<0])
            SigV4Canonical.writeURI(
                parts.map { UnsafeBufferPointer(rebasing: bytes[$0.path]) } ?? empty, s3: isS3, into: &canonical)
            canonical.append(UInt8(ascii: "\n"))
            SigV4Canonical.writeQuery(
                parts.map { UnsafeBufferPointer(rebasing: bytes[$0.query]) } ?? empty, into: &canonical)
            canonical.append(UInt8(ascii: "\n"))
            return SigV4Canonical.writeHeaders(headers, added, host: parts?.host ?? "", into: &canonical)
        }
        canonical.append(UInt8(ascii: "\n"))
        canonical.append(utf8: payloadHash)
        let signedList = canonical[signedRange]

        // The scope, then the string to sign after it in the same buffer: the scope is a slice.
        var stringToSign: [UInt8] = []
        stringToSign.reserveCapacity(160 + region.utf8.count + service.utf8.count)
        stringToSign.append(utf8: time.day)
        stringToSign.append(UInt8(ascii: "/"))
        stringToSign.append(utf8: region)
        stringToSign.append(UInt8(ascii: "/"))
        stringToSign.append(utf8: service)
        stringToSign.append(utf8: "/aws4_request")
        let scope = String(decoding: stringToSign, as: UTF8.self)
        stringToSign.removeAll(keepingCapacity: true)
        stringToSign.append(utf8: "AWS4-HMAC-SHA256\n")
        stringToSign.append(utf8: time.amzDate)
        stringToSign.append(UInt8(ascii: "\n"))
        stringToSign.append(utf8: scope)
        stringToSign.append(UInt8(ascii: "\n"))
        var hasher = SHA256()
        canonical.withUnsafeBytes { hasher.update(bufferPointer: $0) }
        SigV4Encoding.appendHex(of: hasher.finalize(), to: &stringToSign)
        let mac = SigV4KeyCache.shared.mac(
            secret: credentials.secretAccessKey, day: time.day, region: region, service: service)
        let signature = SigV4Encoding.hex(contiguous: stringToSign.withUnsafeBytes { mac.code($0) })
        let signedHeaderList = String(decoding: signedList, as: UTF8.self)
        added.append(
            HTTPHeader(
                name: "Authorization",
                value: Self.authorization(
                    accessKeyID: credentials.accessKeyID, scope: scope, signedHeaders: signedList, signature: signature)
            ))
        return SigV4Signature(
            .init(
                headers: added, signedHeaderList: signedHeaderList, scope: scope, canonicalBytes: canonical,
                region: region, service: service, signature: signature))
    }

    /// `AWS4-HMAC-SHA256 Credential=…/scope, SignedHeaders=…, Signature=…`, written once into the
    /// string's own storage (no byte array made first and copied).
    private static func authorization(
        accessKeyID: String, scope: String, signedHeaders: ArraySlice<UInt8>, signature: String
    ) -> String {
        let prefix = "AWS4-HMAC-SHA256 Credential="
        let middle = ", SignedHeaders="
        let suffix = ", Signature="
        let capacity =
            prefix.utf8.count + accessKeyID.utf8.count + 1 + scope.utf8.count + middle.utf8.count
            + signedHeaders.count + suffix.utf8.count + signature.utf8.count
        return String(unsafeUninitializedCapacity: capacity) { output in
            var position = 0
            func write(_ bytes: UnsafeBufferPointer<UInt8>) {
                guard let source = bytes.baseAddress, let target = output.baseAddress, !bytes.isEmpty else { return }
                (target + position).initialize(from: source, count: bytes.count)
                position += bytes.count
            }
            func write(_ text: String) {
                var text = text
                text.withUTF8 { write($0) }
            }
            write(prefix)
            write(accessKeyID)
            write("/")
            write(scope)
            write(middle)
            signedHeaders.withUnsafeBufferPointer { write($0) }
            write(suffix)
            write(signature)
            return position
        }
    }
}
