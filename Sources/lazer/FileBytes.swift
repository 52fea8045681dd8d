import ArgumentParser
import JSONTree
import RegularFiles
import Workspace

#if canImport(Glibc)
import Glibc
#endif

/// Whole-file reads and unbuffered standard output for `lazer json`: straight system calls, so a
/// 40 MB body costs one read and a few hundred writes.
enum FileBytes {
    /// Why a file could not be read, in the words `strerror` uses.
    struct ReadError: Error, CustomStringConvertible {
        let description: String
    }

    /// The largest input `lazer json` reads (a file or stdin): 1 GiB.
    static let limit = 1 << 30

    /// Reads a whole regular file (`RegularFile`: a FIFO or a device is refused, never opened in
    /// a blocking way), or stdin when `path` is nil; either within `limit`.
    static func read(_ path: String?, limit: Int = limit) throws(ReadError) -> [UInt8] {
        guard let path else { return try readStandardInput(limit: limit) }
        let bytes: [UInt8]?
        do {
            bytes = try RegularFile.read(path, limit: limit)
        } catch {
            throw ReadError(description: error.reason)
        }
        guard let bytes else { throw ReadError(description: RegularFile.notFoundReason(path)) }
        return bytes
    }

    /// The JSON to index for `lazer json`: stdin read (within `limit`), a small file read, a file
    /// of a megabyte or more mapped (`RegularFile.load`), up to the 4 GiB a document can index —
    /// its pages are read as the parse and the printer reach them and handed back behind them,
    /// so a gigabyte body costs its index and a window, not its size. `file` is the mapping, to
    /// check that it did not change while it was read.
    static func loadJSON(_ path: String?) throws(ReadError) -> (bytes: JSONBytes, file: MappedFile?) {
        guard let path else { return (JSONBytes(try readStandardInput(limit: limit)), nil) }
        let contents: RegularFileContents?
        do {
            contents = try RegularFile.load(path, limit: JSONDocument.maximumSize)
        } catch {
            throw ReadError(description: error.reason)
        }
        guard let contents else { throw ReadError(description: RegularFile.notFoundReason(path)) }
        if case .mapped(let file) = contents { return (JSONBytes(mapped: file), file) }
        return (JSONBytes(contents), nil)
    }

    /// Reads stdin to its end, refusing more than `limit` bytes (`lazer json < /dev/zero`).
    private static func readStandardInput(limit: Int) throws(ReadError) -> [UInt8] {
        var result: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let got = chunk.withUnsafeMutableBytes { Glibc.read(0, $0.baseAddress, $0.count) }
            if got < 0, errno == EINTR { continue }
            if got < 0 { throw ReadError(description: String(cString: strerror(errno))) }
            if got == 0 { return result }
            result += chunk[0..<got]
            if result.count > limit {
                throw ReadError(description: "larger than the \(RegularFile.describe(limit)) limit")
            }
        }
    }

    /// Writes a message to stderr.
    static func writeError(_ message: String) {
        var output = StandardOutput(descriptor: 2)
        var text = message
        text.withUTF8 { output.write($0) }
    }

    /// Writes to a file descriptor, retrying partial writes; remembers whether all writes worked.
    struct StandardOutput {
        var descriptor: Int32 = 1
        var succeeded = true
        /// The `errno` of the write that failed (0 while all worked).
        var failure: Int32 = 0

        /// When a write failed (`> /dev/full`, a closed pipe): prints "COMMAND: cannot write the
        /// output: REASON" on stderr and throws exit status 1, so the failure is never silent.
        func checkSucceeded(command: String) throws(ExitCode) {
            guard !succeeded else { return }
            FileBytes.writeError("\(command): cannot write the output: \(String(cString: strerror(failure)))\n")
            throw ExitCode(1)
        }

        mutating func write(_ bytes: UnsafeBufferPointer<UInt8>) {
            guard succeeded, var pointer = bytes.baseAddress else { return }
            var remaining = bytes.count
            while remaining > 0 {
                let written = Glibc.write(descriptor, pointer, remaining)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    succeeded = false
                    return
                }
                pointer += written
                remaining -= written
            }
        }

        mutating func write(newline: Void) {
            var byte: UInt8 = 0x0A
            withUnsafePointer(to: &byte) { write(UnsafeBufferPointer(start: $0, count: 1)) }
        }
    }
}
