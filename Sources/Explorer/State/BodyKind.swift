package import Workspace

/// The kinds of body the Body tab offers, in the order `b` (`request.bodyKind`) steps through
/// them; the raw value is the word the tab's title shows.
package enum BodyKind: String, CaseIterable, Sendable {
    case none
    case json
    case text
    case form
    case multipart
    case file
    case graphql

    package init(_ body: SavedBody) {
        switch body.content {
        case .none: self = .none
        case .json, .jsonText: self = .json
        case .text: self = .text
        case .formURLEncoded: self = .form
        case .multipart: self = .multipart
        case .file: self = .file
        case .graphql: self = .graphql
        }
    }

    /// The kind after this one (after `graphql`: `none`).
    package var next: BodyKind {
        let all = Self.allCases
        return all[((all.firstIndex(of: self) ?? 0) + 1) % all.count]
    }
}
