/// One input to an importer: its bytes and where they came from.
package struct ImportSource: Sendable {
    /// The file name as the user gave it (`-` or `stdin` for standard input); used in reports and errors.
    package var name: String
    package var bytes: [UInt8]
    /// The folder relative references in the source (`curl -d @body.json`, `< ./file.bin` in a
    /// `.http` file) are read from: the source file's folder, or the current folder for stdin.
    package var baseFolder: String

    package init(name: String, bytes: [UInt8], baseFolder: String) {
        self.name = name
        self.bytes = bytes
        self.baseFolder = baseFolder
    }

    /// The source as text: UTF-8 with a leading byte order mark removed, invalid bytes as U+FFFD.
    package var text: String {
        var body = bytes[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        return String(decoding: body, as: UTF8.self)
    }

    /// The bytes after a UTF-8 byte order mark, if any (JSON parsers refuse a BOM).
    package var bytesWithoutBOM: ArraySlice<UInt8> {
        bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...]
    }
}
