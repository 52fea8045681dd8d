/// The command table, continued: the collections pane, the Runner view and the response pane.
extension NavigatorCommand {
    package var spec: CommandSpec {
        switch self {
        case .open: .keys("Open the request (fold/unfold a folder)", [.collections: ["enter"]])
        case .filter:
            .palette("Filter as you type (collections pane)", hint: "filter as you type", [.collections: ["/"]])
        case .newRequest: .palette("New request here", [.collections: ["a"]])
        case .newFolder: .palette("New folder here", [.collections: ["A"]])
        case .newCollection: .palette("New collection file", [.collections: ["C"]])
        case .rename: .palette("Rename", [.collections: ["r"]])
        case .duplicate: .palette("Duplicate the request or folder", [.collections: ["D"]])
        case .delete: .palette("Delete (u undoes)", [.collections: ["d d", "delete"]])
        case .undo: .palette("Undo the last deletion", [.collections: ["u"]])
        case .moveUp: .palette("Move up among its siblings", [.collections: ["K"]])
        case .moveDown: .palette("Move down among its siblings", [.collections: ["J"]])
        case .moveTo: .palette("Move into another folder", [.collections: ["m"]])
        }
    }
}

extension RunnerCommand {
    package var spec: CommandSpec {
        switch self {
        case .run: .palette("Run the folder (or collection) in the Runner view", [.collections: ["R"]])
        case .runCollection: .palette("Run the whole collection in the Runner view")
        case .show: .palette("Show or hide the Runner view (the last run)", [.global: ["F8"]])
        case .up: .keys("Previous request", [.runner: ["up", "k"]])
        case .down: .keys("Next request", [.runner: ["down", "j"]])
        case .pageUp: .keys("Ten requests up", [.runner: ["pgup"]])
        case .pageDown: .keys("Ten requests down", [.runner: ["pgdn"]])
        case .top: .keys("First request", [.runner: ["home", "g"]])
        case .bottom: .keys("Last request", [.runner: ["end", "G"]])
        case .open: .keys("Open the request with the run's exchange", [.runner: ["enter"]])
        case .cancel: .keys("Cancel the run", [.runner: ["c"]])
        case .again: .keys("Run the same folder or collection again", [.runner: ["r"]])
        case .hide: .keys("Hide the view (also Esc; F8 shows it)", [.runner: ["q"]])
        case .load:
            .palette("Load test the request, folder or collection… (the Load view)", [.collections: ["L"]])
        case .loadStart: .keys("Start the load test (in the form)", [.load: ["enter"]])
        case .loadStop:
            .keys(
                "Stop the load test, keeping the result so far (also Esc); again: cancel the requests in flight",
                [.load: ["s"]])
        case .loadAgain: .keys("A new load test of the same requests (back to the form)", [.load: ["r"]])
        case .loadHide: .keys("Close the view (also Esc once the test is over; L shows it)", [.load: ["q"]])
        }
    }
}

extension ResponseCommand {
    package var spec: CommandSpec {
        switch self {
        case .previousTab: .keys("Previous tab", [.response: ["["]])
        case .nextTab: .keys("Next tab", [.response: ["]"]])
        case .retry: .keys("Retry (send again)", [.response: ["r"]])
        case .open: .keys("Open (history entry)", [.response: ["enter"]])
        case .save: .palette("Save the response body to a file", [.response: ["s"]])
        case .saveMock: .palette("Save the response as a mock route", [.response: ["M"]])
        case .cookies:
            .palette("Cookies of this environment (list, edit, delete, clear)", [.response: ["c"]])
        case .details: .palette("Error card: show or fold the technical detail", [.outside: ["t"]])
        case .treeToggle: .keys("Fold/unfold (a long string: view it)", [.tree: ["enter", "space"]])
        case .expandAll: .palette("Unfold the whole tree", [.tree: ["z R", "E"]])
        case .collapseAll: .palette("Fold the whole tree", [.tree: ["z M", "W"]])
        case .depth1: .palette("Unfold the tree to depth 1", [.tree: ["z 1"]])
        case .depth2: .palette("Unfold the tree to depth 2", [.tree: ["z 2"]])
        case .depth3: .palette("Unfold the tree to depth 3", [.tree: ["z 3"]])
        case .search: .palette("Search keys and values in the tree", hint: "search keys and values", [.tree: ["/"]])
        case .nextMatch: .keys("Next match", [.tree: ["n"]])
        case .previousMatch: .keys("Previous match", [.tree: ["N"]])
        case .filter: .palette("JSONPath filter (empty: off)", [.tree: ["|"]])
        case .copyValue: .palette("Copy the value", [.tree: ["y"]])
        case .copyPath: .palette("Copy the value's JSONPath", [.tree: ["Y"]])
        case .rawWrap: .palette("Raw: wrap long lines on/off", [.raw: ["w"]])
        case .rawHex: .palette("Raw: hex dump on/off", [.raw: ["x"]])
        case .rawPretty: .palette("Raw: pretty / exact bytes", [.raw: ["p"]])
        case .rawCopy: .palette("Copy the response body", [.raw: ["y"]])
        case .copyAuthorizationURL:
            .palette("Copy the oauth2 authorization address (while Lazer waits for the browser)", [.response: ["u"]])
        case .acceptSnapshot:
            .palette("Accept the response as its snapshot (shows the changes first)", [.response: ["A"]])
        case .recheckHistory:
            .palette("Re-check: run the checks against the history entry shown (else the latest)", [.response: ["H"]])
        case .streamJoin:
            .palette(
                "Stream: join the text at a JSONPath as events arrive (a streamed answer read as prose)",
                [.tree: ["J"]])
        case .nextFinding: .palette("Next contract finding in the tree", [.tree: ["f"]])
        case .previousFinding: .palette("Previous contract finding in the tree", [.tree: ["F"]])
        case .graphqlErrors:
            .palette(
                "GraphQL: the errors list above the tree takes the keyboard (again, or Esc: the tree)", [.tree: ["e"]])
        case .graphqlErrorNode: .keys("Go to the node the error's path names", [.graphqlErrors: ["enter"]])
        case .graphqlErrorQuery:
            .palette(
                "GraphQL: go to the error's place in the query (its line and column)",
                [.graphqlErrors: ["o"], .tree: ["o"]],
                help: [.tree: "GraphQL: the place in the query of the error on this row (else the list's)"])
        }
    }
}
