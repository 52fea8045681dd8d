public import TUI

/// Any terminal backend behind one concrete type, so the program is not generic over its screen
/// (a generic program's closures would capture the backend's metatype, which is not `Sendable`).
public final class ScreenBackend: TerminalBackend {
    public let base: any TerminalBackend

    public init(_ base: any TerminalBackend) {
        self.base = base
    }

    public var size: Size { base.size }
    public var colorCapability: ColorCapability { base.colorCapability }
    public func draw(_ updates: [CellUpdate]) { base.draw(updates) }
    public func clear() { base.clear() }
    public func setCursor(_ position: Position?) { base.setCursor(position) }
    public func flush() { base.flush() }
}
