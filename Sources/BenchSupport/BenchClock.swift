import Foundation

/// What every in-process benchmark (`make bench-json`, `bench-jsonschema`, `bench-sigv4`)
/// measures with: wall-clock and thread-CPU time side by side. The benchmark machine is shared,
/// so the thread's CPU time is the figure held against a budget and the wall time is printed
/// beside it; comparisons are made within one run only.
package struct BenchTime: Sendable {
    /// Seconds.
    package var wall: Double
    /// Seconds of this thread's CPU time.
    package var cpu: Double

    package init(wall: Double, cpu: Double) {
        self.wall = wall
        self.cpu = cpu
    }
}

/// This thread's CPU time so far, in seconds.
package func threadCPUSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}

/// The whole process's CPU time so far (every thread), in seconds: for work spread over threads.
package func processCPUSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}

/// Wall-clock and thread-CPU seconds of one run of `work`.
package func measure(_ work: () throws -> Void) rethrows -> BenchTime {
    let cpuStart = threadCPUSeconds()
    let start = DispatchTime.now().uptimeNanoseconds
    try work()
    let wall = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    return BenchTime(wall: wall, cpu: threadCPUSeconds() - cpuStart)
}

/// The best (lowest) wall and CPU time over `runs` runs of `work`, each its own minimum.
package func best(_ runs: Int, _ work: () throws -> Void) rethrows -> BenchTime {
    var result = BenchTime(wall: .infinity, cpu: .infinity)
    for _ in 0..<runs {
        let time = try measure(work)
        result = BenchTime(wall: min(result.wall, time.wall), cpu: min(result.cpu, time.cpu))
    }
    return result
}

/// Every run's time, sorted by CPU time (the median is `times[times.count / 2]`).
package func runs(_ count: Int, _ work: () throws -> Void) rethrows -> [BenchTime] {
    var times: [BenchTime] = []
    for _ in 0..<count { times.append(try measure(work)) }
    return times.sorted { $0.cpu < $1.cpu }
}

/// Seconds as "12.34 ms".
package func milliseconds(_ seconds: Double, decimals: Int = 2) -> String {
    String(format: "%.\(decimals)f ms", seconds * 1000)
}

/// "2 cores, <model>, load average 1.0 2.0 3.0": the conditions a figure was measured under.
package func machineLine() -> String {
    let model =
        (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8))?.split(separator: "\n")
        .first { $0.hasPrefix("model name") }.flatMap { $0.split(separator: ":").last }
        .map { $0.trimmingCharacters(in: .whitespaces) } ?? "unknown CPU"
    let load =
        (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").prefix(3)
        .joined(separator: " ") ?? "?"
    return "\(ProcessInfo.processInfo.activeProcessorCount) cores, \(model), load average \(load)"
}
