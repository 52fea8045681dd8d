import Futures
import HTTPCore
import JSONTree
import Workspace

/// The start of a JSON body still arriving, made a partial tree on the work queue (issue 31).
extension ExplorerProgram {
    /// Reads what the transport kept of the body of `generation` and parses it as a `JSONPrefix`;
    /// the answer comes back as `bodyPreviewParsed` (nil: this body is not kept, so no more asks).
    func parseBodyPreview(_ key: RequestKey, generation: Int) {
        guard let entry = bodyPreviews[key], entry.generation == generation else {
            deliver(.bodyPreviewParsed(key, generation: generation, nil))
            return
        }
        let preview = entry.preview
        let redactor = entry.redactor
        dependencies.work.schedule { [weak self] in
            self?.deliver(.bodyPreviewParsed(key, generation: generation, Self.parse(preview, redactor: redactor)))
        }
    }

    /// The parse of what `preview` holds now. Nil when no head reached it (a transport that keeps
    /// no preview: a mock, a WebSocket) or the final response's body is not kept (not JSON):
    /// nothing to show, nothing more to ask. A redirect's or an interim head's: a parse without a
    /// tree (the next response's body may be JSON).
    nonisolated static func parse(_ preview: BodyPreview, redactor: Redactor) -> BodyPreviewParse? {
        guard let snapshot = preview.snapshot() else { return nil }
        guard snapshot.kept else {
            let interim = (100..<200).contains(snapshot.status) || (300..<400).contains(snapshot.status)
            return interim
                ? BodyPreviewParse(status: 0, headers: HTTPHeaders(), prefix: nil, received: 0, kept: 0, full: false)
                : nil
        }
        let headers = HTTPHeaders(
            snapshot.headers.fields.map {
                HTTPHeader(name: $0.name, value: redactor.redactHeader(name: $0.name, value: $0.value))
            })
        return BodyPreviewParse(
            status: snapshot.status, headers: headers, prefix: JSONPrefix(snapshot.bytes), received: snapshot.received,
            kept: snapshot.bytes.count, full: snapshot.bytes.count >= preview.limit)
    }
}
