import JSONTree

/// What `lazer validate` checks of a collection's contracts beyond the file format: the document
/// can be read and is OpenAPI 3, every operation a request names is in it, the response schemas
/// of those operations compile (their `$ref`s lead somewhere), and every `schema` expectation
/// compiles.
extension ResponseContracts {
    /// One line per problem, naming the request (`request "Get pet": …`); empty when all is well.
    package func problems(in collection: RequestCollection, path: String?) -> [String] {
        var problems: [String] = []
        var contract: ContractDocument?
        if let settings = collection.contract {
            switch document(settings.document, collectionPath: path) {
            case .success(let loaded): contract = loaded
            case .failure(let error): problems.append("contract: \(error.message)")
            }
        }
        collection.forEachRequest { folderPath, request in
            // Most requests of a large collection have neither; looked at first, so that nothing
            // else of the request is read (nor the request copied for `place`).
            guard request.hasRareFields || !request.expectations.isEmpty else { return }
            // Made only for a problem.
            let name = request.name
            var place: String { "request \"\((folderPath + [name]).joined(separator: "/"))\"" }
            if let reference = request.contract, reference.enabled, let operation = reference.operation {
                let name = reference.operationName ?? ""
                if collection.contract == nil {
                    problems.append(
                        "\(place): names the operation \(name), but the collection has no contract document")
                } else if let contract {
                    if let node = contract.operation(operation) {
                        problems += responseSchemaProblems(node, in: contract).map { "\(place): \(name): \($0)" }
                    } else {
                        problems.append("\(place): \(contract.name) documents no operation \(name)")
                    }
                }
            }
            for expectation in request.expectations {
                guard case .schema(let schema) = expectation.subject else { continue }
                if case .failure(let error) = compiledExpectation(schema, collectionPath: path) {
                    problems.append("\(place): schema: \(error.message)")
                }
            }
        }
        return problems
    }

    /// The JSON response schemas of an operation that do not compile.
    private func responseSchemaProblems(_ operation: JSONNode, in contract: ContractDocument) -> [String] {
        let document = contract.document
        guard let responses = document.child(operation, key: "responses") else { return [] }
        var problems: [String] = []
        for response in document.children(responses) {
            guard let content = document.child(contract.resolved(response), key: "content") else { continue }
            for media in document.children(content) {
                guard let key = document.key(media), Self.isJSON(key),
                    let schema = document.child(contract.resolved(media), key: "schema")
                else { continue }
                if case .failure(let error) = compiledResponseSchema(schema, in: contract) {
                    problems.append("response \(document.key(response) ?? "?") \(key): \(error.message)")
                }
            }
        }
        return problems
    }
}
