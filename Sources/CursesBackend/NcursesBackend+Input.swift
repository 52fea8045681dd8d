import CCurses
import Glibc
public import TUI

extension NcursesBackend {
    /// Reads everything the terminal has sent (without waiting) and decodes it into events.
    ///
    /// A lone ESC stays pending inside the decoder: if `hasPendingInput` is true afterwards, call
    /// `flushPendingInput()` once the ESC delay has passed with no more input.
    public func readEvents() -> [Event] {
        guard isActive else { return [] }
        var bytes: [UInt8] = []
        var events: [Event] = []
        var character: wint_t = 0
        while true {
            let result = wget_wch(window, &character)
            if result == ERR { break }
            if result == ccurses_key_code_yes() {
                if Int32(character) == ccurses_key_resize(), let resize = resizeEvent() { events.append(resize) }
                continue
            }
            let scalar = Unicode.Scalar(UInt32(character)) ?? "\u{FFFD}"
            bytes.append(contentsOf: Array(String(Character(scalar)).utf8))
        }
        if !bytes.isEmpty { events += decoder.feed(bytes) }
        return events
    }

    /// After a readable notification that produced no input: checks whether the terminal hung
    /// up (end of input) without ever blocking, and returns any byte that arrived meanwhile.
    public func checkForHangUp() -> (hungUp: Bool, events: [Event]) {
        guard isActive else { return (false, []) }
        var descriptor = pollfd(fd: inputDescriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, 0) == 1 else { return (false, []) }
        if descriptor.revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 { return (true, []) }
        var byte: UInt8 = 0
        let count = read(inputDescriptor, &byte, 1)
        if count == 1 { return (false, decoder.feed([byte])) }
        return (count == 0 || (errno != EINTR && errno != EAGAIN), [])
    }

    /// True when a lone ESC (or a partial sequence) waits for more input.
    public var hasPendingInput: Bool { decoder.hasPending }

    /// Resolves pending input as if no more will come: a lone ESC becomes the Esc key.
    public func flushPendingInput() -> [Event] {
        decoder.flush()
    }

    /// After SIGWINCH: resizes ncurses to the terminal's new size and returns the resize event,
    /// or nil when the size did not change (or the terminal reports none).
    public func resizeEvent() -> Event? {
        guard isActive, let size = terminalRows(), resizeIfNeeded(size) else { return nil }
        return .resize(self.size)
    }
}
