/// A state write or read that failed: the database file, what failed, and why in a few words.
/// A full disk, a read-only folder and a busy database each say so; SQLite rolled the write back,
/// so nothing was half written.
package struct StateStoreError: Error, Sendable, Equatable, CustomStringConvertible {
    package enum Kind: Sendable, Equatable {
        /// The disk (or the store's size limit) is full.
        case full
        /// The folder or the file cannot be written.
        case readOnly
        /// The file or its folder cannot be opened or made.
        case cannotOpen
        /// Another process held the store longer than the busy timeout.
        case busy
        /// The file is not a database, or damaged.
        case corrupt
        case other
    }

    package var kind: Kind
    package var path: String
    package var reason: String

    package init(kind: Kind, path: String, reason: String) {
        self.kind = kind
        self.path = path
        self.reason = reason
    }

    /// The cause first, then the file: a status line cut at its end keeps the cause.
    package var description: String { "\(reason): \(path)" }
}
