import Foundation
import HTTPCore
import JSONTree

extension HistoryEntry {
    /// The stored response as checks read it, to run a request's checks again without sending it
    /// (`lazer run --from-history`, the explorer's re-check). Fails, saying why, for an entry
    /// without a response or whose body history cut short: checks on part of a body would lie.
    package func responseFacts() -> Result<ResponseFacts, HistoryRecheckError> {
        guard let status else {
            return .failure(HistoryRecheckError("the latest history entry has no response (\(error ?? "it failed"))"))
        }
        var bytes: [UInt8] = []
        if let body = responseBody {
            guard !body.truncated else {
                return .failure(
                    HistoryRecheckError(
                        "history kept only the start of this response's body (\(body.size) bytes): send it again to check it"
                    ))
            }
            switch body.encoding {
            case .utf8: bytes = Array(body.text.utf8)
            case .base64: bytes = Data(base64Encoded: body.text).map { Array($0) } ?? []
            }
        }
        let headers = HTTPHeaders(responseHeaders.map { ($0.name, $0.value) })
        let first = bytes.first { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }
        let looksJSON =
            (headers["Content-Type"]?.lowercased().contains("json") ?? false) || first == UInt8(ascii: "{")
            || first == UInt8(ascii: "[")
        let document = looksJSON ? try? JSONDocument(bytes: bytes) : nil
        let milliseconds = durationMilliseconds ?? 0
        return .success(
            ResponseFacts(
                status: status, headers: headers, body: bytes, document: document,
                duration: .milliseconds(Int64(milliseconds.rounded()))))
    }

    /// When the entry was recorded, as reports show it (`2026-12-01 18:40:02`, UTC).
    package var recordedText: String {
        let text = ISOTime.format(date)
        return String(text.prefix(19)).replacingOccurrences(of: "T", with: " ")
    }
}

/// Why a history entry cannot stand in for a response.
package struct HistoryRecheckError: Error, Sendable, Equatable, CustomStringConvertible {
    package var message: String

    package init(_ message: String) {
        self.message = message
    }

    package var description: String { message }
}
