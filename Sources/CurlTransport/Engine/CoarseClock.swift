import Foundation

/// `CLOCK_MONOTONIC_COARSE` in milliseconds: a few milliseconds of resolution, but a plain memory
/// read in the vDSO, where the precise clock may cost a slow time-source read on virtual machines.
/// Used for progress throttling, which libcurl drives many times per transfer.
enum CoarseClock {
    static func milliseconds() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC_COARSE, &time)
        return Int64(time.tv_sec) * 1000 + Int64(time.tv_nsec) / 1_000_000
    }
}
