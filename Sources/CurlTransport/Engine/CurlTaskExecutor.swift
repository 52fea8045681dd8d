/// A task executor that runs jobs on a dispatcher's network thread, between loop rounds.
///
/// Why: a task that sends requests one after another (`lazer run`) would otherwise cross threads
/// twice per request — the completion wakes a thread of the cooperative pool, and the next
/// request wakes the network thread — and on a small machine those wake-ups are most of a
/// loopback request's time. With this executor preferred, a completion delivered on the network
/// thread enqueues the task's continuation on the same thread: it runs in the same loop round,
/// posts the next transfer, and the loop picks it up without sleeping.
///
/// Jobs never run inside a libcurl callback: the loop runs them where it takes its commands, with
/// no transfer in a callback and no lock held. A job enqueued once the engine has stopped runs on
/// the global concurrent executor instead, so no task is ever left suspended.
final class CurlTaskExecutor: TaskExecutor {
    private let engine: CurlEngine

    init(engine: CurlEngine) {
        self.engine = engine
    }

    func enqueue(_ job: consuming ExecutorJob) {
        engine.run(UnownedJob(job), on: self)
    }
}
