package import GraphQLCheck
package import TUI

/// The GraphQL schema browser (issue 28): the collection's schema searched by type and field
/// name, a type's fields (arguments, types, descriptions, deprecations) after Enter, a field
/// followed to its type; the trail of types followed goes back with Left.
package struct GraphQLSchemaBrowserState: Sendable, Equatable {
    /// One row: a type, or a member of the type shown.
    package struct Row: Sendable, Equatable {
        /// `User`, `User.posts`, `Role.ADMIN`.
        package var name: String
        /// `object`, `(first: Int = 10) [Post!]!`, `enum value`.
        package var detail: String
        package var description: String?
        package var deprecation: String?
        /// The type Enter opens: the type itself, or a field's named type.
        package var opens: String?
        /// What Tab writes into the query: a field with its required arguments as stubs and
        /// ` { }` for a composite type (nil: nothing to insert).
        package var insert: String?
        /// Where the query's cursor goes in `insert` (characters from its start; nil: after it):
        /// at the first argument's value, else inside the braces.
        package var insertCursor: Int?
    }

    package let index: GraphQLSchemaIndex
    package var query = TextEditorState(singleLine: true)
    /// The types followed, the shown one last (empty: every type).
    package var trail: [String] = []
    package var selected = 0
    /// The rows for `trail` and `query`, worked out when either changes.
    package private(set) var rows: [Row] = []

    package init(index: GraphQLSchemaIndex, type: String? = nil) {
        self.index = index
        if let type, index.types[type] != nil { trail = [type] }
        refresh()
    }

    package var selectedRow: Row? { rows.indices.contains(selected) ? rows[selected] : nil }

    /// At most this many rows while searching every type and field.
    static let searchLimit = 500

    /// Works the rows out again (after the query or the trail changed); the selection to the top.
    package mutating func refresh() {
        let wanted = query.text.lowercased()
        func matches(_ name: String) -> Bool { wanted.isEmpty || name.lowercased().contains(wanted) }
        selected = 0
        guard let shown = trail.last, let type = index.types[shown] else {
            var found: [Row] = []
            for name in index.typeNames where matches(name) {
                guard let info = index.types[name] else { continue }
                found.append(Row(name: name, detail: info.kind.rawValue, description: info.description, opens: name))
            }
            if !wanted.isEmpty {
                for name in index.typeNames {
                    for field in index.types[name]?.fields ?? [] where matches(field.name) {
                        found.append(row(field, of: name, qualified: true))
                        if found.count >= Self.searchLimit { break }
                    }
                }
            }
            rows = Array(found.prefix(Self.searchLimit))
            return
        }
        var found = type.fields.filter { matches($0.name) }.map { row($0, of: shown, qualified: false) }
        found += type.inputFields.filter { matches($0.name) }.map { value in
            Row(
                name: value.name, detail: value.type + (value.defaultValue.map { " = " + $0 } ?? ""),
                description: value.description, opens: value.namedType, insert: value.name)
        }
        found += type.enumValues.filter { matches($0.name) }.map {
            Row(name: $0.name, detail: "enum value", description: $0.description, deprecation: $0.deprecation)
        }
        if type.kind == .union || type.kind == .interface {
            found += type.possibleTypes.filter(matches).map {
                Row(name: $0, detail: "possible type", description: index.types[$0]?.description, opens: $0)
            }
        }
        rows = found
    }

    private func row(_ field: GraphQLSchemaIndex.Field, of type: String, qualified: Bool) -> Row {
        let arguments =
            field.arguments.isEmpty
            ? ""
            : "("
                + field.arguments.map { "\($0.name): \($0.type)" + ($0.defaultValue.map { " = " + $0 } ?? "") }
                .joined(separator: ", ") + ") "
        let (insert, cursor) = Self.insertion(field, composite: index.types[field.namedType]?.kind.isComposite == true)
        return Row(
            name: qualified ? "\(type).\(field.name)" : field.name, detail: arguments + field.type,
            description: field.description, deprecation: field.deprecation, opens: field.namedType,
            insert: insert, insertCursor: cursor)
    }

    /// `user(id: ) { }` with the cursor after `id: `; `posts { }` inside the braces; `name`.
    /// Only arguments the query must give are written (non-null, no default).
    static func insertion(_ field: GraphQLSchemaIndex.Field, composite: Bool) -> (String, Int?) {
        let required = field.arguments.filter { $0.type.hasSuffix("!") && $0.defaultValue == nil }
        var text = field.name
        var cursor: Int?
        if !required.isEmpty {
            text += "("
            for (position, argument) in required.enumerated() {
                if position > 0 { text += ", " }
                text += argument.name + ": "
                if cursor == nil { cursor = text.count }
            }
            text += ")"
        }
        if composite {
            text += " {  }"
            if cursor == nil { cursor = text.count - 2 }
        }
        return (text, cursor)
    }

    /// `Enter`/`Right`: the selected row's type, when it has something to show.
    package mutating func follow() -> Bool {
        guard let type = selectedRow?.opens, let info = index.types[type], info.kind != .scalar else { return false }
        trail.append(type)
        query.setText("")
        refresh()
        return true
    }

    /// `Left`: back to the type before (or every type).
    package mutating func back() -> Bool {
        guard !trail.isEmpty else { return false }
        let left = trail.removeLast()
        query.setText("")
        refresh()
        selected = rows.firstIndex { $0.opens == left && $0.insert == nil } ?? rows.firstIndex { $0.opens == left } ?? 0
        return true
    }
}

extension GraphQLSchemaIndex.Kind {
    /// A type selected with `{ … }`: an object, an interface or a union.
    var isComposite: Bool { self == .object || self == .interface || self == .union }
}
