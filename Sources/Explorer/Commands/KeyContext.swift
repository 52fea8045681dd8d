/// Where a key binding applies. `global` keys work everywhere, also while typing (Ctrl, Alt,
/// F-keys); `outside` keys wherever no text field has the keyboard; a pane's keys only while it
/// has the focus (`tree` and `raw` add theirs to `response`'s, `table` to `request`'s while a
/// Params, Headers, form or multipart table has it); `runner` while the Runner view covers the
/// panes (instead of the pane and `outside` keys). Declared in the order the keymap lists them.
package enum KeyContext: String, CaseIterable, Sendable {
    case global
    case outside
    case collections
    case request
    case table
    /// The completion list under a field being typed in, while it is open.
    case completion
    case response
    case tree
    /// The GraphQL errors list above the tree, while it has the keyboard (`e` in the tree).
    case graphqlErrors
    case raw
    case runner
    case diff
    case load

    /// The heading of this context's keys in the help overlay.
    package var heading: String {
        switch self {
        case .global: "Everywhere"
        case .outside: "Outside text fields"
        case .collections: "Collections"
        case .request: "Request"
        case .table: "Params, Headers, form and multipart tables"
        case .completion: "The completion list (while it is open; Esc closes it)"
        case .response: "Response"
        case .tree: "Tree"
        case .graphqlErrors: "The GraphQL errors list above the tree (while e gives it the keyboard)"
        case .raw: "Raw"
        case .runner: "The Runner view (a click selects a request; a second click opens it)"
        case .diff: "The Diff view (two responses side by side)"
        case .load: "The Load view (Tab moves between the form's fields)"
        }
    }
}
