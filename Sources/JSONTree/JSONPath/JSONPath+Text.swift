extension JSONPath {
    /// The text of the values this path selects in `document`, joined: strings as they are (not
    /// quoted), other values as their JSON, `null` left out; nil when nothing is selected. What a
    /// streamed answer's event adds to it (`$.choices[0].delta.content`).
    package func text(in document: JSONDocument) -> String? {
        var text: String?
        for node in select(in: document) where document.kind(node) != .null {
            let piece = document.kind(node) == .string ? document.string(node) ?? "" : document.rawText(node)
            text = (text ?? "") + piece
        }
        return text
    }

    /// `text(in:)` of the JSON document `data` holds; nil when it is not JSON or nothing is selected.
    package func text(inJSON data: String) -> String? {
        (try? JSONDocument(bytes: Array(data.utf8))).flatMap { text(in: $0) }
    }
}
