package import CCurses
import Foundation
import Glibc

/// A pseudo-terminal pair for tests: ncurses runs on the follower side as it would on a real
/// terminal, and the test reads what it wrote from the leader side.
package final class PseudoTerminal {
    package enum Failure: Error { case open(String) }

    package let leader: Int32
    package let follower: Int32
    /// The follower as a stdio stream, for `newterm`.
    package let stream: UnsafeMutablePointer<FILE>

    package init(rows: Int32, columns: Int32) throws {
        var leader: Int32 = -1
        var follower: Int32 = -1
        guard ccurses_open_pty(rows, columns, &leader, &follower) == 0 else {
            throw Failure.open(String(describing: strerror(errno)))
        }
        self.leader = leader
        self.follower = follower
        guard let stream = fdopen(follower, "r+") else { throw Failure.open("fdopen") }
        self.stream = stream
        // Never block on a full pty buffer: the test drains the leader when it wants the bytes.
        _ = fcntl(leader, F_SETFL, fcntl(leader, F_GETFL) | O_NONBLOCK)
    }

    /// Everything written to the terminal since the last call.
    package func drain() -> String {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(leader, &chunk, chunk.count)
            if count <= 0 { break }
            bytes += chunk[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Types `text` into the terminal, as a user at the keyboard would.
    package func type(_ text: String) {
        type(bytes: Array(text.utf8))
    }

    /// Sends raw bytes, which need not be UTF-8 (a pasted binary, a Latin-1 terminal).
    package func type(bytes: [UInt8]) {
        _ = bytes.withUnsafeBytes { write(leader, $0.baseAddress, $0.count) }
    }

    private var leaderOpen = true

    /// Closes the leader side, as a terminal emulator does when its window closes.
    package func hangUp() {
        guard leaderOpen else { return }
        close(leader)
        leaderOpen = false
    }

    deinit {
        fclose(stream)
        hangUp()
    }
}

/// ncurses keeps one current screen per process; suites in different test targets that drive it
/// take this lock (an `flock` on a shared file, which also excludes other threads of this process).
package enum NcursesTestLock {
    package static func withLock<T>(_ body: () throws -> T) rethrows -> T {
        let path = NSTemporaryDirectory() + "/lazer-ncurses-tests.lock"
        let descriptor = open(path, O_RDWR | O_CREAT, 0o600)
        defer { if descriptor >= 0 { close(descriptor) } }
        if descriptor >= 0 { flock(descriptor, LOCK_EX) }
        return try body()
    }
}
