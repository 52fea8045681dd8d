package import Foundation
package import Workspace

/// The whole run: every request's result in collection order, and what the exit status is.
package struct RunReport: Sendable, Equatable {
    package var results: [RequestResult]
    /// The environment asked for with `--env` (nil: each collection's default).
    package var environment: String?
    package var startedAt: Date
    package var duration: Duration
    /// The variables known at the end of the run, per collection id: those it started with and
    /// every value captured (the last pass's), unmasked — for the explorer to keep, never printed
    /// (the reports show the captures of each result, masked).
    package var captured: [String: [String: VariableScope.Value]]
    /// `lazer run --shard K/N`: which part of the run this is (`1/2`); nil for a whole run.
    package var shard: String?

    package init(
        results: [RequestResult], environment: String?, startedAt: Date, duration: Duration,
        captured: [String: [String: VariableScope.Value]] = [:]
    ) {
        self.captured = captured
        self.results = results
        self.environment = environment
        self.startedAt = startedAt
        self.duration = duration
    }

    /// Counts for the summary line and the reports.
    package struct Summary: Sendable, Equatable {
        package var requests = 0
        package var passed = 0
        package var failed = 0
        package var errors = 0
        package var notSent = 0
        package var skipped = 0
        package var checks = 0
        package var checksFailed = 0
    }

    package var summary: Summary {
        var summary = Summary()
        for result in results {
            summary.requests += 1
            switch result.status {
            case .passed: summary.passed += 1
            case .failed: summary.failed += 1
            case .error: summary.errors += 1
            case .notSent: summary.notSent += 1
            case .skipped: summary.skipped += 1
            }
            summary.checks += result.checks.count
            summary.checksFailed += result.checks.count { !$0.passed }
        }
        return summary
    }

    /// The process's exit status, the most serious outcome first: 2 when a request could not be
    /// built (a collection error), 3 when a request got no response, 1 when an expectation failed,
    /// 0 when every check passed.
    package var exitStatus: Int32 {
        let summary = summary
        if summary.notSent > 0 { return RunExitStatus.collectionError }
        if summary.errors > 0 { return RunExitStatus.noResponse }
        if summary.failed > 0 { return RunExitStatus.expectationFailed }
        return RunExitStatus.passed
    }
}

/// `lazer run`'s exit statuses.
package enum RunExitStatus {
    /// Every check of every request passed.
    package static let passed: Int32 = 0
    /// A response arrived but an expectation failed.
    package static let expectationFailed: Int32 = 1
    /// A usage or collection error: bad arguments, a broken collection file, a request that could
    /// not be built (an undefined variable, a missing environment).
    package static let collectionError: Int32 = 2
    /// A request got no response (DNS, connection, TLS, timeout, …).
    package static let noResponse: Int32 = 3
}
