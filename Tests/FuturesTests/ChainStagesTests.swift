import Futures
import FuturesTesting
import Synchronization
import Testing

/// A clock the test moves by hand: stages are timed on it, so durations are exact without sleeping.
final class TestClock: Sendable {
    private let now = Mutex(Duration.zero)
    func advance(by duration: Duration) { now.withLock { $0 += duration } }
    var read: @Sendable () -> Duration { { [self] in now.withLock { $0 } } }
}

private struct Invalid: Error {}

/// The error of docs/futures.md's example.
enum StageExampleError: Error {
    case badStatus(Int)
}

@Suite("ChainStages: a chain's time attributed stage by stage")
struct ChainStagesTests {
    let scheduler = ManualScheduler()
    let clock = TestClock()

    @Test("stages are declared in chain order when built, then start and end with their outcome and times")
    func stageByStage() throws {
        let stages = ChainStages(clock: clock.read)
        let dispatch = ResponseFuture<Int>(scheduler: scheduler)
        let chain =
            dispatch
            .stage("dispatch", in: stages)
            .stage("validate", in: stages) { [clock] value -> Int in
                clock.advance(by: .milliseconds(2))
                return value
            }
            .stage("decode JSON", in: stages) { [clock] value -> String in
                clock.advance(by: .milliseconds(5))
                return "\(value)"
            }
        #expect(stages.stages.map(\.label) == ["dispatch", "validate", "decode JSON"])
        #expect(stages.stages.allSatisfy { $0.start == nil })
        let value = Mutex<String?>(nil)
        chain.success { received in value.withLock { $0 = received } }.send()
        #expect(stages.running?.label == "dispatch")
        clock.advance(by: .milliseconds(30))
        dispatch.succeed(with: 7)
        scheduler.runAll()
        #expect(value.withLock { $0 } == "7")
        let recorded = stages.stages
        #expect(recorded.map { $0.outcome?.name } == ["succeeded", "succeeded", "succeeded"])
        #expect(recorded.map(\.start) == [.zero, .milliseconds(30), .milliseconds(32)])
        #expect(recorded.map(\.duration) == [.milliseconds(30), .milliseconds(2), .milliseconds(5)])
        #expect(stages.running == nil)
    }

    @Test("a stage that throws fails; the stages after it are skipped, and the chain fails with that error")
    func failureSkipsTheRest() throws {
        let stages = ChainStages(clock: clock.read)
        let chain = ResponseFuture<Int>(scheduler: scheduler, result: .success(1))
            .stage("dispatch", in: stages)
            .stage("validate", in: stages) { _ -> Int in throw Invalid() }
            .stage("expectations", in: stages) { $0 }
            .stage("captures", in: stages) { $0 }
        let failed = Mutex(false)
        chain.error { error in failed.withLock { $0 = error is Invalid } }.send()
        scheduler.runAll()
        #expect(failed.withLock { $0 })
        #expect(stages.stages.map { $0.outcome?.name } == ["succeeded", "failed", "skipped", "skipped"])
        guard case .failed(let error) = stages.stages[1].outcome else {
            Issue.record("validate did not fail")
            return
        }
        #expect(error is Invalid)
    }

    @Test("cancelling the chain ends the running stage and the waiting ones cancelled")
    func cancellation() throws {
        let stages = ChainStages(clock: clock.read)
        let dispatch = ResponseFuture<Int>(scheduler: scheduler)
        let chain = dispatch.stage("dispatch", in: stages).stage("decode JSON", in: stages) { $0 }
        chain.send()
        clock.advance(by: .milliseconds(4))
        chain.cancel()
        scheduler.runAll()
        #expect(dispatch.isCancelled)
        #expect(stages.stages.map { $0.outcome?.name } == ["cancelled", "cancelled"])
        #expect(stages.stages[0].duration == .milliseconds(4))
    }

    @Test("onChange sees every declaration, start and end, in order")
    func changes() throws {
        let seen = Mutex<[String]>([])
        let stages = ChainStages(clock: clock.read) { stage in
            let state = stage.outcome?.name ?? (stage.start == nil ? "declared" : "started")
            seen.withLock { $0.append("\(stage.label) \(state)") }
        }
        let chain = ResponseFuture<Int>(scheduler: scheduler, result: .success(1))
            .stage("dispatch", in: stages)
            .stage("captures", in: stages) { $0 + 1 }
        chain.send()
        scheduler.runAll()
        #expect(
            seen.withLock { $0 } == [
                "dispatch declared", "captures declared", "dispatch started", "dispatch succeeded", "captures started",
                "captures succeeded",
            ])
    }

    @Test("docs/futures.md's example: three stages timed on the test's clock")
    func documentationExample() throws {
        // The code of docs/futures.md, "Stages of a chain", as written there.
        let scheduler = ManualScheduler()
        let now = Mutex(Duration.zero)  // the test's clock: stages are timed on it
        let stages = ChainStages(clock: { now.withLock { $0 } })
        let dispatch = ResponseFuture<Int>(scheduler: scheduler)
        let chain =
            dispatch
            .stage("dispatch", in: stages)  // a future as a stage: from send to settle
            .stage("validate", in: stages) { status -> Int in  // a `then` step as a stage
                guard status < 400 else { throw StageExampleError.badStatus(status) }
                return status
            }
            .stage("decode JSON", in: stages) { status in "status \(status)" }
        chain.send()
        now.withLock { $0 = .milliseconds(30) }
        dispatch.succeed(with: 200)
        scheduler.runAll()
        // stages.stages: dispatch 0–30 ms succeeded, validate and decode JSON at 30 ms succeeded

        #expect(stages.stages.map(\.label) == ["dispatch", "validate", "decode JSON"])
        #expect(stages.stages.map { $0.outcome?.name } == ["succeeded", "succeeded", "succeeded"])
        #expect(stages.stages.map(\.start) == [.zero, .milliseconds(30), .milliseconds(30)])
        #expect(stages.stages[0].duration == .milliseconds(30))
    }
}
