package import Foundation
package import HTTPCore

/// A WebSocket conversation written as its body while it goes — its received messages as json-seq
/// (`WebSocketTranscript.body`), or every row of it (`WebSocketTranscript.conversationType`): in memory for the first MiB, then in a
/// temporary file named like a transport's spill (`lazer-body-…`, removed by whoever reads the
/// response, as the explorer does), so an hour-long conversation does not grow the process with
/// every message it received. Used from one task at a time.
package final class WebSocketTranscriptWriter {
    /// The bytes kept in memory before the transcript moves to a file.
    package let memoryLimit: Int
    /// Where the file goes: the temporary folder, so readers know it as a spill to remove.
    private let folder: URL
    private var memory: [UInt8] = []
    private var file: FileHandle?
    private var fileURL: URL?
    private var fileBytes: Int64 = 0
    /// The file could not be made or written: the rest stays in memory, with no retry per message.
    private var fileFailed = false

    package init(memoryLimit: Int = 1 << 20, folder: URL = FileManager.default.temporaryDirectory) {
        self.memoryLimit = memoryLimit
        self.folder = folder
    }

    /// Adds one received message as a json-seq record.
    package func append(_ message: WebSocketMessage) {
        WebSocketTranscript.appendRecord(message, to: &memory)
        if memory.count > memoryLimit, !fileFailed { moveToFile() }
    }

    /// Adds one row of a conversation (`WebSocketTranscript.conversationType`).
    package func append(_ entry: WebSocketTranscript.Entry) {
        WebSocketTranscript.appendEntry(entry, to: &memory)
        if memory.count > memoryLimit, !fileFailed { moveToFile() }
    }

    /// The transcript as a response body: the file when it moved there, else the bytes (a file
    /// that failed midway is read back and ends the bytes' start).
    package func finish() -> ResponseBody {
        guard let file, let fileURL else { return .data(Data(memory)) }
        if !fileFailed { moveToFile() }
        try? file.close()
        self.file = nil
        guard fileFailed else { return .file(fileURL, byteCount: fileBytes) }
        let written = (try? Data(contentsOf: fileURL)) ?? Data()
        try? FileManager.default.removeItem(at: fileURL)
        return .data(written + memory)
    }

    /// Writes what is in memory to the file (made on first use). A file that cannot be made or
    /// written leaves the bytes in memory: the transcript loses nothing, it only stops shrinking.
    private func moveToFile() {
        if file == nil {
            let url = folder.appendingPathComponent(
                ResponseBody.spillFilePrefix + UUID().uuidString)
            let made = FileManager.default.createFile(
                atPath: url.path, contents: nil, attributes: [.posixPermissions: 0o600])
            guard made, let handle = FileHandle(forWritingAtPath: url.path) else {
                fileFailed = true
                return
            }
            file = handle
            fileURL = url
        }
        guard let file, !memory.isEmpty else { return }
        do {
            try file.write(contentsOf: memory)
            fileBytes += Int64(memory.count)
            memory.removeAll(keepingCapacity: true)
        } catch {
            fileFailed = true
        }
    }

    deinit {
        // A transcript never finished (the conversation failed): its file is nobody's.
        if let file {
            try? file.close()
            if let fileURL { try? FileManager.default.removeItem(at: fileURL) }
        }
    }
}
