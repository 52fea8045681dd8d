package import HTTPCore
package import JSONTree

/// A JSON body still arriving, shown as what has come (issue 31: trees before the last byte).
/// The program reads the start the transport kept (`BodyPreview`) and makes a `JSONPrefix` of it
/// on the work queue, one parse at a time; the exchanges slice asks for the next when enough has
/// arrived since. The response pane shows it as a result of the send in flight, marked partial.
package struct BodyPreviewState: Sendable, Equatable {
    /// The send it belongs to.
    package var generation: Int
    /// The result shown meanwhile (its body the partial tree); nil until a parse gave a tree.
    package var result: ExchangeResult?
    /// A parse is running: no other is asked until it answers.
    package var parsing = false
    /// Bytes received when the last parse read them (0: none yet).
    package var parsedReceived: Int64 = 0
    /// `ExplorerState.now` when the last parse answered.
    package var parsedAt: Duration = .zero
    /// The response's body is not kept (not JSON, or a stream): nothing is asked any more.
    package var unavailable = false
    /// The last parse kept as much as the transport keeps: later bytes change nothing shown.
    package var full = false
    /// Body progress reports seen (the transport sends one at the first bytes, then one every
    /// 100 ms): the first parse waits for the second, so a body that has all come by then — most
    /// bodies — costs its whole tree nothing.
    package var progressSeen = 0

    package init(generation: Int) {
        self.generation = generation
    }

    /// How much of the kept start the next parse reads: a first screen's worth (1 MiB) until a
    /// tree came, then all of it.
    package var parseLimit: Int { result == nil ? Self.firstScreenBytes : .max }

    /// Enough of a body for its first screen of rows, however it is laid out.
    package static let firstScreenBytes = 1 << 20

    /// A body whose whole tree follows its last byte within a few hundred milliseconds.
    package static let quickWholeBytes: Int64 = 64 << 20

    /// Whether a body that has `received` bytes now is worth parsing: first at the second progress
    /// report; while no tree came of it (no value complete yet), again after 16 KiB or 100 ms;
    /// then twice a second. A body of at most `quickWholeBytes` that has all come (`expected`), or
    /// will within 200 ms at `bytesPerSecond`, is left to its whole tree: nothing is parsed on the
    /// work queue that tree waits for.
    package func wantsParse(
        received: Int64, expected: Int64? = nil, bytesPerSecond: Double? = nil, now: Duration
    ) -> Bool {
        guard !parsing, !unavailable, !full, received > parsedReceived else { return false }
        if let expected, expected <= Self.quickWholeBytes {
            if received >= expected { return false }
            if let rate = bytesPerSecond, rate > 0, Double(expected - received) / rate < 0.2 { return false }
        }
        if parsedReceived == 0 { return progressSeen >= 2 }
        let since = now - parsedAt
        guard result != nil else { return received - parsedReceived >= 16 << 10 || since >= .milliseconds(100) }
        return since >= .milliseconds(500)
    }
}

/// What one parse of the start of a body gave (`ExplorerEffect.parseBodyPreview`).
package struct BodyPreviewParse: Sendable, Equatable {
    package var status: Int
    /// The response's headers, credentials masked.
    package var headers: HTTPHeaders
    /// The document of the complete values so far; nil when none is complete yet (or it is not JSON).
    package var prefix: JSONPrefix?
    /// The bytes of `prefix` as Raw shows them (without the brackets that close it), their lines
    /// found on the work queue.
    package var raw: TextBody?
    /// The containers of `prefix` still open where it stops (`PartialBody.arriving`), found on the
    /// work queue too.
    package var arriving: [JSONNode]
    /// Bytes of the body received when it was read.
    package var received: Int64
    /// Bytes of it kept (the transport keeps the start only, up to its limit).
    package var kept: Int
    /// Whether `kept` reached that limit.
    package var full: Bool

    package init(
        status: Int, headers: HTTPHeaders, prefix: JSONPrefix?, received: Int64, kept: Int, full: Bool
    ) {
        self.status = status
        self.headers = headers
        self.prefix = prefix
        raw = prefix.map { TextBody(bytes: Array($0.document.bytes.prefix($0.keptCount))) }
        arriving = prefix.map { PartialBody.arriving(in: $0.document, count: $0.openContainers) } ?? []
        self.received = received
        self.kept = kept
        self.full = full
    }
}

/// What a partial result's tree holds of its body (`ReceivedResponse.partial`).
package struct PartialBody: Sendable, Equatable {
    /// Bytes of the body the tree shows (up to its last complete value).
    package var shown: Int
    /// Bytes received when the tree was made.
    package var received: Int64
    /// The start kept reached its limit: the rest shows when the whole body has arrived.
    package var full: Bool
    /// The containers still open where the tree stops (the root, then each one's last child):
    /// their rows say more is on its way.
    package var arriving: [JSONNode]

    package init(shown: Int, received: Int64, full: Bool, arriving: [JSONNode] = []) {
        self.shown = shown
        self.received = received
        self.full = full
        self.arriving = arriving
    }

    /// The `count` containers a cut left open in `document` (`JSONPrefix.openContainers`): the
    /// root, then each one's last child.
    package static func arriving(in document: JSONDocument, count: Int) -> [JSONNode] {
        var nodes: [JSONNode] = []
        var node = document.root
        while nodes.count < count, document.kind(node).isContainer {
            nodes.append(node)
            let children = document.childCount(node)
            guard children > 0, let last = document.child(node, at: children - 1) else { break }
            node = last
        }
        return nodes
    }
}
