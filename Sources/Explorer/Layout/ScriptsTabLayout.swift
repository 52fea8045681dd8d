import TUI
import Workspace

/// The Scripts tab (issue 32): the pre-request script's title line (with its syntax check) over
/// its editor, then the test script's, then a line naming the collection's and folders' scripts
/// that run around the request's own. The chosen script gets the larger half.
enum ScriptsTabLayout {
    struct Areas: Equatable {
        var preRequestTitle: Rect
        var preRequest: Rect
        var testTitle: Rect
        var test: Rect
        /// The collection's and folders' scripts that also run (empty when none do).
        var around: Rect
    }

    static func areas(_ state: ExplorerState, _ content: Rect) -> Areas {
        let around = aroundText(state) == nil || content.height < 6 ? 0 : 1
        let editors = max(0, content.height - 2 - around)
        let chosen = (editors + 1) / 2
        let other = editors - chosen
        let preRequest = state.editor.onTestScript ? other : chosen
        let x = content.x
        let width = content.width
        var y = content.y
        func take(_ height: Int) -> Rect {
            let rect = Rect(x: x, y: y, width: width, height: max(0, min(height, content.bottom - y)))
            y += rect.height
            return rect
        }
        let preRequestTitle = take(1)
        let preRequestArea = take(preRequest)
        let testTitle = take(1)
        let testArea = take(editors - preRequest)
        return Areas(
            preRequestTitle: preRequestTitle, preRequest: preRequestArea, testTitle: testTitle, test: testArea,
            around: take(around))
    }

    /// An editor of the tab: focused while it is the chosen one and typed in.
    static func editor(_ state: ExplorerState, test: Bool) -> TextArea {
        let theme = state.theme
        return TextArea(
            lineNumbers: true, softWrap: false, style: theme.base, lineNumberStyle: theme[.muted],
            selectionStyle: theme[.selection],
            focused: RequestLayout.isTyping(state) && state.editor.onTestScript == test)
    }

    /// "Also runs: collection Shop (pre-request), folder Users (test)"; nil when only the
    /// request's own scripts run.
    static func aroundText(_ state: ExplorerState) -> String? {
        guard let key = state.selection, let request = state.request(key),
            let collection = state.document(collectionID: key.collectionID)?.collection
        else { return nil }
        let own = "request \(request.name)"
        var stages: [(origin: String, stages: [String])] = []
        for stage in [ScriptJob.Stage.preRequest, .test] {
            for script in collection.scripts(for: request, stage: stage) where script.origin != own {
                if let index = stages.firstIndex(where: { $0.origin == script.origin }) {
                    stages[index].stages.append(stage.title)
                } else {
                    stages.append((script.origin, [stage.title]))
                }
            }
        }
        guard !stages.isEmpty else { return nil }
        return "Also runs, before this request's own: "
            + stages.map { "\($0.origin) (\($0.stages.joined(separator: ", ")))" }.joined(separator: ", ")
    }

    static func settle(_ state: inout ExplorerState, in content: Rect) {
        let areas = areas(state, content)
        editor(state, test: false).layout(in: areas.preRequest, state: &state.editor.preRequestScript)
        editor(state, test: true).layout(in: areas.test, state: &state.editor.testScript)
    }
}
