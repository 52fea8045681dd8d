import Explorer
import ExplorerTesting
import Foundation
import HTTPCore
import TUI
import Testing
import Workspace

/// Every batch of input is followed by a frame that shows the state it left, whatever else is
/// going on: sends in flight with their events and ticks, resizes (issue 33, bug 3: keys were
/// read and nothing drawn until the terminal was resized).
@MainActor
struct FrameStressTests {
    /// Deterministic pseudo-random numbers (SplitMix64), so a failure replays.
    private struct Random {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((z ^ (z >> 31)) % UInt64(bound))
        }
    }

    /// Keys that move, switch panes and tabs, open and close dialogs, send and cancel (none that
    /// quits, suspends or hands the terminal to another program).
    private static let keys = [
        "j", "k", "down", "up", "tab", "shift+tab", "F1", "esc", "esc", "]", "[", "enter", "F5", "F5", "F2",
        "ctrl+p", "g", "1", "2", "3", "G", "l", "h", "space", "alt+z", "x", "/", "a", "F4", "pagedown",
    ]

    /// A terminal's bytes for a few keys and pastes, cut into pieces at random points inside the
    /// pastes (between keys otherwise), and the events they are.
    private func terminalBytes(_ random: inout Random) -> (pieces: [[UInt8]], events: [Event]) {
        let keys: [(bytes: String, event: Event)] = [
            ("j", .key(KeyEvent(.character("j")))), ("k", .key(KeyEvent(.character("k")))),
            ("\u{1B}OP", .key(KeyEvent(.function(1)))), ("\u{1B}[B", .key(KeyEvent(.down))),
            ("/", .key(KeyEvent(.character("/")))), ("\t", .key(KeyEvent(.tab))),
        ]
        let texts = ["posts", "a\u{1B}[20b", "\u{1B}[201", "é\u{1B}", "{\"id\": 1}"]
        var pieces: [[UInt8]] = []
        var events: [Event] = []
        for _ in 0..<(1 + random.next(5)) {
            if random.next(3) == 0 {
                let text = texts[random.next(texts.count)]
                let bytes = Array("\u{1B}[200~\(text)\u{1B}[201~".utf8)
                let cut = 6 + random.next(bytes.count - 6)
                pieces += [Array(bytes[..<cut]), Array(bytes[cut...])]
                events.append(.paste(text))
            } else {
                let key = keys[random.next(keys.count)]
                pieces.append(Array(key.bytes.utf8))
                events.append(key.event)
            }
        }
        return (pieces, events)
    }

    /// What a frame of `state` shows, drawn afresh.
    private func render(_ state: ExplorerState, _ size: Size) -> String {
        let terminal = Terminal(backend: TestBackend(width: size.width, height: size.height))
        terminal.draw { frame in ExplorerView.render(state, into: &frame) }
        return terminal.backend.textDump()
    }

    @Test(arguments: [1, 2, 3, 4]) func everyInputBatchIsFollowedByAFrameOfTheStateItLeft(seed: Int) throws {
        let harness = try ExplorerHarness(
            collections: [TestCollections.alpha], startup: StartupRequest(request: "a-slow"),
            processEnvironment: TestCollections.environment)
        var random = Random(state: UInt64(seed))
        var size = harness.backend.size
        for step in 0..<400 {
            switch random.next(11) {
            case 0:
                // The terminal changes size (the backend first, then the event, as a terminal does).
                size = Size(width: 60 + random.next(80), height: 16 + random.next(40))
                harness.resize(width: size.width, height: size.height, settle: random.next(2) == 0)
            case 1, 2:
                // Time passes: mock answers arrive, ticks fire, toasts expire.
                harness.advance(by: .milliseconds(1 + random.next(700)))
            case 3:
                // A burst of a send's own events for whatever is in flight.
                if let key = harness.state.selection, let generation = harness.state.exchanges[key]?.inFlight {
                    for bytes in 1...(1 + random.next(20)) {
                        let progress = ExchangeEvent.BodyProgress(
                            bytes: Int64(bytes) * 100, expected: nil, bytesPerSecond: nil)
                        harness.dispatch(
                            .exchangeEvent(
                                key, generation: generation,
                                ExchangeEvent(
                                    offset: .milliseconds(5), kind: .bodyProgress(progress), stage: .receiving)),
                            settle: false)
                    }
                }
            case 4:
                // Keys and pastes as the terminal sends them, read in pieces with the ESC delay
                // running out between pieces inside a paste (the working day's freeze: a paste's
                // end marker split in two, every key after it taken as pasted text).
                let frames = harness.frameCount
                let (pieces, expected) = terminalBytes(&random)
                var decoder = InputDecoder()
                var events: [Event] = []
                for piece in pieces {
                    events += decoder.feed(piece)
                    if decoder.isPasting { events += decoder.flush() }
                }
                events += decoder.flush()
                #expect(events == expected, "step \(step): the terminal's bytes were not read as sent")
                #expect(!decoder.isPasting, "step \(step): input is still taken as pasted text")
                for event in events { harness.program.handle(event) }
                harness.settle()
                #expect(harness.frameCount > frames, "step \(step): an input batch was not followed by a frame")
            default:
                // A batch of keys read at once, then the main queue runs (as after one read).
                let frames = harness.frameCount
                for _ in 0..<(1 + random.next(6)) {
                    let spec = Self.keys[random.next(Self.keys.count)]
                    guard let event = KeySpec.parse(spec) else { continue }
                    harness.program.handle(.key(event))
                }
                harness.settle()
                #expect(harness.frameCount > frames, "step \(step): an input batch was not followed by a frame")
                let expected = render(harness.state, harness.backend.size)
                if harness.screen != expected {
                    // A send's own reports (exchange events, chain stages) wait for the next tick
                    // by design: one must be due, and it must draw them.
                    guard let wake = harness.state.nextWake else {
                        Issue.record(Comment(rawValue: "step \(step): not drawn, and nothing will draw it"))
                        return
                    }
                    let before = harness.frameCount
                    harness.advance(by: max(.milliseconds(1), wake - harness.clock.now()))
                    #expect(harness.frameCount > before, "step \(step): the tick that was due did not draw")
                }
                if harness.host.didQuit { return }
            }
        }
    }
}
