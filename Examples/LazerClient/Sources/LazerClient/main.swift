// `swift run LazerClient` answers from a MockDispatcher (offline); `swift run LazerClient URL`
// sends a GET over libcurl. Either way each exchange event is printed as it happens, and a chain
// of labelled stages shows where the time went.
import CurlTransport
import Dispatch
import Foundation
import Futures
import HTTPCore

struct Greeting: Codable, Sendable {
    var message: String
}

let events = ClosureExchangeObserver { event in
    let milliseconds =
        Double(event.offset.components.attoseconds) / 1e15
        + Double(event.offset.components.seconds) * 1000
    print(String(format: "%8.1f ms  %@%@", milliseconds, event.kind.name, event.isMock ? " (mock)" : ""))
}

let dispatcher: any DataDispatcher
var request: HTTPRequest
if CommandLine.arguments.count > 1, let url = URL(string: CommandLine.arguments[1]) {
    dispatcher = CurlDispatcher(configuration: .init(scheduler: ImmediateScheduler()))
    request = HTTPRequest(url: url, options: RequestOptions(totalTimeout: .seconds(10)))
} else {
    let mock = MockDispatcher(scheduler: ImmediateScheduler(), delays: DispatchQueueScheduler(.global()))
    try mock.register(.get, "/hello", responses: try .json(Greeting(message: "hi"), delay: .milliseconds(20)))
    dispatcher = mock
    request = HTTPRequest(path: "/hello", serverProvider: nil)  // the mock answers relative paths
}
request.exchangeObserver = events

let stages = ChainStages()
let chain = dispatcher.dataFuture(from: request)
    .stage("dispatch", in: stages)
    .stage("validate", in: stages) { response -> DataResponse in
        if let error = response.httpError { throw error }
        return response
    }
    .stage("decode", in: stages) { response in (try? response.decodeString()) ?? "" }
    .parallelJoin { ResponseFuture<Int>(scheduler: ImmediateScheduler(), result: .success(42)) }

switch await chain.fetchResult() {
case .success(let (body, answer)):
    print("body: \(body.prefix(80)) · joined with \(answer)")
case .failure(let error):
    print("failed: \(ErrorTranslator.standard.translate(error).title)")
}
for stage in stages.stages {
    print("stage \(stage.label): \(stage.outcome?.name ?? "pending") \(stage.duration.map { "\($0)" } ?? "")")
}
