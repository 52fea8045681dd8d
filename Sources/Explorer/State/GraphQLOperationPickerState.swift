package import GraphQLCheck

/// `Alt+P` on a GraphQL request: the operations of its query, to choose the one that runs (the
/// body's `operationName`). Opened over the request it was asked for; Enter chooses.
package struct GraphQLOperationPickerState: Sendable, Equatable {
    package var key: RequestKey
    package var operations: [GraphQLOperation]
    /// The operation that runs now (its index), marked in the list.
    package var chosen: Int?
    package var selected: Int

    package init(key: RequestKey, operations: [GraphQLOperation], operationName: String?) {
        self.key = key
        self.operations = operations
        let running = GraphQLOperations.chosen(operations, operationName: operationName)
        chosen = running.flatMap { operations.firstIndex(of: $0) }
        selected = chosen ?? 0
    }

    /// How a send's problem about the operation to run begins (`body.operationName: 3 operations:
    /// choose one with alt+p`): Enter on it in the dialog opens the picker.
    static let sendProblemPrefix = "body.operationName:"

    package var selectedOperation: GraphQLOperation? {
        operations.indices.contains(selected) ? operations[selected] : nil
    }
}
