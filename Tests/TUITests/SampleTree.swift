import TUI

/// A test tree: `fanout` children per level down to `depth`; nodes listed in `loading` report
/// their children as not yet loaded.
struct SampleTree: TreeDataSource {
    var rootCount: Int
    var fanout: Int
    var depth: Int
    var loading: Set<TreePath> = []

    func childCount(of path: TreePath) -> Int? {
        if loading.contains(path) { return nil }
        if path.isEmpty { return rootCount }
        return path.count < depth ? fanout : 0
    }

    func isExpandable(_ path: TreePath) -> Bool { path.count < depth }

    func label(of path: TreePath) -> Line {
        Line("node " + path.map(String.init).joined(separator: "."))
    }
}
