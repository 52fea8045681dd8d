import Foundation
import Interop

/// The real third-party files in `../shared/interop-samples` (outside the repository, present on
/// development and CI machines; see its README). Checks over them run only when the folder exists.
enum InteropSamples {
    /// The folder, found next to the repository (or in `LAZER_INTEROP_SAMPLES`); nil when absent.
    static let folder: String? = {
        if let path = ProcessInfo.processInfo.environment["LAZER_INTEROP_SAMPLES"], !path.isEmpty {
            return FileManager.default.fileExists(atPath: path) ? path : nil
        }
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let candidate = repository.deletingLastPathComponent().appendingPathComponent("shared/interop-samples").path
        return FileManager.default.fileExists(atPath: candidate) ? candidate : nil
    }()

    static var isPresent: Bool { folder != nil }

    /// A sample file as an import source (its real name, for report locations).
    static func load(_ name: String) throws -> ImportSource {
        guard let folder else { throw CocoaError(.fileNoSuchFile) }
        let path = folder + "/" + name
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        return ImportSource(name: name, bytes: bytes, baseFolder: folder)
    }
}

/// Fixtures written for these tests, in `Tests/InteropTests/Fixtures`.
enum Fixtures {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
        .path

    static func load(_ name: String) throws -> ImportSource {
        let path = folder + "/" + name
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        return ImportSource(name: name, bytes: bytes, baseFolder: folder)
    }

    /// A source from text, as if read from `name` in the fixtures folder.
    static func source(_ text: String, name: String = "input") -> ImportSource {
        ImportSource(name: name, bytes: Array(text.utf8), baseFolder: folder)
    }
}
