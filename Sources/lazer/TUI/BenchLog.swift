import Explorer
import Foundation
import HTTPCore
import TUI

// timespec: with GraphQLSwift (which imports CoreFoundation) in lazer's graph, the compiler may
// find the type through CoreFoundation, and MemberImportVisibility then wants that module named.
#if canImport(CoreFoundation)
import CoreFoundation
#endif

/// `LAZER_BENCH_LOG=FILE lazer …`: the explorer appends one line per drawn frame to FILE, for
/// `make bench-explorer` (scripts/bench/explorer-bench.py reads it). Off unless the variable is
/// set: then no hook is installed at all.
///
/// Every line starts with CLOCK_MONOTONIC in nanoseconds (the clock Python's `time.monotonic_ns`
/// reads, so the driver's own timestamps compare directly), then a word and `key=value` fields:
///
///     <ns> main pid=<pid>                     the command's run() started
///     <ns> frame n=<n> cells=<c> full=<0|1> [first] [collections=<count>] [whole=<count>]
///         [stage=<stage>] [tree=<generation>] [keys=<arrival ns>/<key>,…]
///
/// `collections` appears on the first frame that shows a loaded collection's rows (a big file's
/// first look counts), `whole` on the first frame after every file was read whole, `stage` when the
/// selected request's send changes stage (sending, waiting, receiving, parsing, done), `tree` on
/// the first frame that draws the rows of a result's JSON tree (`tree=<generation>/partial` for a
/// body still arriving; then `tree=<generation>` again for the whole one), and `keys` lists the key and paste
/// events reduced since the previous frame with the time each reached the program's event handler.
/// Timestamps are taken after the frame went out through ncurses (`doupdate` has written to the
/// terminal).
///
/// Threading: used on the main thread only (created before the program starts).
final class BenchLog {
    private let file: UnsafeMutablePointer<FILE>
    private var frames = 0
    private var pendingKeys = ""
    private var collectionsShown = false
    private var wholeShown = false
    private var lastStage = ""
    private var lastTree: String?

    /// The log named by `LAZER_BENCH_LOG`, or nil when the variable is unset or the file cannot be opened.
    static func open(environment: [String: String]) -> BenchLog? {
        guard let path = environment["LAZER_BENCH_LOG"], !path.isEmpty, let file = fopen(path, "a") else {
            return nil
        }
        setvbuf(file, nil, _IOLBF, 4096)
        return BenchLog(file: file)
    }

    private init(file: UnsafeMutablePointer<FILE>) {
        self.file = file
        write("main pid=\(getpid())")
    }

    static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    /// Notes the arrival of an input event (before the program reduces it).
    func received(_ event: Event) {
        let name: String
        switch event {
        case .key(let key): name = key.description
        case .paste(let text): name = "paste:\(text.utf8.count)"
        default: return
        }
        if !pendingKeys.isEmpty { pendingKeys += "," }
        pendingKeys += "\(Self.now())/\(name)"
    }

    /// Notes a drawn frame and what it shows for the first time.
    func drew(_ report: FrameReport, state: ExplorerState) {
        frames += 1
        var line = "frame n=\(frames) cells=\(report.cellsSent) full=\(report.fullRedraw ? 1 : 0)"
        if frames == 1 { line += " first" }
        if !collectionsShown, !state.collections.isEmpty, !state.isLoading || !state.navigator.rows.isEmpty {
            collectionsShown = true
            line += " collections=\(state.collections.count)"
        }
        if !wholeShown, !state.isLoading, !state.collections.contains(where: \.isPartial) {
            wholeShown = true
            line += " whole=\(state.collections.count)"
        }
        let stage = Self.stage(of: state.exchange)
        if stage != lastStage {
            lastStage = stage
            line += " stage=\(stage.isEmpty ? "none" : stage)"
        }
        let tree =
            state.response.tree == nil
            ? nil
            : state.response.treeGeneration.map {
                state.response.treePartial ? "\($0)/partial" : "\($0)"
            }
        if let tree, tree != lastTree, state.response.tab == .tree {
            line += " tree=\(tree)"
        }
        lastTree = tree
        if !pendingKeys.isEmpty {
            line += " keys=" + pendingKeys
            pendingKeys = ""
        }
        write(line)
    }

    private static func stage(of exchange: ExchangeState?) -> String {
        guard let exchange else { return "" }
        guard exchange.inFlight != nil else { return exchange.result == nil ? "" : "done" }
        switch exchange.stage {
        case .transport(let stage, _): return stage.rawValue
        case .step: return "parsing"
        }
    }

    private func write(_ text: String) {
        fputs("\(Self.now()) \(text)\n", file)
    }
}
