import GraphQL

/// The variables the operation that runs defines (issue 28), for completing the variables' keys:
/// the one named `operationName`, else the only one.
package enum GraphQLOperationVariables {
    package struct Variable: Sendable, Equatable {
        package var name: String
        /// As written: `ID!`, `[String!]`.
        package var type: String
        package var hasDefault: Bool
    }

    /// nil when the query does not parse or no operation runs (several and none named, or a name
    /// it lacks).
    package static func of(query: String, operationName: String?) -> [Variable]? {
        guard let document = try? parse(source: Source(body: query, name: "query")) else { return nil }
        let operations = document.definitions.compactMap { $0 as? OperationDefinition }
        let named = operationName.map { name in operations.first { $0.name?.value == name } }
        guard let operation = named ?? (operationName == nil && operations.count == 1 ? operations.first : nil)
        else { return nil }
        return operation.variableDefinitions.map { definition in
            Variable(
                name: definition.variable.name.value, type: "\(GraphQLVariablesCheck.Shape(definition.type))",
                hasDefault: definition.defaultValue != nil)
        }
    }
}
