import AnnotatedLocks
package import Dispatch
import Foundation
package import HTTPCore
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// `lazer mock --watch`: notices when the collection file or a body file changes (polling their
/// size, modification time and inode every ``interval``, which sees saves by renaming, edits in
/// subfolders and files behind links alike) and reloads the environment. A reload that fails
/// keeps the routes already serving; the caller prints the problems.
package final class MockReloader: Sendable {
    private struct Stamp: Equatable {
        var size: Int64
        var modified: Int
        var modifiedNanoseconds: Int
        var inode: UInt64
    }

    private struct State {
        var files: [String]
        var stamps: [Stamp?]
    }

    package static let interval = DispatchTimeInterval.milliseconds(250)
    private let timer: Mutex<any DispatchSourceTimer>

    /// Starts watching `files`; `reload` is called on `queue` after a change, and returns the files
    /// to watch from then on (the same ones when the reload failed).
    package init(
        watching files: [String], queue: DispatchQueue, reload: @escaping @Sendable () -> [String]
    ) {
        let state = Mutex(State(files: files, stamps: files.map(Self.stamp)))
        let source = DispatchSource.makeTimerSource(queue: queue)
        source.schedule(deadline: .now() + Self.interval, repeating: Self.interval)
        source.setEventHandler {
            let changed = state.withLock { state -> Bool in
                let now = state.files.map(Self.stamp)
                guard now != state.stamps else { return false }
                state.stamps = now
                return true
            }
            guard changed else { return }
            let files = reload()
            state.withLock { state in
                state.files = files
                state.stamps = files.map(Self.stamp)
            }
        }
        source.resume()
        timer = Mutex(source)
    }

    /// Stops watching.
    package func cancel() {
        timer.withLock(ownedBy: self) { $0.cancel() }
    }

    deinit {
        timer.withLock(ownedBy: self) { $0.cancel() }
    }

    private static func stamp(_ path: String) -> Stamp? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return Stamp(
            size: Int64(info.st_size), modified: info.st_mtim.tv_sec, modifiedNanoseconds: info.st_mtim.tv_nsec,
            inode: UInt64(info.st_ino))
    }
}

extension MockReloader {
    /// Watches the files of `loaded` and reloads its environment into `table` on a change. A reload
    /// that fails keeps the routes serving; `note` receives what happened (`reloaded: 3 routes`, or
    /// the positioned problems).
    package static func watching(
        _ loaded: MockServerRoutes, source path: String, table: MockRouteTable,
        note: @escaping @Sendable (String) -> Void
    ) -> MockReloader {
        let environment = loaded.environment
        let files = loaded.files
        return MockReloader(watching: files, queue: DispatchQueue(label: "lazer.mock.watch")) {
            do throws(MockServerRoutes.LoadError) {
                let fresh = try MockServerRoutes.load(path, environment: environment)
                table.replace(with: fresh.routes)
                note("reloaded: \(fresh.routes.count) route\(fresh.routes.count == 1 ? "" : "s")")
                return fresh.files
            } catch {
                note(
                    "reload failed, still serving the previous routes:\n"
                        + error.problems.map { "  " + $0 }.joined(separator: "\n"))
                return files
            }
        }
    }
}
