import Foundation

extension Keymap {
    /// Applies a user keymap file if it exists (a missing file is not a problem). Unreadable or
    /// oversized files are reported and change nothing.
    public mutating func applyOverrides(fromFile path: String) -> [KeymapProblem] {
        guard FileManager.default.fileExists(atPath: path) else { return [] }
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        guard size <= 1_048_576 else {
            return [KeymapProblem(location: "\(path):1:1", message: "larger than 1 MiB; not a keymap")]
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            return [KeymapProblem(location: "\(path):1:1", message: "cannot read the file")]
        }
        return applyOverrides(Array(data), file: path)
    }
}
