/// Recent error and warning notices, whole. The status line has one line for a notice and cuts a
/// long one (a failed write names its cause, then a long path); the Problems overlay (`F9`) lists
/// these in full, so the whole text is always one key away.
extension ExplorerState {
    /// How many notices are kept.
    static let messageLimit = 20

    /// Keeps `message` (a repeat of the newest is kept once).
    mutating func rememberMessage(_ message: String) {
        guard messages.last != message else { return }
        messages.append(message)
        if messages.count > Self.messageLimit { messages.removeFirst(messages.count - Self.messageLimit) }
    }
}
