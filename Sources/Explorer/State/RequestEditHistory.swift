package import Workspace

/// The edits made to one request in the request pane, for undo and redo (issue 33: `u` undid only
/// deletions in the collections pane; a deleted header row could not be brought back). A step is
/// the request before and after one edit; typing into one field is one step until the field lets
/// go of the keyboard, so undo takes back a word typed, not a character.
package struct RequestEditHistory: Sendable, Equatable {
    /// One edit: the whole request before and after it (strings are shared, so an edit that does
    /// not touch the body does not copy it).
    package struct Step: Sendable, Equatable {
        package var before: SavedRequest
        package var after: SavedRequest
        /// The field being typed into (nil: a command, one step of its own).
        package var field: String?

        package init(before: SavedRequest, after: SavedRequest, field: String? = nil) {
            self.before = before
            self.after = after
            self.field = field
        }
    }

    /// Steps that undo takes back, the last one first.
    package var undo: [Step] = []
    /// Steps undone, which redo makes again (a new edit drops them).
    package var redo: [Step] = []
    /// The last step is finished: the next typing starts a new one (the field let go of the keyboard).
    package var sealed = true

    /// How many steps are kept per request; the oldest go first.
    package static let limit = 100

    package init() {}

    /// Records an edit; typing into the same field as the open last step extends that step.
    package mutating func record(before: SavedRequest, after: SavedRequest, field: String?) {
        if !sealed, let field, var last = undo.last, last.field == field, last.after == before {
            last.after = after
            undo[undo.count - 1] = last
        } else {
            undo.append(Step(before: before, after: after, field: field))
            if undo.count > Self.limit { undo.removeFirst(undo.count - Self.limit) }
        }
        sealed = field == nil
        redo = []
    }

    /// The next edit starts a new step.
    package mutating func seal() { sealed = true }

    /// Which parts of the request an edit changed, for the notice ("Undone: Headers").
    package static func parts(from before: SavedRequest, to after: SavedRequest) -> String {
        var parts: [String] = []
        if before.method != after.method { parts.append("method") }
        if before.url != after.url || before.query != after.query || before.pathParams != after.pathParams {
            parts.append(before.url != after.url ? "URL" : "Params")
        }
        if before.headers != after.headers { parts.append("Headers") }
        if before.body != after.body { parts.append("Body") }
        if before.auth != after.auth { parts.append("Auth") }
        if before.options != after.options || before.retry != after.retry { parts.append("Options") }
        if before.expectations != after.expectations || before.captures != after.captures { parts.append("Checks") }
        if before.notes != after.notes { parts.append("Notes") }
        if before.name != after.name || before.description != after.description { parts.append("name") }
        return parts.isEmpty ? "edit" : parts.joined(separator: ", ")
    }
}
