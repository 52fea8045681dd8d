import AWSSigning
import BenchSupport
import Foundation
import HTTPCore

// `make bench-sigv4`: what one AWS SigV4 signature of a 1 KB request costs (release build). The
// issue's budget is 20 µs; the median of several rounds is printed against it.
// Two bodies that differ in their last byte, signed in turn: each signature hashes its body (the
// payload memo remembers only the body hashed last). Then one body again and again, as a load
// test sends it: the memo's `memcmp` instead of the hash.
let body = Data((0..<1024).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
var otherBody = body
otherBody[1023] ^= 0xFF
guard let url = URL(string: "https://dynamodb.eu-west-1.amazonaws.com/items/a%20b?limit=10&after=x%2Fy") else {
    fatalError("the benchmark URL does not parse")
}
var request = HTTPRequest(method: .post, url: url)
request.headers.add(name: "Content-Type", value: "application/x-amz-json-1.0")
request.headers.add(name: "X-Amz-Target", value: "DynamoDB_20120810.PutItem")
request.setBody(.bytes(body))
var other = request
other.setBody(.bytes(otherBody))
let fixed = Date(timeIntervalSince1970: 1_767_225_600)
let signer = SigV4Signer(
    credentials: SigV4Credentials(
        accessKeyID: "AKIDEXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY",
        sessionToken: "session-token-example"),
    region: "eu-west-1", service: "dynamodb", clock: { fixed })

let iterations = 20_000
/// The median CPU and wall time per signature (µs) of 7 rounds, and the best CPU time.
func measure(_ requests: [HTTPRequest], into sink: inout Int) -> (cpu: Double, best: Double, wall: Double) {
    // The thread's CPU time is held against the budget (the machine is shared); the wall time is printed beside it.
    let times = runs(7) {
        for index in 0..<iterations {
            guard let signed = try? signer.sign(requests[index % requests.count]) else {
                fatalError("the benchmark request did not sign")
            }
            sink &+= signed.signature.authorization.utf8.count
        }
    }
    let cpus = times.map { $0.cpu / Double(iterations) * 1e6 }.sorted()
    let walls = times.map { $0.wall / Double(iterations) * 1e6 }.sorted()
    return (cpus[cpus.count / 2], cpus[0], walls[walls.count / 2])
}
var sink = 0
let fresh = measure([request, other], into: &sink)
let repeated = measure([request], into: &sink)
print(
    String(
        format:
            "sigv4 sign, 1 KB body hashed each time: median %.2f µs CPU per request (best %.2f), %.2f µs wall; 7 × %d; budget 20 µs",
        fresh.cpu, fresh.best, fresh.wall, iterations))
print(
    String(
        format: "sigv4 sign, the same 1 KB body again (payload memo): median %.2f µs CPU per request, %.2f µs wall",
        repeated.cpu, repeated.wall))
if sink == 0 { print("") }
if fresh.cpu > 20 {
    print("over budget")
    exit(1)
}
