import Futures
import HTTPCore
import Workspace

/// A plain request sent without waiting for its answer: the one-at-a-time run starts the next
/// request before it checks the one before (`ReplayRunner+OneAtATime`).
extension RequestExecution {
    /// A plain request `start` sent, its response not read yet. A class: the run holds it while
    /// it checks the request before it, and hands it on as one reference.
    final class InFlight {
        let future: ResponseFuture<DataResponse>?
        let sent: Sent
        let preparation: SendPreparation
        /// Taken once by `finish` (the one reference to it then, so filling it in copies nothing).
        var result: RequestResult?

        init(
            future: ResponseFuture<DataResponse>?, sent: Sent, preparation: SendPreparation, result: RequestResult
        ) {
            self.future = future
            self.sent = sent
            self.preparation = preparation
            self.result = result
        }
    }

    /// Sends a plain request (`isPlain`) without waiting for its response: the transport has it,
    /// and the caller may work while it is on the wire.
    func start(_ request: HTTPRequest, preparation: SendPreparation, result: RequestResult) -> InFlight {
        let (outgoing, sent) = beginning(streaming(request), preparation: preparation, result: result)
        let future = preparation.future(for: outgoing)
        future?.send()
        return InFlight(future: future, sent: sent, preparation: preparation, result: result)
    }

    /// How the exchange of `flight` ended.
    func response(of flight: InFlight) async -> Result<DataResponse, any Error> {
        await flight.future?.fetchResult() ?? .failure(CancellationError())
    }

    /// The result of a started request once its exchange ended.
    func finish(_ flight: InFlight, with response: Result<DataResponse, any Error>) -> Outcome {
        guard let result = flight.result.take() else { preconditionFailure("a started request is finished once") }
        var outcome = received(response, flight.sent, preparation: flight.preparation, into: result)
        outcome.result.attempts = 1
        return outcome
    }
}
