import ArgumentParser
import Foundation
import StateStore
import TerminalText
import Workspace

#if canImport(Glibc)
import Glibc
#endif

/// `lazer history`: the exchanges recorded in the state store, listed and searched as the
/// explorer's history browser does, and cleared.
struct HistoryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "List, search or clear the history of sent requests.",
        discussion: """
            History lives in the state store ($XDG_STATE_HOME/lazer/state.sqlite), per collection. \
            Retention: LAZER_HISTORY_MAX_ENTRIES (per collection, default 500), LAZER_HISTORY_MAX_DAYS \
            (default 90; 0 keeps any age) and LAZER_HISTORY_MAX_BYTES (per collection, default 5000000), \
            applied each time an exchange is recorded.

            Examples:
              lazer history list --limit 20
              lazer history list --collection Collections/showcase.json --search "users 5xx"
              lazer history list --search 2026-11-27 --json
              lazer history clear --collection Collections/showcase.json --yes
            """,
        subcommands: [List.self, Clear.self])

    /// The collection id of a collection file, or an exit with its problem.
    static func collectionID(_ path: String, command: String) throws -> String {
        let entry = CollectionStore.load(path: path)
        guard let document = entry.document else {
            let problem = entry.diagnostics.first?.description ?? "not a collection file"
            FileBytes.writeError("lazer history \(command): \(TerminalText.line(problem))\n")
            throw ExitCode(1)
        }
        return document.collection.id
    }

    static func store() -> HistoryStore {
        let environment = ProcessInfo.processInfo.environment
        return HistoryStore(directories: UserDirectories(environment: environment), processEnvironment: environment)
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List recorded exchanges, newest first.",
            discussion: """
                --search takes words that must all match, each as a prefix of a word in the method, \
                URL, status, request name, a header or a body; 5xx (1xx…5xx) matches a status class, \
                2026-11-27 a day and 2026-11 a month (local time).
                """)

        @Option(name: .long, help: "Only this collection file's history (default: every collection's).")
        var collection: String?

        @Option(name: .long, help: "Words to search for (see above).")
        var search = ""

        @Option(name: .long, help: "At most this many entries (default 50).")
        var limit = 50

        @Flag(name: .long, help: "Print a JSON array instead of lines.")
        var json = false

        func validate() throws {
            guard limit > 0 else { throw ValidationError("--limit must be at least 1") }
        }

        func run() throws {
            let ids = try collection.map { [try HistoryCommand.collectionID($0, command: "list")] }
            let rows: [HistorySummary]
            do {
                rows = try HistoryCommand.store().browse(search, collectionIDs: ids, limit: limit)
            } catch {
                FileBytes.writeError("lazer history list: \(TerminalText.line(error.description))\n")
                throw ExitCode(1)
            }
            var output = FileBytes.StandardOutput()
            var text = json ? Self.json(rows) : rows.map(Self.line).joined()
            if !json, rows.isEmpty { text = "" }
            text.withUTF8 { output.write($0) }
            guard output.succeeded else {
                FileBytes.writeError("lazer history list: could not write the output\n")
                throw ExitCode(1)
            }
        }

        /// `2026-11-27 14:03:22  200  GET     Find users  http://…  12 ms`
        static func line(_ row: HistorySummary) -> String {
            let time = Self.time(row.time)
            let status = Int(row.status) != nil ? row.status : "ERR"
            let duration = row.durationMilliseconds.map { "  \(Int($0.rounded())) ms" } ?? ""
            let name = row.requestName.isEmpty ? "" : "  " + row.requestName
            let method = row.method.padding(toLength: max(7, row.method.count), withPad: " ", startingAt: 0)
            var line = "\(time)  \(status.padding(toLength: 3, withPad: " ", startingAt: 0))  \(method) \(row.url)"
            line += duration + name
            if Int(row.status) == nil, !row.status.isEmpty { line += "  (" + row.status + ")" }
            return TerminalText.line(line) + "\n"
        }

        /// One formatter for every line (making one per line took most of a 10,000-line list's time).
        static let timeFormatter: DateFormatter = {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.dateFormat = "yyyy-MM-dd HH:mm:ss"
            return formatter
        }()

        static func time(_ seconds: Double) -> String {
            timeFormatter.string(from: Date(timeIntervalSince1970: seconds))
        }

        struct Row: Encodable {
            var id: String
            var collectionId: String
            var requestId: String?
            var requestName: String
            var time: String
            var method: String
            var url: String
            var status: Int?
            var error: String?
            var durationMilliseconds: Double?
        }

        static func json(_ rows: [HistorySummary]) -> String {
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            let encoded = rows.map { row in
                let status = Int(row.status)
                return Row(
                    id: row.id, collectionId: row.collectionID, requestId: row.requestID, requestName: row.requestName,
                    time: formatter.string(from: Date(timeIntervalSince1970: row.time)), method: row.method,
                    url: row.url, status: status, error: status == nil && !row.status.isEmpty ? row.status : nil,
                    durationMilliseconds: row.durationMilliseconds)
            }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            let data = (try? encoder.encode(encoded)) ?? Data("[]".utf8)
            return TerminalText.jsonSafe(String(decoding: data, as: UTF8.self)) + "\n"
        }
    }

    struct Clear: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "clear",
            abstract: "Delete recorded exchanges (one collection's, or every collection's).",
            discussion: """
                Asks first on a terminal; elsewhere (a script, CI) it refuses without --yes.
                """)

        @Option(name: .long, help: "Only this collection file's history (default: every collection's).")
        var collection: String?

        @Flag(name: .long, help: "Do not ask.")
        var yes = false

        func run() throws {
            let ids = try collection.map { [try HistoryCommand.collectionID($0, command: "clear")] }
            let store = HistoryCommand.store()
            let whose = collection.map { "of \(TerminalText.line($0))" } ?? "of every collection"
            do {
                let count = try store.count(collectionIDs: ids)
                if !yes {
                    guard isatty(0) == 1 else {
                        FileBytes.writeError(
                            "lazer history clear: \(count) entries \(whose) would be deleted; "
                                + "not on a terminal, so pass --yes to confirm\n")
                        throw ExitCode(1)
                    }
                    FileBytes.writeError("Delete \(count) history entries \(whose)? [y/N] ")
                    let answer = readLine()?.trimmingCharacters(in: .whitespaces).lowercased()
                    guard answer == "y" || answer == "yes" else {
                        FileBytes.writeError("Nothing deleted.\n")
                        return
                    }
                }
                let cleared = try store.clear(collectionIDs: ids)
                var output = FileBytes.StandardOutput()
                var text = "Deleted \(cleared) history \(cleared == 1 ? "entry" : "entries") \(whose).\n"
                text.withUTF8 { output.write($0) }
            } catch let error as StateStoreError {
                FileBytes.writeError("lazer history clear: \(TerminalText.line(error.description))\n")
                throw ExitCode(1)
            }
        }
    }
}
