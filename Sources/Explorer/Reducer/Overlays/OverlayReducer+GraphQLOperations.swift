import GraphQLCheck
import TUI

/// The GraphQL operation picker's keys (issue 28): ↑/↓ (or k/j) move, Enter chooses the operation
/// that runs, Esc closes. An anonymous operation among several cannot be named, so it cannot be
/// chosen: that is said and the picker stays.
extension OverlayReducer {
    static func graphqlOperationsKey(
        _ key: KeyEvent, _ picker: inout GraphQLOperationPickerState, _ context: Context, _ state: inout OverlayState
    ) -> Outcome {
        switch key {
        case KeyEvent(.escape):
            state.overlay = nil
            return Outcome()
        case KeyEvent(.enter):
            guard let operation = picker.selectedOperation else { return Outcome() }
            if operation.name == nil, picker.operations.count > 1 {
                return Outcome(
                    notice: Notice(
                        "An anonymous \(operation.kind.rawValue) cannot be chosen among several: give it a name",
                        kind: .warning))
            }
            state.overlay = nil
            return Outcome(requests: [.chooseOperation(picker.key, operation.name)])
        case .char("k"):
            picker.selected = max(0, picker.selected - 1)
        case .char("j"):
            picker.selected = min(max(0, picker.operations.count - 1), picker.selected + 1)
        default:
            guard
                let moved = movedSelection(
                    picker.selected, by: key, count: picker.operations.count, page: context.page)
            else { return Outcome() }
            picker.selected = moved
        }
        state.overlay = .graphqlOperations(picker)
        return Outcome()
    }
}
