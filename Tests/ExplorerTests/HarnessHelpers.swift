import Explorer
import ExplorerTesting
import Foundation
import HTTPCore
import TUI
import Testing
import Workspace

extension ExplorerHarness {
    /// Opens the request called `name` as a user finds it: the collections filter, Enter on the
    /// match; the filter is cleared again and the request pane has the focus.
    func open(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        press("F6")
        if state.isTyping { press("esc") }
        press("g", "1", "/")
        type(name)
        press("enter", "enter", "shift+tab", "esc", "tab")
        #expect(state.selectedRequest?.name == name, sourceLocation: sourceLocation)
    }

    /// The rows of the response pane's content, trimmed.
    var responseText: String {
        guard let pane = layout.response else { return "" }
        return lines[pane.y..<pane.bottom].joined(separator: "\n")
    }

    /// The mock dispatcher the workspace built for `environment` of the collection `collectionID`.
    func mock(_ environment: String, of collectionID: String) throws -> MockDispatcher {
        let document = try #require(state.document(collectionID: collectionID))
        let environment = try #require(document.collection.environment(named: environment))
        return try workspace.dispatchers.mockDispatcher(
            for: environment, collectionID: collectionID,
            baseFolder: (document.path as NSString).deletingLastPathComponent)
    }
}

enum ShippedIDs {
    static let jsonPlaceholder = "5a0c6b8e-2f4d-4e51-9b7a-3c1d2e4f6a01"
    static let showcase = "c47a9e15-3b2d-4f80-8e61-5d7c9b0a1e03"
}
