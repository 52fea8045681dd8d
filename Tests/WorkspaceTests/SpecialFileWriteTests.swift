import Foundation
import Testing
import Workspace

/// A write to a FIFO or a character device (`--output /dev/null`, `-c /dev/null` as curl users
/// type it) renamed a new regular file over it: run as root, `/dev/null` became a plain file for
/// every program on the machine. Such paths are written into, as a shell redirection does.
@Suite("Atomic writes to FIFOs, devices and folders")
struct SpecialFileWriteTests {
    private func fileType(_ path: String) throws -> FileAttributeType? {
        try FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType
    }

    @Test("a FIFO someone reads gets the bytes and stays a FIFO")
    func writesIntoAReadFIFO() async throws {
        let folder = try TemporaryFolder()
        let fifo = folder.file("report.xml")
        #expect(mkfifo(fifo, 0o600) == 0)
        let reader = Task.detached { () -> Data? in
            FileHandle(forReadingAtPath: fifo)?.readDataToEndOfFile()
        }
        // The reader opens the FIFO soon; until it does, the write says nobody reads it.
        var written = false
        for _ in 0..<500 where !written {
            do {
                try AtomicFile.write(Array("<testsuites/>".utf8), to: fifo)
                written = true
            } catch {
                try await Task.sleep(for: .milliseconds(10))
            }
        }
        #expect(written)
        let received = await reader.value
        #expect(received.map { String(decoding: $0, as: UTF8.self) } == "<testsuites/>")
        #expect(try fileType(fifo) != .typeRegular)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["report.xml"])
    }

    @Test("a FIFO nobody reads is refused at once, named, and left as it was")
    func refusesAnUnreadFIFO() throws {
        let folder = try TemporaryFolder()
        let fifo = folder.file("out.json")
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect {
            try AtomicFile.write(Array("{}".utf8), to: fifo)
        } throws: { error in
            "\(error)".contains("named pipe that nothing reads") && "\(error)".contains("out.json")
        }
        #expect(try fileType(fifo) != .typeRegular)
    }

    @Test("a link to /dev/null is written through: the bytes are discarded, nothing is replaced")
    func writesThroughALinkToADevice() throws {
        let folder = try TemporaryFolder()
        let link = folder.file("jar.txt")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/dev/null")
        try AtomicFile.write(Array("cookies".utf8), to: link, permissions: 0o600, keepBackup: false)
        #expect(try fileType(link) == .typeSymbolicLink)
        #expect(try fileType("/dev/null") == .typeCharacterSpecial)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["jar.txt"])
    }

    @Test("a folder is refused with a message that says so")
    func refusesAFolder() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.file("out"), withIntermediateDirectories: false)
        #expect {
            try AtomicFile.write(Array("x".utf8), to: folder.file("out"))
        } throws: { error in
            "\(error)".contains("it is a folder")
        }
    }
}
