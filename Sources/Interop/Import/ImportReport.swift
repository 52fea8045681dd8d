/// What an import could not carry into the collection, each with where it was: never dropped
/// silently. `lazer import` prints it; the explorer shows it after an import.
package struct ImportReport: Sendable, Equatable {
    package struct Item: Sendable, Equatable, CustomStringConvertible {
        /// What was not carried, in a few words: "pre-request script", "OAuth 2.0 flow", "curl option --proxy-ntlm".
        package var what: String
        package var location: ImportLocation
        /// What was kept instead, if anything: "kept in the request's notes", "sent without it".
        package var kept: String?
        /// The file the source names for its content (`curl -d @body.json`) when it was not read:
        /// missing, not a regular file, too large, or not read at all (a pasted command checked
        /// before its files are read).
        package var unreadFile: String?

        package init(what: String, location: ImportLocation, kept: String? = nil, unreadFile: String? = nil) {
            self.what = what
            self.location = location
            self.kept = kept
            self.unreadFile = unreadFile
        }

        /// `api.json item[2].event[0]: pre-request script (kept in the request's notes)`
        package var description: String {
            "\(location): \(what)" + (kept.map { " (\($0))" } ?? "")
        }
    }

    package var items: [Item]

    package init(items: [Item] = []) {
        self.items = items
    }

    package var isEmpty: Bool { items.isEmpty }

    package mutating func add(
        _ what: String, at location: ImportLocation, kept: String? = nil, unreadFile: String? = nil
    ) {
        items.append(Item(what: what, location: location, kept: kept, unreadFile: unreadFile))
    }

    /// The files the source names for content that were not read, in report order.
    package var unreadFiles: [String] { items.compactMap(\.unreadFile) }

    package mutating func append(contentsOf other: ImportReport) {
        items += other.items
    }
}
