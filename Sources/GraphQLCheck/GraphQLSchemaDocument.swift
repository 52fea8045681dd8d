import Foundation
import GraphQL

/// A GraphQL schema loaded for checking documents against it: from SDL, or from the JSON answer of
/// an introspection query (turned into SDL first: GraphQLSwift builds schemas from SDL only).
/// Immutable once loaded, so one value is shared by every check. Loading parses the SDL and reads
/// the index from it, which is all checks and completion need; GraphQLSwift's schema is built from
/// the same parse only when asked for (`GraphQLSchemaBuild`: the tests' oracle).
package struct GraphQLSchemaDocument: Sendable, Equatable {
    private let build: GraphQLSchemaBuild
    /// Its types as plain values by name, for completion, the docs at the cursor and the browser.
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

    /// Parses the SDL and reads its index; a syntax error or a type named but never defined is a
    /// `GraphQLSchemaError` with its position.
    package init(sdl: String) throws(GraphQLSchemaError) {
        let document: Document
        do {
            document = try parse(source: Source(body: sdl, name: "schema"))
        } catch let error as GraphQLError {
            let problem = GraphQLDocumentCheck.problems(of: error).first
            throw GraphQLSchemaError(problem?.message ?? error.message, problem: problem)
        } catch {
            throw GraphQLSchemaError(String(describing: error))
        }
        index = try GraphQLSchemaIndex(sdl: document)
        build = GraphQLSchemaBuild(document)
    }

    /// GraphQLSwift's schema, built on the first call.
    func schema() throws(GraphQLSchemaError) -> GraphQLSchema {
        try build.schema()
    }

    /// The index read from GraphQLSwift's built schema (built for it): what the index read from the
    /// SDL must equal, as the tests check.
    package func indexOfBuiltSchema() throws(GraphQLSchemaError) -> GraphQLSchemaIndex {
        GraphQLSchemaIndex(try build.schema())
    }

    /// The same loaded schema (schemas are compared by identity: a reload is a new one).
    package static func == (lhs: GraphQLSchemaDocument, rhs: GraphQLSchemaDocument) -> Bool {
        lhs.build === rhs.build
    }

    /// How many named types the schema has: its own and the built-in scalars it uses (the
    /// introspection types `__Schema`, `__Type`… not counted).
    package var typeCount: Int { index.types.count }
}
