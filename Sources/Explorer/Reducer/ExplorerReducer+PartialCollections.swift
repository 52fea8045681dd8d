import Replay
import TUI
import Workspace

/// A big file is first shown by its first folders and requests (`CollectionSlot.isPartial`)
/// while the rest is read. What would write that part back over the file or run it as if it were
/// the collection is refused whole: the state is left as it was before the action, and a notice
/// says to try again in a moment (a draft typed meanwhile stays, and is saved once the file is read).
extension ExplorerReducer {
    static func refusingPartialWrites(
        _ state: inout ExplorerState, _ reduce: (inout ExplorerState) -> [ExplorerEffect]
    ) -> [ExplorerEffect] {
        let partial = state.workspace.collections.filter(\.isPartial)
        guard !partial.isEmpty else { return reduce(&state) }
        let before = state
        let effects = reduce(&state)
        guard let slot = partial.first(where: { slot in effects.contains { touches($0, slot) } }) else {
            return effects
        }
        state = before
        notify(&state, partialNotice(slot), kind: .warning)
        return []
    }

    static func partialNotice(_ slot: CollectionSlot) -> String {
        "\(slot.fileName) is still being read (a big file): nothing was changed; try again in a moment"
    }

    private static func touches(_ effect: ExplorerEffect, _ slot: CollectionSlot) -> Bool {
        switch effect {
        case .save(let document, _): document.path == slot.path
        case .replaceReadOnly(let collectionID): collectionID == slot.collectionID
        case .run(let job): job.plan.items.contains { $0.documentPath == slot.path }
        default: false
        }
    }
}
