package import TUI

/// Any terminal backend behind one concrete type, so the program is not generic over its screen
/// (a generic program's closures would capture the backend's metatype, which is not `Sendable`).
package final class ScreenBackend: TerminalBackend {
    package let base: any TerminalBackend

    package init(_ base: any TerminalBackend) {
        self.base = base
    }

    package var size: Size { base.size }
    package var colorCapability: ColorCapability { base.colorCapability }
    package func draw(_ updates: [CellUpdate]) { base.draw(updates) }
    package func clear() { base.clear() }
    package func setCursor(_ position: Position?) { base.setCursor(position) }
    package func flush() { base.flush() }
}
