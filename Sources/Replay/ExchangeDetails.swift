import Foundation
package import HTTPCore
package import Workspace

/// Where one exchange's time went, phase by phase (DNS, connect, TLS, send, wait, download), as
/// the transport measured it: the waterfall of the HTML report and `phases` in the JSON report.
package struct ExchangePhase: Sendable, Equatable, Codable {
    package var name: String
    package var milliseconds: Double

    package init(name: String, milliseconds: Double) {
        self.name = name
        self.milliseconds = milliseconds
    }

    /// The phases that happened, in order (none when the transport measured none: the mock).
    package static func phases(of timings: Timings) -> [ExchangePhase] {
        var phases: [ExchangePhase] = []
        timings.forEachPhase { name, duration in
            if phases.isEmpty { phases.reserveCapacity(6) }
            phases.append(ExchangePhase(name: name, milliseconds: RequestResult.milliseconds(duration)))
        }
        return phases
    }
}

/// The request as sent and the response as received, for the reports that show them (HTML, and
/// JSON so that a shard's report merges into an HTML one): masked by the run's redactor, bodies
/// cut after `bodyLimit` bytes with the size they had. Kept only when such a report is asked for
/// (`RunConfiguration.keepsExchangeDetails`): ten thousand requests must not keep their bodies.
package struct ExchangeDetails: Sendable, Equatable, Codable {
    /// The most bytes of a body a report shows.
    package static let bodyLimit = 2048

    package struct Header: Sendable, Equatable, Codable {
        package var name: String
        package var value: String

        package init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// A body as shown: its text (masked, perhaps cut), its whole size, whether it is binary (no
    /// text shown) and whether the text is only its start (said apart: masking changes lengths).
    package struct Body: Sendable, Equatable, Codable {
        package var text: String
        package var size: Int
        package var binary: Bool
        package var cut: Bool

        package init(text: String, size: Int, binary: Bool, cut: Bool = false) {
            self.text = text
            self.size = size
            self.binary = binary
            self.cut = cut
        }

        /// `bytes` as text, masked, cut after `limit` bytes (on a character boundary). Masked
        /// before it is cut, over twice the limit: a cut must not leave the start of a secret.
        package static func shown(_ bytes: some Collection<UInt8>, redactor: Redactor, limit: Int = bodyLimit) -> Body {
            let size = bytes.count
            let window = Array(bytes.prefix(limit * 2))
            // Text unless it has a NUL or is not UTF-8 (a cut may split the last character: allowed).
            var text = String(decoding: window, as: UTF8.self)
            let replaced = text.unicodeScalars.filter { $0 == "\u{FFFD}" }.count
            let tolerated = window.count < size ? 1 : 0
            if window.contains(0) || replaced > tolerated { return Body(text: "", size: size, binary: true) }
            text = redactor.redact(text)
            guard text.utf8.count > limit || size > window.count else {
                return Body(text: text, size: size, binary: false)
            }
            var cut = ""
            cut.reserveCapacity(limit)
            var used = 0
            for character in text {
                let length = character.utf8.count
                if used + length > limit { break }
                cut.append(character)
                used += length
            }
            return Body(text: cut, size: size, binary: false, cut: true)
        }
    }

    package var requestHeaders: [Header]
    package var requestBody: Body?
    package var responseHeaders: [Header]
    package var responseBody: Body?

    package init(
        requestHeaders: [Header], requestBody: Body?, responseHeaders: [Header] = [], responseBody: Body? = nil
    ) {
        self.requestHeaders = requestHeaders
        self.requestBody = requestBody
        self.responseHeaders = responseHeaders
        self.responseBody = responseBody
    }

    /// The request's headers (credentials masked whatever their source) and its body in memory
    /// (a file or a multipart body is named by its size only when it cannot be read cheaply).
    package static func request(_ request: HTTPRequest, redactor: Redactor) -> ExchangeDetails {
        let headers = request.headers.map {
            Header(name: redactor.redact($0.name), value: redactor.redactHeader(name: $0.name, value: $0.value))
        }
        var body: Body?
        if let data = request.body.inMemoryData, !data.isEmpty {
            body = Body.shown(data, redactor: redactor)
        } else if case .file(let path) = request.body {
            body = Body(
                text: "(the file \(redactor.redact(path)))",
                size: (try? request.body.contentLength()).map(Int.init) ?? 0, binary: false)
        }
        return ExchangeDetails(requestHeaders: headers, requestBody: body)
    }

    /// These details with the response's headers and body.
    package func responding(headers: HTTPHeaders, body: some Collection<UInt8>, redactor: Redactor) -> ExchangeDetails {
        var details = self
        details.responseHeaders = headers.map {
            Header(name: redactor.redact($0.name), value: redactor.redactHeader(name: $0.name, value: $0.value))
        }
        details.responseBody = body.isEmpty ? nil : Body.shown(body, redactor: redactor)
        return details
    }
}
