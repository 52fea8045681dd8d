import CCurses
import Glibc
package import TUI

extension NcursesBackend {
    /// Reads everything the terminal has sent (without waiting) and decodes it into events.
    ///
    /// The bytes are read from the input descriptor directly, not with `wget_wch`: with keypad
    /// translation off ncurses would only pass them through, and on a byte that is not UTF-8 (a
    /// pasted binary, a Latin-1 terminal) `wget_wch` fails and strands the bytes after it in
    /// ncurses' own buffer, where no readable notification ever announces them again: the keyboard
    /// went dead. `InputDecoder` turns invalid UTF-8 into U+FFFD instead.
    ///
    /// A lone ESC stays pending inside the decoder: if `hasPendingInput` is true afterwards, call
    /// `flushPendingInput()` once the ESC delay has passed with no more input.
    package func readEvents() -> [Event] {
        guard isActive else { return [] }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            var descriptor = pollfd(fd: inputDescriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 0) == 1, descriptor.revents & Int16(POLLIN) != 0 else { break }
            let count = read(inputDescriptor, &chunk, chunk.count)
            guard count > 0 else { break }
            bytes.append(contentsOf: chunk[0..<count])
        }
        return bytes.isEmpty ? [] : decoder.feed(bytes)
    }

    /// After a readable notification that produced no input: checks whether the terminal hung
    /// up (end of input) without ever blocking, and returns any byte that arrived meanwhile.
    package func checkForHangUp() -> (hungUp: Bool, events: [Event]) {
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
    package var hasPendingInput: Bool { decoder.hasPending }

    /// Resolves pending input as if no more will come: a lone ESC becomes the Esc key.
    package func flushPendingInput() -> [Event] {
        decoder.flush()
    }

    /// True inside a bracketed paste whose end marker has not arrived yet.
    package var isPasting: Bool { decoder.isPasting }

    /// Ends a paste whose end marker never came (see `TerminalEventLoop`): without this, every
    /// key after it would be taken as pasted text and the screen would seem frozen.
    package func endUnterminatedPaste() -> [Event] {
        decoder.endPaste()
    }

    /// After SIGWINCH: resizes ncurses to the terminal's new size and returns the resize event,
    /// or nil when the size did not change (or the terminal reports none).
    package func resizeEvent() -> Event? {
        guard isActive, let size = terminalRows(), resizeIfNeeded(size) else { return nil }
        return .resize(self.size)
    }
}
