import Foundation
import Futures
import StateStore
import Workspace

/// History work off the main loop: the browser's list (debounced: while typing, only the search
/// typed last runs, once typing pauses), one entry in full, counting and clearing.
extension ExplorerProgram {
    func history(_ job: HistoryJob) {
        let store = dependencies.workspace.history
        switch job {
        case .browse:
            let waiting = pendingHistoryBrowse != nil
            pendingHistoryBrowse = job
            guard !waiting else { return }
            clock.schedule(after: Self.historySearchDelay) { [weak self] in
                guard let self, case .browse(let generation, let query, let ids)? = pendingHistoryBrowse else { return }
                pendingHistoryBrowse = nil
                dependencies.work.schedule { [weak self] in
                    let result: Result<[HistorySummary], HistoryProblem>
                    do throws(StateStoreError) {
                        result = .success(
                            try store.browse(query, collectionIDs: ids, limit: HistoryBrowserState.listLimit))
                    } catch {
                        result = .failure(HistoryProblem(error.description))
                    }
                    self?.deliver(.history(.browsed(generation: generation, result)))
                }
            }
        case .load(let collectionID, let id, let asDraft):
            dependencies.work.schedule { [weak self] in
                let entry = try? store.entry(collectionID: collectionID, id: id)
                self?.deliver(.history(.loaded(collectionID: collectionID, entry ?? nil, asDraft: asDraft)))
            }
        case .count(let collectionID, let name, let all):
            dependencies.work.schedule { [weak self] in
                let one = collectionID.map { (try? store.count(collectionIDs: [$0])) ?? 0 } ?? 0
                let total = (try? store.count(collectionIDs: all)) ?? 0
                let question = ClearHistoryQuestion(
                    collectionID: collectionID, collectionName: name, collectionCount: one, allCollectionIDs: all,
                    allCount: total)
                self?.deliver(.history(.counted(question)))
            }
        case .clear(let ids):
            dependencies.work.schedule { [weak self] in
                let result: Result<Int, HistoryProblem>
                do throws(StateStoreError) {
                    result = .success(try store.clear(collectionIDs: ids))
                } catch {
                    result = .failure(HistoryProblem(error.description))
                }
                self?.deliver(.history(.cleared(result)))
            }
        case .loadToCompare(let collectionID, let id):
            dependencies.work.schedule { [weak self] in
                let entry = try? store.entry(collectionID: collectionID, id: id)
                self?.deliver(.history(.loadedToCompare(entry ?? nil)))
            }
        }
    }
}
