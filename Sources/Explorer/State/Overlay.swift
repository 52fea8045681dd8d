package import HTTPCore
package import TUI
import Workspace

/// A dialog over the panes. While one is open it takes every key.
package enum Overlay: Sendable, Equatable {
    /// `F1`/`?`: the keys of the focused pane, then the global ones.
    case help(scroll: Int)
    /// `Ctrl+P`/`:`: every action with its key, filtered as you type.
    case palette(CommandPaletteState)
    /// `F2`: the environment manager: the current collection's environments (`selected` is the
    /// highlighted row): switch, add, rename, copy, delete, edit, routes, collection variables.
    case environments(selected: Int)
    /// An environment's base URL, kind and variables, or the collection's variables, as a table.
    case environmentEditor(EnvironmentEditorState)
    /// A mock environment's routes (method, path, status, name).
    case mockRoutes(MockRoutesState)
    /// Deleting an environment or a route: asks first.
    indirect case confirmEnvironmentEdit(EnvironmentDeletion, selected: Int)
    /// Every variable in scope for the selected request, its value (secrets masked) and its source.
    case variables(scroll: Int)
    /// Quitting with unsaved drafts: save all, discard or cancel.
    case quitPrompt(selected: Int)
    /// The send was stopped before it left: each problem and where it occurs. `heading` says what
    /// kind (nil: unresolved variables, the usual case).
    case sendBlocked(problems: [String], selected: Int, heading: String? = nil)
    /// The `{{$prompt}}` / `{{$select}}` a send asks before it leaves.
    case sendPrompts(SendPromptsState)
    /// Drafts found from a session that did not end cleanly.
    case recoverDrafts(count: Int, selected: Int)
    /// The file of a collection with drafts changed on disk (or a save found it changed).
    case conflict(collectionID: String, selected: Int)
    /// A save found the collection's file read-only (mode 444): replace it anyway, or cancel.
    case replaceReadOnly(collectionID: String, path: String, selected: Int)
    /// A one-line text prompt (rename, new request, new folder, new collection).
    case prompt(PromptState)
    /// A long string value opened from the tree.
    case viewer(title: String, text: String, scroll: Int)
    /// Collection files that did not load, with their positioned errors.
    case problems(scroll: Int)
    /// Saving a response as a mock route when the environment already has one for the same
    /// request: replace, keep both or cancel.
    case mockRouteExists(MockRouteExists, selected: Int)
    /// A credential was typed as itself into the Auth tab: keep it as a secret variable (its
    /// value in the secrets file), under another name, or leave it in the request.
    case keepSecret(SecretOffer, selected: Int)
    /// Ctrl+S would write a typed credential in clear into the collection file: save anyway,
    /// make it a secret first, or cancel.
    case clearCredentialSave(SecretOffer, selected: Int)
    /// `Alt+H`: every exchange of the workspace, newest first, searched as you type.
    case historyBrowser(HistoryBrowserState)
    /// "Clear history…": this collection's or all, with how many entries go.
    case clearHistory(ClearHistoryQuestion, selected: Int)
    /// The current collection's cookie jar in its environment: list, edit a value, delete, clear.
    case cookies(CookiesDialog)
    /// "Accept as snapshot": the changes from the stored snapshot, then write or cancel.
    case acceptSnapshot(SnapshotProposal, selected: Int)
    /// A send of a collection whose auth runs commands it is not trusted to run: trust and
    /// send, or cancel (the send waits, in flight, for the answer).
    case trust(TrustQuestion, selected: Int)
    /// Alt+W / Alt+S while a WebSocket request is connected: type a message or pick a saved one.
    case webSocketComposer(WebSocketComposerState)
    /// `Alt+O` on a GraphQL request: its collection's schema, searched and followed type by type.
    case graphqlSchema(GraphQLSchemaBrowserState)
    /// `Alt+P` on a GraphQL request: the query's operations, Enter chooses the one that runs.
    case graphqlOperations(GraphQLOperationPickerState)
}

/// The existing route a "save as mock route" would overwrite, for the dialog that asks first.
package struct MockRouteExists: Sendable, Equatable {
    package var key: RequestKey
    /// The mock environment named in the prompt.
    package var environment: String
    /// The request as the route matches it (`GET /users?page=2`).
    package var route: String
    /// How many answers the route has now.
    package var answers: Int

    package init(key: RequestKey, environment: String, route: String, answers: Int) {
        self.key = key
        self.environment = environment
        self.route = route
        self.answers = answers
    }
}

/// What a text prompt is for, and its text.
package struct PromptState: Sendable, Equatable {
    package enum Purpose: Sendable, Hashable {
        case renameRequest(RequestKey)
        case renameFolder(collectionID: String, path: [String])
        case renameCollection(collectionID: String)
        case newRequest(collectionID: String, folder: [String])
        case newFolder(collectionID: String, parent: [String])
        case newCollection
        /// Where to write the shown response body.
        case saveBody
        /// Into which folder (`Folder/Sub`, empty: the top level) to move a request or a folder.
        case moveRequest(RequestKey)
        case moveFolder(collectionID: String, path: [String])
        /// Into which mock environment to save the shown response as a route.
        case saveMockRoute(RequestKey)
        /// Which file to import (curl, .http, Postman, OpenAPI, HAR) as a new collection.
        case importFile
        /// Where to export a collection (the format from the file's extension).
        /// `environmentFiles`: Postman, each live environment written beside it as its own file.
        case exportFile(collectionID: String, environmentFiles: Bool = false)
        /// The name of the secret variable a typed credential becomes.
        case secretName(SecretOffer)
        /// The environment manager's names: a new environment, a rename, a copy.
        case newEnvironment(collectionID: String)
        case renameEnvironment(collectionID: String, name: String)
        case duplicateEnvironment(collectionID: String, name: String)
        /// A new value for a cookie of the Cookies dialog (`selected`: the row to come back to).
        case cookieValue(CookieJarKey, Cookie, selected: Int)
        /// The environment to send the request in and compare its answer with the one shown.
        case compareEnvironment(RequestKey)
        /// The JSONPath whose text the request's stream joins (`stream.join`; empty: none).
        case streamJoin(RequestKey)
    }

    package var purpose: Purpose
    package var title: String
    package var field: TextEditorState
    package var error: String?

    package init(purpose: Purpose, title: String, text: String = "") {
        self.purpose = purpose
        self.title = title
        field = TextEditorState(text: text, singleLine: true)
        field.selectAll()
    }
}

/// A short message in the status bar that goes away by itself.
package struct TimedToast: Sendable, Equatable {
    package var message: String
    package var kind: Toast.Kind
    /// `ExplorerState.now` after which it is no longer shown.
    package var expires: Duration

    package init(message: String, kind: Toast.Kind, expires: Duration) {
        self.message = message
        self.kind = kind
        self.expires = expires
    }
}
