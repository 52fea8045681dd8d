import HTTPCore
import Replay
import Synchronization
import Workspace

extension LoadRunner {
    /// One virtual user of the closed model: the selected requests in order, pass after pass, with
    /// its own captures, until the deadline, the iterations or a stop. Its first pass goes through
    /// the runner; after it, when every request rendered (`LoadRendering`) to one origin, the
    /// passes go over `keepAlive`'s connection, until that hands a request back.
    func runUser(
        items: [RunPlan.Item], preparers: [RequestPreparer], names: [String], origin: ContinuousClock.Instant,
        deadline: ContinuousClock.Instant?, iterations: Int?
    ) async {
        // Each user keeps its own captures: a login's token reaches its own next request.
        var captures: [String: [String: VariableScope.Value]] = [:]
        var renderings: [LoadRendering?] = keepAlive == nil ? [] : Array(repeating: nil, count: items.count)
        var pass = 0
        var slot = 0
        while !Task.isCancelled, !stats.isStopRequested {
            if slot == 0 {
                if let iterations, pass >= iterations { break }
                if let deadline, ContinuousClock.now >= deadline { break }
                if deadline == nil, iterations == nil, pass >= 1 { break }
                pass += 1
            }
            let item = items[slot]
            let id = item.document.collection.id
            let values = captures[id] ?? runner.initialValues(for: item.document)
            let start = ContinuousClock.now
            stats.started(at: start - origin)
            var result: RequestResult
            let captured: [String: VariableScope.Value]
            let completedAt: ContinuousClock.Instant?
            if pass == 1, !renderings.isEmpty {
                let rendering: LoadRendering?
                (result, captured, completedAt, rendering) = await runner.executeRendering(
                    item, preparer: preparers[slot], captures: values)
                renderings[slot] = rendering
            } else {
                (result, captured, completedAt) = await runner.execute(
                    item, preparer: preparers[slot], captures: values)
            }
            Self.markCancelledAtTheEnd(&result)
            captures[id] = values.merging(captured) { _, new in new }
            let now = ContinuousClock.now
            let end = Self.end(completedAt, now: now)
            stats.finished(names[slot], result, latency: end - start, at: now - origin)
            slot = slot + 1 == items.count ? 0 : slot + 1
            guard slot == 0, pass == 1, let keepAlive, let rendered = Self.oneOrigin(renderings) else { continue }
            renderings = []
            let user = KeepAliveUser(
                renderings: rendered, names: names, stats: stats, origin: origin, deadline: deadline,
                iterations: iterations, pass: pass)
            await keepAlive.drive(rendered.map(\.request), to: rendered[0].target, sink: user)
            guard user.handedBack else { break }
            pass = user.pass
            slot = user.next
        }
    }

    /// The renderings, when every request rendered and all go to one origin.
    static func oneOrigin(_ renderings: [LoadRendering?]) -> [LoadRendering]? {
        let rendered = renderings.compactMap { $0 }
        guard !rendered.isEmpty, rendered.count == renderings.count,
            rendered.allSatisfy({ $0.target == rendered[0].target })
        else { return nil }
        return rendered
    }
}

/// The renderings of the open model's first request of each selected one, as they come back
/// from their tasks: `taken()` hands them over once, when all came and all go to one origin.
final class FirstRenderings: Sendable {
    private struct State {
        var renderings: [LoadRendering?]
        var answered: Int
        var taken = false
    }

    private let state: Mutex<State>

    init(count: Int) {
        state = Mutex(State(renderings: Array(repeating: nil, count: count), answered: 0))
    }

    func set(_ rendering: LoadRendering?, at slot: Int) {
        state.withLock { state in
            state.renderings[slot] = rendering
            state.answered += 1
        }
    }

    /// The renderings, once: when every first request came back rendered, to one origin.
    func taken() -> [LoadRendering]? {
        state.withLock { state in
            guard !state.taken, state.answered == state.renderings.count else { return nil }
            state.taken = true
            return LoadRunner.oneOrigin(state.renderings)
        }
    }
}
