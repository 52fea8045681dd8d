import RegularFiles

extension Keymap {
    /// The largest keymap file read: 1 MiB.
    package static let maximumFileSize = 1 << 20

    /// Applies a user keymap file if it exists (a missing file is not a problem). A file that is
    /// not a regular file (a FIFO, a device), is unreadable or is over `maximumFileSize` is
    /// reported and changes nothing: it is read at start-up on the main thread, so it must never
    /// block or fill memory (`RegularFile`).
    package mutating func applyOverrides(fromFile path: String) -> [KeymapProblem] {
        let bytes: [UInt8]
        do {
            guard let read = try RegularFile.read(path, limit: Self.maximumFileSize) else { return [] }
            bytes = read
        } catch {
            return [KeymapProblem(location: "\(path):1:1", message: "not read: \(error.reason)")]
        }
        return applyOverrides(bytes, file: path)
    }
}
