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

    /// The parse of what `preview` holds now. A head whose body is not kept: nil for the final
    /// response (not JSON: nothing to show), a parse without a tree for a redirect or an interim
    /// head (the next response's body may be JSON).
    nonisolated static func parse(_ preview: BodyPreview, redactor: Redactor) -> BodyPreviewParse? {
        let snapshot = preview.snapshot()
        guard let snapshot, snapshot.kept else {
            let interim = snapshot.map { (100..<200).contains($0.status) || (300..<400).contains($0.status) } ?? true
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
