/// What an export could not carry into the target format, each with the request (or
/// environment) it belongs to: never dropped silently. `lazer export` prints it on stderr.
public struct ExportReport: Sendable, Equatable {
    public struct Item: Sendable, Equatable, CustomStringConvertible {
        /// Where it was: `Folder/Name` of a request, `environment staging`, `collection`.
        public var place: String
        /// What was not carried, in a few words: "retry policy", "timeout 2.5 s".
        public var what: String
        /// What was done instead, if anything: "left out", "set as a plain environment value".
        public var kept: String?

        public init(place: String, what: String, kept: String? = nil) {
            self.place = place
            self.what = what
            self.kept = kept
        }

        /// `Users/Login: retry policy (left out)`
        public var description: String {
            "\(place): \(what)" + (kept.map { " (\($0))" } ?? "")
        }
    }

    public var items: [Item]

    public init(items: [Item] = []) {
        self.items = items
    }

    public var isEmpty: Bool { items.isEmpty }

    public mutating func add(_ what: String, at place: String, kept: String? = "left out") {
        items.append(Item(place: place, what: what, kept: kept))
    }
}

/// An export: the file's bytes, the files written beside it (Postman environments), and what
/// could not be carried.
public struct ExportOutput: Sendable {
    /// A file written beside the main one: its file name (no folder) and bytes.
    public struct File: Sendable, Equatable {
        public var name: String
        public var bytes: [UInt8]

        public init(name: String, bytes: [UInt8]) {
            self.name = name
            self.bytes = bytes
        }
    }

    public var bytes: [UInt8]
    public var files: [File]
    public var report: ExportReport

    public init(bytes: [UInt8], files: [File] = [], report: ExportReport = ExportReport()) {
        self.bytes = bytes
        self.files = files
        self.report = report
    }
}
