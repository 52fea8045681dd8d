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
            switch random.next(10) {
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
