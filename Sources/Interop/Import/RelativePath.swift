import Foundation

/// Relative file paths between two absolute locations (`../data/body.json`).
enum RelativePath {
    /// `path` relative to the folder `base`; both made absolute against the current folder first.
    static func make(_ path: String, from base: String) -> String {
        let target = URL(fileURLWithPath: path).standardizedFileURL.pathComponents
        let origin = URL(fileURLWithPath: base).standardizedFileURL.pathComponents
        var common = 0
        while common < target.count, common < origin.count, target[common] == origin[common] { common += 1 }
        let ups = Array(repeating: "..", count: origin.count - common)
        let rest = Array(target[common...])
        let parts = ups + rest
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }
}
