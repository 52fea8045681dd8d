import HTTPCore
import JSONTree
import TUI
import Workspace

/// A JSON body still arriving, shown as a partial tree (issue 31): the body's progress asks for
/// a parse of what has come when enough has (`BodyPreviewState.wantsParse`), one at a time; each
/// answer becomes the partial result the response pane shows until the whole one comes.
extension ExchangesReducer {
    /// Body progress of a send: asks for a parse of the start of its body when one is due.
    static func askPreview(
        _ key: RequestKey, generation: Int, progress: ExchangeEvent.BodyProgress, _ state: inout ExchangesState,
        _ context: Context
    ) -> Outcome {
        guard let exchange = state.exchanges[key], exchange.inFlight == generation, exchange.liveStream == nil
        else { return Outcome() }
        // Made at the body's first progress: a send whose body never comes has none.
        var preview =
            exchange.preview.flatMap { $0.generation == generation ? $0 : nil }
            ?? BodyPreviewState(generation: generation)
        preview.progressSeen += 1
        guard
            preview.wantsParse(
                received: progress.bytes, expected: progress.expected, bytesPerSecond: progress.bytesPerSecond,
                now: context.now)
        else {
            state.exchanges[key]?.preview = preview
            return Outcome()
        }
        preview.parsing = true
        state.exchanges[key]?.preview = preview
        return Outcome(effects: [.parseBodyPreview(key, generation: generation, upTo: preview.parseLimit)])
    }

    /// A parse of the start of a body answered: its tree becomes the send's partial result.
    static func bodyPreview(
        _ key: RequestKey, generation: Int, _ parse: BodyPreviewParse?, _ state: inout ExchangesState,
        _ context: Context
    ) -> Outcome {
        guard let exchange = state.exchanges[key], exchange.inFlight == generation,
            var preview = exchange.preview, preview.generation == generation
        else { return Outcome() }
        preview.parsing = false
        preview.parsedAt = context.now
        guard let parse else {
            preview.unavailable = true
            state.exchanges[key]?.preview = preview
            return Outcome()
        }
        preview.parsedReceived = parse.received
        preview.full = parse.full
        // A tree with nothing in it yet (`[` alone) is no first screen: asked again soon instead.
        guard let prefix = parse.prefix, prefix.document.childCount(prefix.document.root) > 0,
            exchange.liveStream == nil
        else {
            state.exchanges[key]?.preview = preview
            return Outcome()
        }
        // The headers come masked (the program's redactor), as a whole result's do.
        var response = ReceivedResponse(
            status: parse.status, reason: StatusCode(rawValue: parse.status).reasonPhrase ?? "", httpVersion: "",
            headers: parse.headers.fields.map { ($0.name, $0.value) },
            timings: Timings(), size: parse.received, content: .json(prefix.document),
            contentType: parse.headers["Content-Type"], banner: nil, checks: [], rawLines: parse.raw)
        response.partial = PartialBody(
            shown: prefix.keptCount, received: parse.received, full: parse.full, arriving: parse.arriving)
        var result = ExchangeResult(
            generation: generation, outcome: .response(response), environmentName: exchange.environmentName,
            isMock: exchange.isMock, url: "", method: "")
        result.trace = exchange.trace
        preview.result = result
        state.exchanges[key]?.preview = preview
        return Outcome(requests: key == context.selection ? [.previewUpdated] : [])
    }
}
