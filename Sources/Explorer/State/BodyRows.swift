package import TUI
package import Workspace

/// Form fields and multipart parts as editable rows: a multipart value starting with `@` is a
/// file part (`@report.pdf`). Written back row by row, so a part keeps its content type and file
/// name when only its value changes.
package enum BodyRows {
    package static func rows(of body: SavedBody) -> [KeyValueEditorRow] {
        switch body.content {
        case .formURLEncoded(let rows): return rows.map(KeyValueRows.editable)
        case .multipart(let parts):
            return parts.map { part in
                switch part.source {
                case .text(let text): KeyValueEditorRow(key: part.name, value: text, enabled: part.enabled)
                case .file(let path): KeyValueEditorRow(key: part.name, value: "@" + path, enabled: part.enabled)
                }
            }
        default: return []
        }
    }

    /// `body` with its fields or parts replaced by `rows` (other kinds are returned unchanged).
    package static func body(from rows: [KeyValueEditorRow], over body: SavedBody) -> SavedBody {
        var result = body
        switch body.content {
        case .formURLEncoded(let old):
            result.content = .formURLEncoded(KeyValueRows.merged(rows, over: old))
        case .multipart(let old):
            result.content = .multipart(
                rows.enumerated().map { index, row in
                    var part = old.indices.contains(index) ? old[index] : SavedPart(name: "", source: .text(""))
                    part.name = row.key
                    part.enabled = row.enabled
                    part.source =
                        row.value.hasPrefix("@") ? .file(path: String(row.value.dropFirst())) : .text(row.value)
                    return part
                })
        default:
            break
        }
        return result
    }
}
