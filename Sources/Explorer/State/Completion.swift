import Foundation

/// The completion list under the field being typed in (issue 33: nothing completed `{{`
/// variables or header names): after `{{` the variables in scope, in the Headers table's name
/// column the common header names, in its value column the common values of `Content-Type`,
/// `Accept` and `Authorization`. Tab or Enter takes the selected item, Esc closes the list.
package struct CompletionState: Sendable, Equatable {
    package var items: [CompletionItem]
    package var selected = 0
    /// How many characters before the cursor the item replaces (what was typed of it).
    package var replacing: Int
    /// From a GraphQL schema (`Ctrl+Space` in the query): typing works it out again from the schema.
    package var graphql = false
    /// Each item's description from the schema (GraphQL), shown under the editor for the one chosen.
    package var descriptions: [String?] = []

    package init(items: [CompletionItem], replacing: Int) {
        self.items = items
        self.replacing = replacing
    }

    /// At most this many items are offered (the best first).
    package static let limit = 8
}

/// One item of the list: what is shown, what replaces the typed text, and where it comes from.
package struct CompletionItem: Sendable, Equatable {
    package var label: String
    package var insert: String
    package var detail: String

    package init(_ label: String, insert: String? = nil, detail: String = "") {
        self.label = label
        self.insert = insert ?? label
        self.detail = detail
    }
}

/// Where the field being typed in is, which decides what completes there.
package enum CompletionField: Sendable, Equatable {
    /// The URL, the body, a query or form cell: only `{{` variables.
    case text
    /// A header's name.
    case headerName
    /// A header's value, under the header's name.
    case headerValue(name: String)
}

/// Works out the list for the text around the cursor.
package enum Completion {
    /// The list for a field whose cursor line reads `before` up to the cursor and `after` from it;
    /// nil when nothing completes there.
    package static func list(
        before: String, after: String, field: CompletionField, variables: [CompletionItem]
    ) -> CompletionState? {
        if let open = before.range(of: "{{", options: .backwards), !before[open.upperBound...].contains("}}") {
            let typed = String(before[open.upperBound...])
            guard !typed.contains(where: { $0 == " " || $0 == "{" || $0 == "}" }) else { return nil }
            let closes = after.hasPrefix("}}")
            let items = variables.map { item in
                CompletionItem(item.label, insert: item.insert + (closes ? "" : "}}"), detail: item.detail)
            }
            return state(matching: typed, in: items)
        }
        switch field {
        case .text:
            return nil
        case .headerName:
            guard !before.isEmpty else { return nil }
            return state(matching: before, in: headerNames.map { CompletionItem($0) })
        case .headerValue(let name):
            guard let values = commonValues[name.lowercased()], !before.isEmpty || after.isEmpty else { return nil }
            return state(matching: before, in: values.map { CompletionItem($0) })
        }
    }

    /// The items that start with `typed` (case ignored), then those that contain it; none when
    /// the only match is what is already typed.
    static func state(matching typed: String, in items: [CompletionItem]) -> CompletionState? {
        let wanted = typed.lowercased()
        // A dynamic value's `$` need not be typed; a name containing what was typed comes after
        // the names starting with it, from two characters on.
        func starts(_ item: CompletionItem) -> Bool {
            let label = item.label.lowercased()
            return label.hasPrefix(wanted) || (label.hasPrefix("$") && label.dropFirst().hasPrefix(wanted))
        }
        let starting = items.filter(starts)
        let containing =
            wanted.count < 2 ? [] : items.filter { !starts($0) && $0.label.lowercased().contains(wanted) }
        let matches = Array((starting + containing).prefix(CompletionState.limit))
        guard !matches.isEmpty, !(matches.count == 1 && matches[0].label.lowercased() == wanted) else { return nil }
        return CompletionState(items: matches, replacing: typed.count)
    }

    /// Request header names a user types most, in the order offered.
    package static let headerNames = [
        "Accept", "Accept-Encoding", "Accept-Language", "Authorization", "Cache-Control", "Connection",
        "Content-Encoding", "Content-Length", "Content-Type", "Cookie", "Date", "ETag", "Expect", "Forwarded",
        "From", "Host", "If-Match", "If-Modified-Since", "If-None-Match", "If-Unmodified-Since", "Origin", "Pragma",
        "Prefer", "Range", "Referer", "TE", "Upgrade", "User-Agent", "Via", "X-API-Key", "X-Correlation-ID",
        "X-Forwarded-For", "X-Request-ID", "X-Requested-With",
    ]

    /// Common values of the headers that have a few (media types, authorization schemes).
    package static let commonValues: [String: [String]] = {
        let media = [
            "application/json", "application/x-www-form-urlencoded", "multipart/form-data", "text/plain",
            "text/html", "application/xml", "application/octet-stream", "application/problem+json",
        ]
        return [
            "content-type": media,
            "accept": ["*/*"] + media,
            "authorization": ["Bearer ", "Basic ", "Digest "],
            "accept-encoding": ["gzip, deflate, br", "gzip", "identity"],
            "cache-control": ["no-cache", "no-store", "max-age=0"],
        ]
    }()
}
