import Dispatch

#if canImport(Glibc)
import Glibc
#endif

/// SIGINT, SIGTERM and SIGHUP (a closed terminal) for a server that stops cleanly (`lazer mock`,
/// `lazer record --proxy`).
///
/// A signal handler (installed with `sigaction` before the URL is printed) writes a byte to a
/// pipe, and a Dispatch source reading the pipe calls `stop` on the main queue, where it may take
/// locks and call anything. A signal sent as soon as the URL is printed waits in the pipe. With
/// `SIG_IGN` and a Dispatch signal source, it was dropped while the source was still being
/// registered (7 to 18 starts in 40 in a loop), and the server ran on after a script stopped it.
enum StopSignals {
    /// The pipe's write end, for the handler (a C function cannot capture); set before it is installed.
    nonisolated(unsafe) private static var writeEnd: Int32 = -1

    /// Installs the handler; keep the returned source alive. Without a pipe (no file descriptor
    /// left) the signals keep their default action: the server still stops, only not cleanly.
    static func handle(_ stop: @escaping @Sendable () -> Void) -> (any DispatchSourceRead)? {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return nil }
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
        }
        writeEnd = ends[1]
        let source = DispatchSource.makeReadSource(fileDescriptor: ends[0], queue: .main)
        let readEnd = ends[0]
        source.setEventHandler {
            var byte: UInt8 = 0
            _ = read(readEnd, &byte, 1)
            stop()
        }
        source.resume()
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in
            var byte: UInt8 = 1
            // async-signal-safe: one write; a full pipe means a stop is already on its way.
            _ = write(StopSignals.writeEnd, &byte, 1)
        }
        sigemptyset(&action.sa_mask)
        action.sa_flags = Int32(SA_RESTART)
        for number in [SIGINT, SIGTERM, SIGHUP] { sigaction(number, &action, nil) }
        return source
    }
}
