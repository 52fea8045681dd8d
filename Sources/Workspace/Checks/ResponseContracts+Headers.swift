import Foundation
import JSONSchema
import JSONTree
import TerminalText

/// A documented response header's `schema`, checked against the value received. A header is
/// text: it is read as the type the schema asks for (`X-Rate-Limit: 100` as the integer 100 when
/// the schema says `integer`), then validated like a body value; a finding's place is the header
/// (`header X-Rate-Limit`), not a path in the body, so the tree marks nothing for it.
extension ResponseContracts {
    func headerFindings(
        _ name: String, _ values: [String], _ header: JSONNode, in contract: ContractDocument
    ) -> [ContractFinding] {
        let document = contract.document
        guard let schema = document.child(header, key: "schema") else { return [] }
        let place = "header \(name)"
        let compiled: CompiledSchema
        switch compiledResponseSchema(schema, in: contract) {
        case .success(let value): compiled = value
        case .failure(let error):
            return [ContractFinding(instancePath: place, keyword: "schema", message: error.message)]
        }
        let types = Self.types(of: contract.resolved(schema), in: contract)
        var findings: [ContractFinding] = []
        for value in values {
            guard let instance = try? JSONDocument(text: Self.instance(value, types: types)) else { continue }
            for finding in compiled.validate(instance).findings.prefix(maximumFindings) {
                findings.append(
                    ContractFinding(instancePath: place, keyword: finding.keyword, message: finding.message))
            }
        }
        return findings
    }

    /// The JSON a header value stands for: a number or a boolean when the schema allows one and
    /// the text is one, else the string.
    static func instance(_ value: String, types: Set<String>) -> String {
        let text = value.trimmingCharacters(in: .whitespaces)
        if types.contains("integer") || types.contains("number"), let parsed = try? JSONDocument(text: text),
            parsed.kind(parsed.root) == .number
        {
            return text
        }
        if types.contains("boolean"), text == "true" || text == "false" { return text }
        return TerminalText.jsonStringLiteral(value)
    }

    /// The `type`s a (resolved) schema names: one, a list, or none.
    static func types(of schema: JSONNode, in contract: ContractDocument) -> Set<String> {
        let document = contract.document
        guard let type = document.child(schema, key: "type") else { return [] }
        if let one = document.string(type) { return [one] }
        return Set(document.children(type).compactMap(document.string))
    }
}
