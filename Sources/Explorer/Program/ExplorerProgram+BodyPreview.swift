import Futures
package import HTTPCore
import JSONTree
package import Workspace

/// The start of a JSON body still arriving, made a partial tree on the work queue (issue 31).
extension ExplorerProgram {
    /// Reads what the transport kept of the body of `generation` and parses it as a `JSONPrefix`;
    /// the answer comes back as `bodyPreviewParsed` (nil: this body is not kept, so no more asks).
    func parseBodyPreview(_ key: RequestKey, generation: Int, upTo limit: Int) {
        guard let entry = bodyPreviews[key], entry.generation == generation else {
            deliver(.bodyPreviewParsed(key, generation: generation, nil))
            return
        }
        let preview = entry.preview
        let redactor = entry.redactor
        dependencies.work.schedule { [weak self] in
            let parse = Self.parse(preview, upTo: limit, redactor: redactor)
            self?.deliver(.bodyPreviewParsed(key, generation: generation, parse))
        }
    }

    /// The parse of what `preview` holds now. Nil when no head reached it (a transport that keeps
    /// no preview: a mock, a WebSocket) or the final response's body is not kept (not JSON):
    /// nothing to show, nothing more to ask. A redirect's or an interim head's: a parse without a
    /// tree (the next response's body may be JSON).
    /// A body that has all come since the parse was asked is not parsed when the slice would not
    /// have asked (`BodyPreviewState.quickWholeBytes`): its whole tree follows on the same queue.
    package nonisolated static func parse(
        _ preview: BodyPreview, upTo limit: Int, redactor: Redactor
    ) -> BodyPreviewParse? {
        guard let snapshot = preview.snapshot(upTo: limit) else { return nil }
        guard snapshot.kept else {
            let interim = (100..<200).contains(snapshot.status) || (300..<400).contains(snapshot.status)
            return interim
                ? BodyPreviewParse(status: 0, headers: HTTPHeaders(), prefix: nil, received: 0, kept: 0, full: false)
                : nil
        }
        if let length = snapshot.headers["Content-Length"].flatMap(Int64.init), snapshot.received >= length,
            length <= BodyPreviewState.quickWholeBytes
        {
            return BodyPreviewParse(
                status: snapshot.status, headers: HTTPHeaders(), prefix: nil, received: snapshot.received,
                kept: snapshot.bytes.count, full: false)
        }
        let headers = HTTPHeaders(
            snapshot.headers.fields.map {
                HTTPHeader(name: $0.name, value: redactor.redactHeader(name: $0.name, value: $0.value))
            })
        return BodyPreviewParse(
            status: snapshot.status, headers: headers, prefix: JSONPrefix(snapshot.bytes), received: snapshot.received,
            kept: snapshot.bytes.count, full: limit >= preview.limit && snapshot.bytes.count >= preview.limit)
    }
}
