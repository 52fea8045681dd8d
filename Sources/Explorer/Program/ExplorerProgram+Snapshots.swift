import Foundation
import Futures
import Workspace

/// Snapshot files and re-checks, on the work queue: a file write, or a history entry's checks
/// (its response read back, the request's secrets masked as a send masks them).
extension ExplorerProgram {
    func snapshot(_ job: SnapshotJob) {
        switch job {
        case .write(let proposal):
            dependencies.work.schedule { [weak self] in
                let store = SnapshotStore(collectionFile: proposal.collectionFile)
                let outcome: Result<SnapshotStore.WriteOutcome, SnapshotError>
                do throws(SnapshotError) {
                    outcome = .success(try store.write(proposal.snapshot))
                } catch {
                    outcome = .failure(error)
                }
                self?.deliver(.snapshot(.written(proposal, outcome)))
            }
        case .recheck(let job):
            let workspace = dependencies.workspace
            dependencies.work.schedule { [weak self] in
                let redactor = workspace.prepare(
                    job.request, in: job.document, environmentName: job.environmentName, captures: job.captures,
                    answers: [:]
                ).redactor
                let result = job.entry.responseFacts().map { facts in
                    let (checks, proposal) = ResponseProcessing.check(
                        facts, request: job.request, redactor: redactor, key: job.key,
                        collectionFile: job.document.path)
                    return RecheckResult(checks: checks, snapshot: proposal)
                }
                self?.deliver(.snapshot(.rechecked(job.key, entryID: job.entry.id, result)))
            }
        }
    }
}
