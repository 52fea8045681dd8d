/// Joins: combine this future with others into one future of both (or all) values.
/// Like every transform, a join is cold, sends what it depends on when sent, and cancelling
/// it cancels everything it is waiting for.
extension ResponseFuture {
    /// Runs `makeNext` with this future's value (on this future's scheduler), waits for the
    /// future it returns and succeeds with both values. `nil` cancels the join; a throw, or
    /// either future failing, fails it.
    public func seriesJoin<U: Sendable>(
        _ type: U.Type = U.self,
        _ makeNext: @escaping @Sendable (Success) throws -> ResponseFuture<U>?
    ) -> ResponseFuture<(Success, U)> {
        replace { value in
            try makeNext(value)?.derived(on: nil) { next, joined in joined.succeed(with: (value, next)) }
        }
    }

    /// Like ``seriesJoin(_:_:)``, but the second future's failure does not fail the join: it
    /// arrives as the `.failure` of the second element. A throw from `makeNext` still fails it.
    public func safeSeriesJoin<U: Sendable>(
        _ type: U.Type = U.self,
        _ makeNext: @escaping @Sendable (Success) throws -> ResponseFuture<U>?
    ) -> ResponseFuture<(Success, Result<U, any Error>)> {
        seriesJoin(Result<U, any Error>.self) { value in try makeNext(value)?.safeResult() }
    }

    /// Sends this future and the one `makeOther` returns (called when the join is sent)
    /// together, and succeeds with both values once both have succeeded. The first failure
    /// fails the join and cancels the other future; cancelling either cancels the join.
    public func parallelJoin<U: Sendable>(
        _ type: U.Type = U.self,
        _ makeOther: @escaping @Sendable () throws -> ResponseFuture<U>
    ) -> ResponseFuture<(Success, U)> {
        let first = self
        return ResponseFuture<(Success, U)>(scheduler: scheduler) { joined in
            let second = try makeOther()
            let slots = JoinSlots<PairSlot<Success, U>>(count: 2)
            joined.onCancel {
                first.cancel()
                second.cancel()
            }
            let finish: @Sendable (Int, PairSlot<Success, U>) -> Void = { index, slot in
                guard let values = slots.fill(index, with: slot),
                    case .first(let a) = values[0], case .second(let b) = values[1]
                else { return }
                joined.succeed(with: (a, b))
            }
            first.addOutcomeListener { outcome in
                joined.settleJoin(outcome.map { .first($0) }, index: 0, finish: finish, sibling: second)
            }
            second.addOutcomeListener { outcome in
                joined.settleJoin(outcome.map { .second($0) }, index: 1, finish: finish, sibling: first)
            }
            first.send()
            second.send()
        }
    }

    /// Like ``parallelJoin(_:_:)``, but the other future's failure does not fail the join (nor
    /// cancel this one): it arrives as the `.failure` of the second element.
    public func safeParallelJoin<U: Sendable>(
        _ type: U.Type = U.self,
        _ makeOther: @escaping @Sendable () throws -> ResponseFuture<U>
    ) -> ResponseFuture<(Success, Result<U, any Error>)> {
        parallelJoin(Result<U, any Error>.self) { try makeOther().safeResult() }
    }

    /// A future that always succeeds with this future's outcome as a `Result` (failures become
    /// values). Cancellation still cancels it.
    public func safeResult() -> ResponseFuture<Result<Success, any Error>> {
        let upstream = self
        return ResponseFuture<Result<Success, any Error>>(scheduler: scheduler) { safe in
            safe.onCancel { upstream.cancel() }
            upstream.addProgressListener { safe.update(with: $0) }
            upstream.addOutcomeListener { outcome in
                switch outcome {
                case .success(let value): safe.succeed(with: .success(value))
                case .failure(let error): safe.succeed(with: .failure(error))
                case .cancelled: safe.cancel()
                }
            }
            upstream.send()
        }
    }

    /// Fan-out: sends every future in `futures` together and succeeds with their values in the
    /// order of the sequence (an empty sequence gives `[]`). The first failure fails the join
    /// and cancels the rest; cancelling the join cancels them all. Observers run on `scheduler`,
    /// by default the first future's (or the main queue for an empty sequence).
    public convenience init<Element: Sendable>(
        joining futures: some Sequence<ResponseFuture<Element>>,
        scheduler: (any Scheduler)? = nil
    ) where Success == [Element] {
        let futures = Array(futures)
        self.init(scheduler: scheduler ?? futures.first?.scheduler ?? MainQueueScheduler()) { joined in
            guard !futures.isEmpty else {
                joined.succeed(with: [])
                return
            }
            let slots = JoinSlots<Element>(count: futures.count)
            joined.onCancel {
                for future in futures { future.cancel() }
            }
            for (index, future) in futures.enumerated() {
                future.addOutcomeListener { outcome in
                    switch outcome {
                    case .success(let value):
                        if let values = slots.fill(index, with: value) { joined.succeed(with: values) }
                    case .failure(let error):
                        if joined.settle(.failure(error)) {
                            for other in futures { other.cancel() }
                        }
                    case .cancelled:
                        joined.cancel()
                    }
                }
            }
            for future in futures { future.send() }
        }
    }

    /// Settles a parallel join from one side's outcome: success fills the slot, failure fails
    /// the join and cancels the sibling, cancellation cancels the join.
    func settleJoin<A: Sendable, B: Sendable>(
        _ outcome: FutureOutcome<PairSlot<A, B>>,
        index: Int,
        finish: @Sendable (Int, PairSlot<A, B>) -> Void,
        sibling: ResponseFuture<some Sendable>
    ) {
        switch outcome {
        case .success(let slot): finish(index, slot)
        case .failure(let error): if settle(.failure(error)) { sibling.cancel() }
        case .cancelled: cancel()
        }
    }
}

/// One side of a parallel join's value.
enum PairSlot<A: Sendable, B: Sendable>: Sendable {
    case first(A)
    case second(B)
}
