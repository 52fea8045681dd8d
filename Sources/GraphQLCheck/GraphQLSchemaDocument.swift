import Foundation
import GraphQL

/// A GraphQL schema loaded for checking documents against it: from SDL, or from the JSON answer of
/// an introspection query (turned into SDL first: GraphQLSwift builds schemas from SDL only).
/// Immutable once built, so one value is shared by every check (the library's schema is a class
/// it documents as safe to share).
package struct GraphQLSchemaDocument: Sendable, Equatable {
    let schema: GraphQLSchema
    /// Its types as plain values by name, for completion and the docs at the cursor.
    package let index: GraphQLSchemaIndex

    /// Reads `text` as an introspection answer when it is a JSON object, else as SDL.
    package init(text: String) throws(GraphQLSchemaError) {
        let start = text.first { !$0.isWhitespace }
        if start == "{" {
            try self.init(sdl: try IntrospectionSDL.sdl(fromJSON: Data(text.utf8)))
        } else {
            try self.init(sdl: text)
        }
    }

    /// Builds the schema from SDL; a syntax error or a type that cannot be built (an unknown type
    /// named) is a `GraphQLSchemaError` with its position.
    package init(sdl: String) throws(GraphQLSchemaError) {
        do {
            // The SDL rules are not enforced: published schemas break them (GitHub's defines two
            // fields of EnterpriseOwnerInfo twice) and servers answer anyway; the last definition wins.
            schema = try buildSchema(source: Source(body: sdl, name: "schema"), assumeValidSDL: true)
            index = GraphQLSchemaIndex(schema)
        } catch let error as GraphQLError {
            let problem = GraphQLDocumentCheck.problems(of: error).first
            throw GraphQLSchemaError(problem?.message ?? error.message, problem: problem)
        } catch {
            throw GraphQLSchemaError(String(describing: error))
        }
    }

    /// The same loaded schema (schemas are compared by identity: a reload is a new one).
    package static func == (lhs: GraphQLSchemaDocument, rhs: GraphQLSchemaDocument) -> Bool {
        lhs.schema === rhs.schema
    }

    /// How many named types the schema has, built-in ones included.
    package var typeCount: Int { Self.count(schema.typeMap) }

    /// Counted through `Sequence`: the map's own `count` would need OrderedCollections imported.
    private static func count(_ items: some Sequence) -> Int {
        var total = 0
        for _ in items { total += 1 }
        return total
    }
}
