import Foundation
import Futures
import StateStore
import TUI
import Workspace

/// Drafts, captured values and state writes: what the state store keeps across a restart, and
/// the notice when writing it fails.
extension ExplorerProgram {

    /// Claims the drafts other instances left (ended without saving or discarding) and offers them.
    func loadDrafts() {
        let database = dependencies.workspace.state
        let instance = dependencies.draftInstance
        dependencies.work.schedule { [weak self] in
            do throws(StateStoreError) {
                let (drafts, environments, offer) = try DraftStore.claim(from: database, for: instance)
                guard !offer.drafts.isEmpty else { return }
                self?.dependencies.main.schedule { [weak self] in
                    MainActor.assumeIsolated { self?.draftsClaimed(drafts, environments: environments, offer) }
                }
            } catch {
                self?.stateWriteFailed(.drafts, error.description)
            }
        }
    }

    /// Offers claimed drafts; what the reducer offers (`recoveredDrafts`) is what an answer
    /// settles. Drafts it does not offer (equal to the saved request) are settled at once.
    func draftsClaimed(
        _ drafts: [RequestKey: SavedRequest], environments: [String: RequestCollection] = [:], _ offer: DraftOffer
    ) {
        dispatch(.draftsFound(drafts, environments: environments))
        // Drafts of requests deleted since are offered too (restoring adds them back): every
        // claimed draft is settled now or with the answer.
        if state.recoveredDrafts.isEmpty, state.workspace.recoveredEnvironments.isEmpty {
            let database = dependencies.workspace.state
            dependencies.work.schedule { try? database.forget(offer) }
        } else {
            draftOffer = offer
        }
    }

    func storeDrafts(_ drafts: [RequestKey: SavedRequest]) {
        pendingDrafts = drafts
        guard !draftsWriteScheduled else { return }
        draftsWriteScheduled = true
        clock.schedule(after: Self.draftsDelay) { [weak self] in self?.flushDrafts() }
    }

    /// Writes pending drafts: on the work queue after the debounce, at once when quitting. An
    /// answered recovery question settles its offer in the same write.
    func flushDrafts(now: Bool = false) {
        draftsWriteScheduled = false
        guard let drafts = pendingDrafts else { return }
        pendingDrafts = nil
        let settling = state.isAskingToRecoverDrafts ? nil : draftOffer
        if settling != nil { draftOffer = nil }
        let database = dependencies.workspace.state
        let instance = dependencies.draftInstance
        let environments = state.environmentDrafts
        let write: @Sendable () -> Void = { [weak self] in
            do throws(StateStoreError) {
                try DraftStore.write(
                    drafts, environments: environments, to: database, instance: instance, settling: settling)
                self?.stateWriteSucceeded(.drafts)
            } catch {
                self?.stateWriteFailed(.drafts, error.description)
            }
        }
        if now { write() } else { dependencies.work.schedule(write) }
    }

    // MARK: - State write failures

    /// A failed state write: a notice the first time (until writes of that kind work again).
    nonisolated func stateWriteFailed(_ kind: StateWriteHealth.Kind, _ error: String) {
        guard writeHealth.failed(kind) else { return }
        deliver(.notice(StateWriteHealth.message(kind, error), isError: true))
    }

    nonisolated func stateWriteSucceeded(_ kind: StateWriteHealth.Kind) {
        _ = writeHealth.succeeded(kind)
    }

    // MARK: - Captured values

    /// Keeps captured values for the collection's selected environment (secret ones in the
    /// secrets file) so that they survive a restart.
    /// After each action: a collection whose environment changed (or that just loaded) gets
    /// that environment's kept values in place of the ones in use.
    func loadCapturesIfEnvironmentChanged() {
        for slot in state.collections {
            guard let id = slot.collectionID, slot.document != nil else { continue }
            let environment = state.environmentName(collectionID: id)
            if let known = capturesEnvironment[id], known == environment { continue }
            capturesEnvironment[id] = environment
            let captures = dependencies.workspace.captures
            dependencies.work.schedule { [weak self] in
                let values = (try? captures.load(collectionID: id, environment: environment)) ?? [:]
                self?.dependencies.main.schedule { [weak self] in
                    MainActor.assumeIsolated {
                        // Still that environment: a quick second switch loads its own.
                        guard let self, self.capturesEnvironment[id] == environment else { return }
                        self.dispatch(.capturesLoaded(collectionID: id, values))
                    }
                }
            }
        }
    }

    /// An environment renamed: its captured values are kept under the new name too (copied, so a
    /// revert to the old name finds them), and the ones in memory stay in use.
    func copyCaptures(_ id: String, from old: String, to new: String) {
        if capturesEnvironment[id] == old {
            capturesEnvironment[id] = new
            storeCaptures(id, environment: new, state.captures[id] ?? [:])
            return
        }
        writeCaptures { (store) throws(StateStoreError) in
            let values = try store.load(collectionID: id, environment: old)
            try store.store(values, collectionID: id, environment: new)
        }
    }

    nonisolated func storeCaptures(
        _ collectionID: String, environment: String?, _ values: [String: VariableScope.Value]
    ) {
        writeCaptures { (store) throws(StateStoreError) in
            try store.store(values, collectionID: collectionID, environment: environment)
        }
    }

    /// One write to the capture store on the work queue, its failure said once like other state writes.
    private nonisolated func writeCaptures(_ write: @escaping @Sendable (CaptureStore) throws(StateStoreError) -> Void)
    {
        let captures = dependencies.workspace.captures
        dependencies.work.schedule { [weak self] in
            do throws(StateStoreError) {
                try write(captures)
                self?.stateWriteSucceeded(.captures)
            } catch {
                self?.stateWriteFailed(.captures, error.description)
            }
        }
    }

    /// What scripts set and unset for a collection: set values kept like captures, unset names'
    /// captured values forgotten (the environment's own value, if any, is in force again).
    /// `changes` holds the captures of the same response too (they win a name).
    nonisolated func keepScriptValues(
        _ changes: [String: VariableScope.Value?], collectionID: String, environment: String?
    ) {
        let values = changes.compactMapValues { $0 }
        if !values.isEmpty {
            deliver(.captured(collectionID: collectionID, values))
            storeCaptures(collectionID, environment: environment, values)
        }
        let unset = Set(changes.filter { $0.value == nil }.keys)
        guard !unset.isEmpty else { return }
        deliver(.capturesUnset(collectionID: collectionID, names: unset))
        writeCaptures { (store) throws(StateStoreError) in
            try store.clear(collectionID: collectionID, environment: environment, names: unset.sorted())
        }
    }
}

extension ExplorerAction {
    /// Whether the action can change a collection's environment (or load one): only then are
    /// kept captured values looked at.
    var mayChangeEnvironment: Bool {
        switch self {
        case .event, .collectionLoaded, .fileChanged, .loadingFinished, .saved: true
        default: false
        }
    }
}

extension ExplorerState {
    /// The recovery question is up: its offer is not settled yet.
    var isAskingToRecoverDrafts: Bool {
        if case .recoverDrafts? = overlay { return true }
        return false
    }
}
