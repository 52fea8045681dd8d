import TUI

/// Moving through a streamed response's events: any move up or down selects an event and stops
/// following the newest; End (or G) follows again.
extension ResponseReducer {
    static func navigateStream(_ navigation: NavigationAction, _ stream: Range<Int>, _ state: inout ResponseViewState) {
        guard let last = stream.last else { return }
        let current = state.streamSelected ?? last
        let page = max(1, state.pageSize / 2)
        let next: Int?
        switch navigation {
        case .up: next = current - 1
        case .down: next = current + 1
        case .pageUp: next = current - page
        case .pageDown: next = current + page
        case .top: next = stream.lowerBound
        case .bottom: next = nil
        case .left, .right: return
        }
        state.streamSelected = next.map { max(stream.lowerBound, min(last, $0)) }
    }
}
