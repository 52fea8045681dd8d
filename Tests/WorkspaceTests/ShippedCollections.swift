import Foundation

/// The collections shipped in `Collections/`.
enum ShippedCollections {
    static let folder = Fixtures.repositoryRoot + "/Collections"

    static func paths() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".json") }.sorted()
            .map { folder + "/" + $0 }
    }
}
