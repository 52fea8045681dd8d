import TUI

/// The demo's tree: a million requests at the top level, each with a few fields below it.
/// Children are made up on demand, so the tree costs nothing until rows are shown. A request's
/// fields are "loaded" the first time it is expanded (`DemoApp` fills `loaded` a moment later):
/// until then its children are unknown (`nil`) and the row shows ⟳.
struct DemoTree: TreeDataSource {
    static let requestCount = 1_000_000
    static let methods = ["GET", "POST", "PUT", "PATCH", "DELETE"]
    var theme: Theme
    var loaded: Set<Int> = []

    func childCount(of path: TreePath) -> Int? {
        switch path.count {
        case 0: Self.requestCount
        case 1: loaded.contains(path[0]) ? 3 : nil
        default: 0
        }
    }

    func isExpandable(_ path: TreePath) -> Bool { path.count == 1 }

    func label(of path: TreePath) -> Line {
        guard let request = path.first else { return "" }
        let method = Self.methods[request % Self.methods.count]
        if path.count == 1 {
            return Line([
                Span(method.padding(toLength: 7), style: theme[ThemeRole.method(method)]),
                Span("/items/\(request)", style: theme[.text]),
            ])
        }
        let status = [200, 404, 503][request % 3]
        switch path.last ?? 0 {
        case 0: return Line([Span("status ", style: theme[.muted]), Span("\(status)", style: theme[.status(status)])])
        case 1:
            return Line([
                Span("bytes  ", style: theme[.muted]), Span("\(request * 37 % 9000)", style: theme[.jsonNumber]),
            ])
        default:
            return Line([Span("name   ", style: theme[.muted]), Span("\"item \(request)\"", style: theme[.jsonString])])
        }
    }
}

extension String {
    /// The string padded with spaces to `length` characters (never cut).
    func padding(toLength length: Int) -> String {
        count >= length ? self : self + String(repeating: " ", count: length - count)
    }
}
