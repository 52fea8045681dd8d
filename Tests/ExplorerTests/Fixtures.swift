import ExplorerTesting
import Foundation

/// The collections shipped in `Collections/`, copied into a test's folder with the files their
/// mock environments answer from.
enum Shipped {
    static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
    static let collectionsFolder = repositoryRoot + "/Collections"

    /// `jsonplaceholder.json` and its `mocks/jsonplaceholder/` answers.
    static func jsonPlaceholder() throws -> [FixtureFile] {
        [try .copy(of: collectionsFolder + "/jsonplaceholder.json", as: "jsonplaceholder.json")]
            + (try FixtureFile.folder(collectionsFolder + "/mocks/jsonplaceholder", as: "mocks/jsonplaceholder"))
    }

    static func showcase() throws -> [FixtureFile] {
        [try .copy(of: collectionsFolder + "/showcase.json", as: "showcase.json")]
    }

    static func httpbin() throws -> [FixtureFile] {
        [try .copy(of: collectionsFolder + "/httpbin.json", as: "httpbin.json")]
    }

    /// Every shipped collection.
    static func all() throws -> [FixtureFile] {
        try jsonPlaceholder() + showcase() + httpbin()
    }
}
