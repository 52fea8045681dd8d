/// What an export could not carry into the target format, each with the request (or
/// environment) it belongs to: never dropped silently. `lazer export` prints it on stderr.
package struct ExportReport: Sendable, Equatable {
    package struct Item: Sendable, Equatable, CustomStringConvertible {
        /// Where it was: `Folder/Name` of a request, `environment staging`, `collection`.
        package var place: String
        /// What was not carried, in a few words: "retry policy", "timeout 2.5 s".
        package var what: String
        /// What was done instead, if anything: "left out", "set as a plain environment value".
        package var kept: String?

        package init(place: String, what: String, kept: String? = nil) {
            self.place = place
            self.what = what
            self.kept = kept
        }

        /// `Users/Login: retry policy (left out)`
        package var description: String {
            "\(place): \(what)" + (kept.map { " (\($0))" } ?? "")
        }
    }

    package var items: [Item]

    package init(items: [Item] = []) {
        self.items = items
    }

    package var isEmpty: Bool { items.isEmpty }

    package mutating func add(_ what: String, at place: String, kept: String? = "left out") {
        items.append(Item(place: place, what: what, kept: kept))
    }
}

/// An export: the file's bytes, the files written beside it (Postman environments), and what
/// could not be carried.
package struct ExportOutput: Sendable {
    /// A file written beside the main one: its file name (no folder) and bytes.
    package struct File: Sendable, Equatable {
        package var name: String
        package var bytes: [UInt8]

        package init(name: String, bytes: [UInt8]) {
            self.name = name
            self.bytes = bytes
        }
    }

    package var bytes: [UInt8]
    package var files: [File]
    package var report: ExportReport
    /// What was written but may not be what the user meant (a secret with no value).
    package var warnings: ExportReport

    package init(
        bytes: [UInt8], files: [File] = [], report: ExportReport = ExportReport(),
        warnings: ExportReport = ExportReport()
    ) {
        self.bytes = bytes
        self.files = files
        self.report = report
        self.warnings = warnings
    }
}
