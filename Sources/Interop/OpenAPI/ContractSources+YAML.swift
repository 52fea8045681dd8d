package import Workspace

extension ContractSources {
    /// Contract documents in YAML read as the OpenAPI import reads them (`YAMLTree`: the same
    /// scalars, merge keys and limits), for the applications to give `WorkspaceServices`.
    package static let openAPI = ContractSources(yaml: { text, name in
        do throws(ImportError) {
            return .success(Array(try YAMLTree.parse(text, file: name).compact().utf8))
        } catch {
            return .failure(ContractDocumentError(error.description))
        }
    })
}
