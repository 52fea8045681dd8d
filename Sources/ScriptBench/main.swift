import Foundation
import Scripting
import Workspace

/// `make bench-scripts` (first half): what a script costs in the engine itself, release build.
/// The engine's first use (JavaScriptCore loaded, the sandbox and Chai made), then a typical
/// test script — parse the JSON, three `pm.expect`s — run again and again on the reused context
/// (issue 32: at most 100 µs a request), and a pre-request script that signs with HMAC-SHA256.
let response = ScriptResponse(
    code: 200, reason: "OK", headers: [ScriptHeader("Content-Type", "application/json")],
    body: Array(#"{"user":{"name":"ada","id":7},"tags":["a","b"],"items":[1,2,3,4,5,6,7,8,9,10]}"#.utf8),
    milliseconds: 3)
let typical = """
    const body = pm.response.json();
    pm.test('status is 200', () => pm.response.to.have.status(200));
    pm.test('user', () => { pm.expect(body.user.name).to.eql('ada'); pm.expect(body.user.id).to.be.a('number'); });
    pm.test('tags', () => pm.expect(body.tags).to.include('b'));
    """
let signing = """
    const body = pm.variables.replaceIn(pm.request.body.raw);
    pm.request.headers.add({ key: 'X-Signature', value: CryptoJS.HmacSHA256(body, pm.environment.get('key')).toString() });
    """

func job(_ text: String, stage: ScriptJob.Stage) -> ScriptJob {
    ScriptJob(
        stage: stage, scripts: [ScriptSource(text, origin: "request Bench")],
        request: ScriptRequest(
            method: "POST", url: "http://127.0.0.1/items", headers: [ScriptHeader("Accept", "application/json")],
            body: #"{"id": "{{id}}", "payload": "0123456789"}"#),
        response: stage == .test ? response : nil,
        variables: ScriptVariables(environment: ["key": "s3cret", "id": "42"]),
        info: ScriptInfo(requestName: "Bench", requestID: "bench"))
}

func microseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1e6 + Double(duration.components.attoseconds) / 1e12
}

let engine = JavaScriptEngine()
let clock = ContinuousClock()
let first = clock.measure { _ = engine.run(job("1", stage: .test)) }
print(
    "engine's first use (library loaded, sandbox and Chai made): \(String(format: "%.1f", microseconds(first) / 1000)) ms"
)

for (name, text, stage) in [
    ("typical test script (JSON parse, 3 pm.expect)", typical, ScriptJob.Stage.test),
    ("pre-request HMAC-SHA256 signing", signing, .preRequest),
] {
    let work = job(text, stage: stage)
    let check = engine.run(work)
    guard check.errors.isEmpty, check.tests.allSatisfy(\.passed) else {
        print("bench-scripts: the \(name) failed: \(check.errors) \(check.tests)")
        exit(1)
    }
    for _ in 0..<500 { _ = engine.run(work) }
    var samples: [Double] = []
    let count = 20_000
    samples.reserveCapacity(count)
    for _ in 0..<count {
        let elapsed = clock.measure { _ = engine.run(work) }
        samples.append(microseconds(elapsed))
    }
    samples.sort()
    let median = samples[count / 2]
    let p99 = samples[count * 99 / 100]
    print(
        "\(name): median \(String(format: "%.1f", median)) µs, p99 \(String(format: "%.1f", p99)) µs over \(count) runs (budget 100 µs)"
    )
}

// The same job asked from two threads in turn, as `lazer run`'s tasks ask from whichever thread of
// the pool they resume on: JavaScriptCore pays at each change of thread (its lock handed over, stack
// limits and allocator caches redone). A dedicated script thread was tried: on this 2-core VM the
// hop to it and back (two semaphore wake-ups) cost more than the change it saved.
do {
    let work = job(typical, stage: .test)
    let turns = [DispatchSemaphore(value: 0), DispatchSemaphore(value: 0)]
    let done = DispatchSemaphore(value: 0)
    let rounds = 10_000
    let start = ContinuousClock.now
    for side in 0..<2 {
        Thread.detachNewThread {
            for index in 0..<rounds where index % 2 == side {
                turns[side].wait()
                _ = engine.run(work)
                turns[1 - side].signal()
            }
            done.signal()
        }
    }
    turns[0].signal()
    done.wait()
    done.wait()
    let each = microseconds(ContinuousClock.now - start) / Double(rounds)
    print(
        "typical test script asked from two threads in turn: \(String(format: "%.1f", each)) µs a job (handover included)"
    )
}
