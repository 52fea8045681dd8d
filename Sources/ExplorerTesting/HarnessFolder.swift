import Foundation
import StateStore

/// A fresh folder under the system temporary directory for one test: the collection files, the
/// per-user config (secrets) and state (history, UI state, autosaved drafts) folders, and a folder
/// for `$EDITOR`'s temporary files. Removed when the last holder lets go, so two harnesses can
/// share one (a second session over the first one's files, as after a crash).
package final class HarnessFolder: Sendable {
    package let root: String

    package init() throws {
        let base = (NSTemporaryDirectory() as NSString).appendingPathComponent("lazer-explorer-tests")
        root = (base as NSString).appendingPathComponent(UUID().uuidString)
        for folder in [root, collections, config, state, temporary] {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
    }

    deinit {
        try? FileManager.default.removeItem(atPath: root)
    }

    /// Where the collection files are (the explorer opens this folder).
    package var collections: String { root + "/collections" }
    /// `$XDG_CONFIG_HOME/lazer`: the secrets file.
    package var config: String { root + "/config" }
    /// `$XDG_STATE_HOME/lazer`: history, UI state and the autosaved drafts.
    package var state: String { root + "/state" }
    /// Temporary files (the body handed to `$EDITOR`).
    package var temporary: String { root + "/tmp" }
    /// The drafts file of earlier versions (imported into the state store on first start).
    package var draftsPath: String { state + "/drafts.json" }
    /// The state store: history, drafts, captured values, session state.
    package var stateStorePath: String { state + "/state.sqlite" }

    /// Every autosaved draft in the state store (each a one-request collection object), by instance.
    package func storedDrafts() throws -> [String: [String]] {
        try StateDatabase(path: stateStorePath).allDrafts().mapValues { $0.map(\.json) }
    }

    /// The path of `relative` inside the collections folder.
    package func path(_ relative: String) -> String { collections + "/" + relative }

    /// Writes `files` into the collections folder (their folders made as needed).
    package func write(_ files: [FixtureFile]) throws {
        for file in files {
            let path = path(file.path)
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(file.bytes).write(to: URL(fileURLWithPath: path))
        }
    }

    /// The text of `relative` inside the collections folder.
    package func read(_ relative: String) throws -> String {
        try String(contentsOfFile: path(relative), encoding: .utf8)
    }
}

/// A file to put into a harness's collections folder: a collection, or a file its mock routes
/// answer with.
package struct FixtureFile: Sendable {
    /// Relative to the collections folder, e.g. `mocks/jsonplaceholder/posts.json`.
    package var path: String
    package var bytes: [UInt8]

    package init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
    }

    package static func text(_ path: String, _ text: String) -> FixtureFile {
        FixtureFile(path: path, bytes: Array(text.utf8))
    }

    /// A copy of the file at `source`, stored as `path`.
    package static func copy(of source: String, as path: String) throws -> FixtureFile {
        FixtureFile(path: path, bytes: Array(try Data(contentsOf: URL(fileURLWithPath: source))))
    }

    /// Copies of every file below the folder `source`, stored below `path`.
    package static func folder(_ source: String, as path: String) throws -> [FixtureFile] {
        guard let enumerator = FileManager.default.enumerator(atPath: source) else { return [] }
        var files: [FixtureFile] = []
        for case let relative as String in enumerator {
            var isFolder: ObjCBool = false
            let full = source + "/" + relative
            guard FileManager.default.fileExists(atPath: full, isDirectory: &isFolder), !isFolder.boolValue else {
                continue
            }
            files.append(try copy(of: full, as: path + "/" + relative))
        }
        return files.sorted { $0.path < $1.path }
    }
}
