import JSONDiff
import JSONTree
package import Workspace

/// Turns a `DiffJob` into the Diff view's state: both bodies parsed, compared (changes kept up to
/// a limit, so two unrelated bodies cannot fill memory) and laid out as side-by-side rows. Pure;
/// the program runs it on the work queue.
package enum DiffComputation {
    /// At most this many changes are kept (all are counted in the summary).
    static let changeLimit = 5_000

    package static func compute(_ job: DiffJob) -> Result<DiffViewState, DiffProblem> {
        let documents: [JSONDocument]
        do {
            documents = [try JSONDocument(bytes: job.left), try JSONDocument(bytes: job.right)]
        } catch {
            let which = (try? JSONDocument(bytes: job.left)) == nil ? job.leftTitle : job.rightTitle
            return .failure(DiffProblem(message: "Cannot compare: \(which) is not JSON (\(error.message))"))
        }
        let options = JSONDiffOptions(changeLimit: changeLimit, recordsPairs: true)
        let result = JSONDiff.compare(documents[0], documents[1], options: options)
        var summary = result.isSame ? "The bodies are the same" : JSONDiffPrinter.summary(result.counts)
        if result.isTruncated { summary += " (the first \(result.changes.count) shown)" }
        return .success(
            DiffViewState(
                leftTitle: job.leftTitle, rightTitle: job.rightTitle, rows: JSONDiffRows.build(result),
                summary: summary, documents: DiffDocuments(left: documents[0], right: documents[1])))
    }

    /// A history entry's response body, or why it cannot be compared.
    package static func body(_ entry: HistoryEntry) -> Result<[UInt8], DiffProblem> {
        guard let body = entry.responseBody, entry.error == nil else {
            return .failure(DiffProblem(message: "That entry has no response to compare"))
        }
        guard body.encoding == .utf8 else { return .failure(DiffProblem(message: "That response body is binary")) }
        guard !body.truncated else {
            return .failure(DiffProblem(message: "History kept only part of that body: it cannot be compared"))
        }
        return .success(Array(body.text.utf8))
    }
}

/// Why a comparison could not be made, in words for a toast.
package struct DiffProblem: Error, Equatable, Sendable {
    package var message: String
}
