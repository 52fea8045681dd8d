import AnnotatedLocks
import Synchronization

/// The multi-scalar grapheme clusters cells show (a letter with combining marks, an emoji
/// sequence, a flag), each stored once, so `Cell` can refer to one with a number and stay a plain
/// value.
///
/// Entries live for the whole process. The table holds at most `capacity` clusters (65,536 for
/// the shared table): past that a
/// new cluster is drawn as its first scalar (the base letter or the first emoji), which keeps
/// memory bounded when hostile data shows endless distinct combining sequences. Thread-safe:
/// buffers may be rendered on any thread.
final class ClusterTable: Sendable {
    static let shared = ClusterTable(capacity: 1 << 16)

    /// The most clusters kept.
    let capacity: Int

    init(capacity: Int) {
        self.capacity = capacity
    }

    private struct Storage {
        var indices: [String: UInt32] = [:]
        var clusters: [String] = []
    }

    private let storage = Mutex(Storage())

    /// The `Cell.content` for `cluster`: its table index with the cluster flag, or (once the table
    /// is full) its first scalar.
    func content(for cluster: Character) -> UInt32 {
        let text = String(cluster)
        let capacity = capacity
        let index: UInt32? = storage.withLock(ownedBy: self) { storage in
            if let index = storage.indices[text] { return index }
            guard storage.clusters.count < capacity else { return nil }
            let index = UInt32(storage.clusters.count)
            storage.clusters.append(text)
            storage.indices[text] = index
            return index
        }
        if let index { return Cell.clusterFlag | index }
        return cluster.unicodeScalars.first?.value ?? 0xFFFD
    }

    /// The cluster stored at `index`.
    func cluster(at index: UInt32) -> String {
        storage.withLock(ownedBy: self) { storage in
            Int(index) < storage.clusters.count ? storage.clusters[Int(index)] : "\u{FFFD}"
        }
    }
}
