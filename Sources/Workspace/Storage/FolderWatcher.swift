package import Dispatch
import Glibc
package import RegularFiles

/// Reports files of a folder that were written, created, deleted or renamed, using inotify.
///
/// It reports our own saves too (a save is a rename); compare with
/// `CollectionStore.hasOutsideChange` to keep only edits made by other programs. Events arrive
/// on `queue`; `cancel()` (or releasing the watcher) stops them and closes the descriptor.
package final class FolderWatcher {
    private let source: any DispatchSourceRead

    /// Watches `folder`; `onChange` receives the names (not paths) of changed `*.json` files.
    package init(
        folder: String, queue: DispatchQueue, onChange: @escaping @Sendable ([String]) -> Void
    ) throws(FileSystemError) {
        let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else {
            throw FileSystemError.system("watch", path: folder)
        }
        let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE | IN_CREATE)
        guard inotify_add_watch(descriptor, folder, mask) >= 0 else {
            let error = FileSystemError.system("watch", path: folder)
            close(descriptor)
            throw error
        }
        source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: queue)
        source.setEventHandler {
            let names = Self.drain(descriptor)
            if !names.isEmpty { onChange(names) }
        }
        source.setCancelHandler { close(descriptor) }
        source.resume()
    }

    package func cancel() {
        source.cancel()
    }

    deinit {
        source.cancel()
    }

    /// Reads all pending events; returns the distinct `*.json` names, hidden files excluded.
    private static func drain(_ descriptor: Int32) -> [String] {
        var names: [String] = []
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            var offset = 0
            let headerSize = MemoryLayout<inotify_event>.size
            while offset + headerSize <= count {
                let length = buffer.withUnsafeBytes { raw in
                    Int(raw.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                }
                let nameStart = offset + headerSize
                let nameBytes = buffer[nameStart..<min(nameStart + length, count)].prefix { $0 != 0 }
                let name = String(decoding: nameBytes, as: UTF8.self)
                if WorkspaceFolder.isCollectionFileName(name), !names.contains(name) { names.append(name) }
                offset = nameStart + length
            }
        }
        return names
    }
}
