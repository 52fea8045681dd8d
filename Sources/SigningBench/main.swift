import AWSSigning
import Foundation
import HTTPCore

// `make bench-sigv4`: what one AWS SigV4 signature of a 1 KB request costs (release build). The
// issue's budget is 20 µs; the median of several rounds is printed against it.
let body = Data((0..<1024).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
guard let url = URL(string: "https://dynamodb.eu-west-1.amazonaws.com/items/a%20b?limit=10&after=x%2Fy") else {
    fatalError("the benchmark URL does not parse")
}
var request = HTTPRequest(method: .post, url: url)
request.headers.add(name: "Content-Type", value: "application/x-amz-json-1.0")
request.headers.add(name: "X-Amz-Target", value: "DynamoDB_20120810.PutItem")
request.setBody(.bytes(body))
let fixed = Date(timeIntervalSince1970: 1_767_225_600)
let signer = SigV4Signer(
    credentials: SigV4Credentials(
        accessKeyID: "AKIDEXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY",
        sessionToken: "session-token-example"),
    region: "eu-west-1", service: "dynamodb", clock: { fixed })

/// Wall-clock and thread-CPU seconds of one run of `work`: the machine is shared, so the
/// thread's CPU time is the figure held against the budget, the wall time printed beside it.
func measure(_ work: () -> Void) -> (wall: Double, cpu: Double) {
    var cpuStart = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &cpuStart)
    let start = DispatchTime.now().uptimeNanoseconds
    work()
    let wall = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    var cpuEnd = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &cpuEnd)
    let cpu = Double(cpuEnd.tv_sec - cpuStart.tv_sec) + Double(cpuEnd.tv_nsec - cpuStart.tv_nsec) / 1e9
    return (wall, cpu)
}

let iterations = 20_000
var walls: [Double] = []
var cpus: [Double] = []
var sink = 0
for _ in 0..<7 {
    let (wall, cpu) = measure {
        for _ in 0..<iterations {
            guard let signed = try? signer.sign(request) else { fatalError("the benchmark request did not sign") }
            sink &+= signed.signature.authorization.utf8.count
        }
    }
    walls.append(wall / Double(iterations) * 1e6)
    cpus.append(cpu / Double(iterations) * 1e6)
}
walls.sort()
cpus.sort()
let cpu = cpus[cpus.count / 2]
print(
    String(
        format:
            "sigv4 sign, 1 KB body: median %.2f µs CPU per request (best %.2f), %.2f µs wall; %d × %d; budget 20 µs",
        cpu, cpus[0], walls[walls.count / 2], cpus.count, iterations))
if sink == 0 { print("") }
if cpu > 20 {
    print("over budget")
    exit(1)
}
