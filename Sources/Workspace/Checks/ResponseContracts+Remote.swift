import JSONTree

/// A contract document named by its URL: fetched on first use, then kept for the process (a
/// `lazer run` fetches it once; the explorer once per session), YAML or JSON by what the body is.
extension ResponseContracts {
    func remoteDocument(_ address: String) -> Result<ContractDocument, ContractDocumentError> {
        if let cached = cachedDocument(address) { return cached }
        let result: Result<ContractDocument, ContractDocumentError>
        do throws(ContractDocumentError) {
            guard let fetch = sources.fetch else {
                throw ContractDocumentError("\(address) is a URL, which this program does not fetch")
            }
            let bytes: [UInt8]
            switch fetch(address) {
            case .success(let body): bytes = body
            case .failure(let error):
                throw ContractDocumentError(error.message + " (not fetched again until Lazer restarts)")
            }
            let json: JSONDocument
            if let parsed = try? JSONDocument(bytes: bytes) {
                json = parsed
            } else if let yaml = sources.yaml, let text = String(validating: bytes, as: UTF8.self) {
                switch yaml(text, address) {
                case .success(let converted):
                    guard let parsed = try? JSONDocument(bytes: converted) else {
                        throw ContractDocumentError("\(address) is neither JSON nor YAML")
                    }
                    json = parsed
                case .failure(let error): throw error
                }
            } else {
                throw ContractDocumentError("\(address) is not JSON")
            }
            result = .success(try ContractDocument(document: json, uri: address, name: address))
        } catch {
            result = .failure(error)
        }
        storeDocument(address, result)
        return result
    }
}
