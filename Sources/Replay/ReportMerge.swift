package import Foundation

/// `lazer report merge`: the JSON reports of a run's shards (`lazer run --shard K/N --reporter
/// json`) read back and made into one report, for any reporter. Results are put back in the
/// order one whole run has them (pass, then place in the plan: `RequestResult.position`).
package enum ReportMerge {
    /// A report that cannot be read or merged, said in one line.
    package struct Problem: Error, Sendable, Equatable, CustomStringConvertible {
        package var message: String
        package var description: String { message }
        package init(_ message: String) { self.message = message }
    }

    /// A JSON report as `lazer run --reporter json` wrote it.
    package static func decode(_ data: Data, name: String) throws(Problem) -> RunReport {
        let document: JSONReporter.Document
        do {
            document = try JSONDecoder().decode(JSONReporter.Document.self, from: data)
        } catch {
            throw Problem("\(name): not a lazer run JSON report (\(Self.describe(error)))")
        }
        guard document.formatVersion == 1 else {
            throw Problem("\(name): report format \(document.formatVersion) is not known (this lazer reads 1)")
        }
        var results: [RequestResult] = []
        results.reserveCapacity(document.requests.count)
        for request in document.requests {
            guard let result = request.result else {
                throw Problem("\(name): request \(request.id) has the unknown status \"\(request.status)\"")
            }
            results.append(result)
        }
        let startedAt = (try? Date(document.startedAt, strategy: .iso8601)) ?? Date(timeIntervalSince1970: 0)
        var report = RunReport(
            results: results, environment: document.environment, startedAt: startedAt,
            duration: .milliseconds(document.durationMs))
        report.shard = document.shard
        return report
    }

    /// The reports as one: results in the whole run's order when every one knows its place (else
    /// in the order given), started at the earliest start, lasting the shards' times added. Throws
    /// when two reports are the same shard or shards of different splits.
    package static func merge(_ reports: [RunReport]) throws(Problem) -> (report: RunReport, warnings: [String]) {
        var warnings: [String] = []
        let shards = reports.compactMap(\.shard)
        if !shards.isEmpty {
            let counts = Set(shards.compactMap { $0.split(separator: "/").last.map(String.init) })
            guard counts.count == 1, let count = counts.first.flatMap({ Int($0) }) else {
                throw Problem("the reports are shards of different splits: \(shards.joined(separator: ", "))")
            }
            if let twice = shards.first(where: { shard in shards.count { $0 == shard } > 1 }) {
                throw Problem("shard \(twice) is given twice")
            }
            let missing = (1...count).map { "\($0)/\(count)" }.filter { !shards.contains($0) }
            if !missing.isEmpty {
                warnings.append("shard\(missing.count == 1 ? "" : "s") \(missing.joined(separator: ", ")) missing")
            }
            if shards.count < reports.count { warnings.append("some reports are whole runs, not shards") }
        }
        var results = reports.flatMap(\.results)
        if results.allSatisfy({ $0.position != nil }) {
            // Stable: equal places (a run given twice) keep the order they were given in.
            results = results.enumerated().sorted {
                ($0.element.iteration, $0.element.position ?? 0, $0.offset)
                    < ($1.element.iteration, $1.element.position ?? 0, $1.offset)
            }.map(\.element)
        }
        let environments = Set(reports.map(\.environment))
        let report = RunReport(
            results: results, environment: environments.count == 1 ? environments.first ?? nil : nil,
            startedAt: reports.map(\.startedAt).min() ?? Date(),
            duration: reports.reduce(Duration.zero) { $0 + $1.duration })
        return (report, warnings)
    }

    private static func describe(_ error: any Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, let context):
            "no \"\(key.stringValue)\"" + path(context)
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            "unexpected value" + path(context)
        case DecodingError.dataCorrupted(let context):
            context.codingPath.isEmpty ? "not JSON" : "bad value" + path(context)
        default: "\(error)"
        }
    }

    private static func path(_ context: DecodingError.Context) -> String {
        let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        return path.isEmpty ? "" : " at \(path)"
    }
}

extension JSONReporter.Request {
    /// The result this entry was written from (nil: a status this version does not know).
    var result: RequestResult? {
        guard let status = RequestResult.Status(rawValue: status) else { return nil }
        var result = RequestResult(
            collectionName: collection, collectionID: collectionId, collectionFile: file, folderPath: folder,
            requestID: id, name: name, method: method, url: url, environment: environment, iteration: iteration,
            status: status, responseStatus: response?.status, responseReason: response?.reason,
            duration: .nanoseconds(Int64((durationMs * 1_000_000).rounded())), attempts: attempts,
            checks: checks.map {
                CheckResult(
                    subject: $0.subject, path: $0.path, op: $0.op, label: $0.label, passed: $0.passed,
                    expected: $0.expected, actual: $0.actual)
            },
            captures: captures.map { CaptureResult(variable: $0.variable, value: $0.value, secret: $0.secret) },
            failure: error.map {
                FailureReport(
                    kind: $0.kind, stage: $0.stage, title: $0.title, explanation: $0.explanation, hint: $0.hint,
                    detail: $0.detail)
            },
            problems: problems)
        result.phases = phases ?? []
        result.scriptConsole = scriptConsole ?? []
        result.scriptRequests = scriptRequests ?? []
        result.details = exchange
        result.position = position
        return result
    }
}
