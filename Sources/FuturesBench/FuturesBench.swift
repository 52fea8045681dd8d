import Dispatch
import Futures
import FuturesTesting
import Glibc
import Synchronization

/// `make bench-futures`: what a future costs. Release build only; prints a Markdown table.
/// `FuturesBench WORD…` runs only the workloads whose name contains one of the words.
///
/// Each row runs a workload `iterations` times, 5 times over, and reports the median run as
/// wall-clock nanoseconds per future (or chain), operations per second, and process CPU
/// nanoseconds per operation (all threads) — the figure to trust on a shared, loaded machine.
@main
struct FuturesBench {
    static func main() async {
        print("| workload | iterations | wall ns/op | ops/s | CPU ns/op |")
        print("|---|---:|---:|---:|---:|")
        measure("settle + success + completion, ImmediateScheduler", iterations: 1_000_000) { n in
            let delivered = Atomic(0)
            for index in 0..<n {
                let future = ResponseFuture<Int>(scheduler: .immediate)
                future.success { _ in delivered.add(1, ordering: .relaxed) }.completion {}
                future.succeed(with: index)
            }
            return delivered.load(ordering: .relaxed)
        }
        measure("cold chain: action + then + then + observers, ImmediateScheduler", iterations: 300_000) { n in
            let delivered = Atomic(0)
            for index in 0..<n {
                ResponseFuture<Int>(scheduler: .immediate) { $0.succeed(with: index) }
                    .then { $0 + 1 }
                    .map { $0 * 2 }
                    .success { _ in delivered.add(1, ordering: .relaxed) }
                    .send()
            }
            return delivered.load(ordering: .relaxed)
        }
        measure("same chain, ManualScheduler drained at the end", iterations: 300_000) { n in
            let scheduler = ManualScheduler()
            let delivered = Atomic(0)
            for index in 0..<n {
                ResponseFuture<Int>(scheduler: scheduler) { $0.succeed(with: index) }
                    .then { $0 + 1 }
                    .map { $0 * 2 }
                    .success { _ in delivered.add(1, ordering: .relaxed) }
                    .send()
            }
            scheduler.runAll()
            return delivered.load(ordering: .relaxed)
        }
        measure("fan-out join of 100 futures", iterations: 3_000) { n in
            let delivered = Atomic(0)
            for _ in 0..<n {
                let parts = (0..<100).map { index in ResponseFuture<Int>(scheduler: .immediate, result: .success(index))
                }
                ResponseFuture(joining: parts).success { _ in delivered.add(1, ordering: .relaxed) }.send()
            }
            return delivered.load(ordering: .relaxed)
        }
        measure("contended: success from 2 threads + observers, serial queue delivery", iterations: 200_000) { n in
            let queue = DispatchQueue(label: "bench.observers")
            let scheduler = DispatchQueueScheduler(queue)
            let futures = (0..<n).map { _ in ResponseFuture<Int>(scheduler: scheduler) }
            let delivered = Atomic(0)
            DispatchQueue.concurrentPerform(iterations: 2) { thread in
                for (index, future) in futures.enumerated() {
                    if thread == 0 { future.completion { delivered.add(1, ordering: .relaxed) } }
                    future.succeed(with: index)
                }
            }
            queue.sync {}
            return delivered.load(ordering: .relaxed)
        }
        await measureAsync("await future.value", iterations: 200_000) { n in
            var total = 0
            for index in 0..<n {
                total += (try? await ResponseFuture<Int>(scheduler: .immediate, result: .success(1)).value) ?? index
            }
            return total
        }
    }

    /// Runs `work(iterations)` 5 times and prints the median; `work` returns how many
    /// deliveries it saw, which must equal `iterations` (a broken run is reported, not timed).
    static func measure(_ name: String, iterations: Int, _ work: (Int) -> Int) {
        guard isSelected(name) else { return }
        var samples: [Sample] = []
        for _ in 0..<5 {
            var seen = 0
            let cpuStart = cpuNanoseconds()
            let wall = ContinuousClock().measure { seen = work(iterations) }
            samples.append(Sample(wall: wall, cpu: cpuNanoseconds() - cpuStart))
            guard seen == iterations else {
                print("| \(name) | \(iterations) | BROKEN: \(seen) deliveries | |")
                return
            }
        }
        report(name, iterations: iterations, samples: samples)
    }

    /// `measure` for async work.
    static func measureAsync(_ name: String, iterations: Int, _ work: @Sendable (Int) async -> Int) async {
        guard isSelected(name) else { return }
        var samples: [Sample] = []
        for _ in 0..<5 {
            let clock = ContinuousClock()
            let start = clock.now
            let cpuStart = cpuNanoseconds()
            let seen = await work(iterations)
            samples.append(Sample(wall: clock.now - start, cpu: cpuNanoseconds() - cpuStart))
            guard seen == iterations else {
                print("| \(name) | \(iterations) | BROKEN: \(seen) | |")
                return
            }
        }
        report(name, iterations: iterations, samples: samples)
    }

    /// With arguments, only the workloads whose name contains one of them run.
    static func isSelected(_ name: String) -> Bool {
        let filters = CommandLine.arguments.dropFirst()
        return filters.isEmpty || filters.contains { name.contains($0) }
    }

    static func report(_ name: String, iterations: Int, samples: [Sample]) {
        let median = samples.sorted { $0.wall < $1.wall }[samples.count / 2]
        let seconds = Double(median.wall.components.seconds) + Double(median.wall.components.attoseconds) / 1e18
        let wall = Int((seconds * 1e9 / Double(iterations)).rounded())
        let perSecond = Int((Double(iterations) / seconds).rounded())
        let cpu = Int((Double(median.cpu) / Double(iterations)).rounded())
        print("| \(name) | \(iterations) | \(wall) | \(perSecond) | \(cpu) |")
    }

    /// CPU time used by the whole process so far (all threads).
    static func cpuNanoseconds() -> Int {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return time.tv_sec * 1_000_000_000 + time.tv_nsec
    }
}

/// One run of a workload.
struct Sample {
    var wall: Duration
    var cpu: Int
}
