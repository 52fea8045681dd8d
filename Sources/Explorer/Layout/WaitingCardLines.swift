import TUI

/// A card that waits for a person (the device code to approve, the browser to come back) with
/// the token fetch's requests under its essentials, live: a device grant's polls accumulate as
/// the provider answers them. The card's advice comes last, the first lines to go when the pane
/// is short.
enum WaitingCardLines {
    static func lines(
        head: [Line], advice: [Line], _ state: ExplorerState, width: Int, height: Int
    ) -> [Line] {
        guard let exchange = state.exchange, let trace = exchange.trace, !trace.tokenSteps.isEmpty else {
            return head + advice
        }
        let live = max(.zero, state.now - exchange.startedAt)
        let steps = TimelineLines.tokenStepLines(
            trace.tokenSteps, live: live, width: width, height: max(3, height - head.count - 1), state.theme)
        return head + [Line("")] + steps + advice
    }
}
