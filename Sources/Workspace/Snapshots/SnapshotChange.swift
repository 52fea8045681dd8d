import JSONDiff
import JSONTree

/// One difference between a stored snapshot and a response: where (`status`, `header
/// content-type`, or a JSONPath into the body) and what it was and became, as short previews.
package struct SnapshotChange: Sendable, Equatable {
    package enum Kind: String, Sendable, Equatable {
        case added, removed, changed
    }

    package var kind: Kind
    package var path: String
    /// The stored value (removed, changed).
    package var old: String?
    /// The response's value (added, changed).
    package var new: String?

    package init(kind: Kind, path: String, old: String? = nil, new: String? = nil) {
        self.kind = kind
        self.path = path
        self.old = old
        self.new = new
    }

    /// `$.price: 12 → 13`, `$.tags[2] added`, `header etag removed`.
    package var summary: String {
        switch kind {
        case .added: "\(path) added" + (new.map { ": \($0)" } ?? "")
        case .removed: "\(path) removed"
        case .changed: "\(path): \(old ?? "") → \(new ?? "")"
        }
    }

    /// How long a value's preview may be in a change.
    static let previewLength = 40
    /// Changes listed at most: the count past it is still right (`SnapshotCheck` says "… and N more").
    static let changeLimit = 1000

    /// Every difference from `stored` to `current`: status, kept headers, then the body.
    static func changes(from stored: Snapshot, to current: Snapshot, keys: [SnapshotOptions.ArrayKey])
        -> [SnapshotChange]
    {
        var changes: [SnapshotChange] = []
        if stored.status != current.status {
            changes.append(
                SnapshotChange(kind: .changed, path: "status", old: String(stored.status), new: String(current.status)))
        }
        for header in stored.headers {
            let path = "header \(header.key)"
            guard let now = current.headers.first(where: { $0.key == header.key }) else {
                changes.append(SnapshotChange(kind: .removed, path: path, old: header.value.stringValue))
                continue
            }
            if now.value != header.value {
                changes.append(
                    SnapshotChange(
                        kind: .changed, path: path, old: header.value.stringValue, new: now.value.stringValue))
            }
        }
        for header in current.headers where !stored.headers.contains(where: { $0.key == header.key }) {
            changes.append(SnapshotChange(kind: .added, path: "header \(header.key)", new: header.value.stringValue))
        }
        changes += bodyChanges(stored.body, current.body, keys: keys)
        return changes
    }

    private static func bodyChanges(_ stored: Snapshot.Body, _ current: Snapshot.Body, keys: [SnapshotOptions.ArrayKey])
        -> [SnapshotChange]
    {
        if stored == current { return [] }
        switch (stored, current) {
        case (.json(let old), .json(let new)):
            return jsonChanges(old, new, keys: keys)
        case (.none, _):
            return [SnapshotChange(kind: .added, path: "body", new: preview(current))]
        case (_, .none):
            return [SnapshotChange(kind: .removed, path: "body", old: preview(stored))]
        default:
            return [SnapshotChange(kind: .changed, path: "body", old: preview(stored), new: preview(current))]
        }
    }

    private static func preview(_ body: Snapshot.Body) -> String {
        let text: String
        switch body {
        case .none: return "(empty)"
        case .json(let value): text = value.compactPrefix(limit: 64 * previewLength)
        case .text(let value): text = "\"" + value + "\""
        case .base64(let value): text = "(binary, base64 \(value.prefix(16))…)"
        }
        return text.count > previewLength ? String(text.prefix(previewLength - 1)) + "…" : text
    }

    /// The body's changes by JSONPath, from JSONDiff (keyed arrays paired by their key; ignored
    /// values are already the same marker on both sides).
    private static func jsonChanges(_ old: SnapshotJSON, _ new: SnapshotJSON, keys: [SnapshotOptions.ArrayKey])
        -> [SnapshotChange]
    {
        guard let left = old.document(), let right = new.document() else {
            return [SnapshotChange(kind: .changed, path: "$", old: preview(.json(old)), new: preview(.json(new)))]
        }
        let arrayKeys = keys.compactMap { key -> JSONDiffArrayKey? in
            guard let path = try? JSONPath(key.path) else { return nil }
            return JSONDiffArrayKey(arrays: path, key: [key.key])
        }
        let result = JSONDiff.compare(
            left, right, options: JSONDiffOptions(arrayKeys: arrayKeys, changeLimit: changeLimit))
        var changes = result.changes.map { change in
            SnapshotChange(
                kind: Kind(rawValue: change.kind.rawValue) ?? .changed, path: change.pathText,
                old: change.left.map { left.preview($0, maxLength: previewLength) },
                new: change.right.map { right.preview($0, maxLength: previewLength) })
        }
        if result.isTruncated {
            changes.append(
                SnapshotChange(
                    kind: .changed, path: "$", old: nil,
                    new: "\(result.counts.total - result.changes.count) more changes not listed"))
        }
        return changes
    }
}
