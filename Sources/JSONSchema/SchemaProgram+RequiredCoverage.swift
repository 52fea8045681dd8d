/// `required` answered from the `properties` walk of the same schema object (see
/// `SchemaProgram.requiredCoverage`): worked out once per compiled schema.
extension SchemaProgram {
    /// Per `required` list, the `properties` table before it in the same node and the names' bits.
    static func requiredCoverage(nodes: [SchemaNode], keywords: [SchemaKeyword], tables: SchemaTables) -> [(
        object: Int, mask: UInt64
    )] {
        guard !tables.nameLists.isEmpty else { return [] }
        var coverage = [(object: Int, mask: UInt64)](repeating: (-1, 0), count: tables.nameLists.count)
        for node in nodes {
            var object: Int?
            for keyword in keywords[node.keywordStart..<node.keywordEnd] {
                if case .object(let table) = keyword { object = table }
                if case .required(let list) = keyword, let object {
                    coverage[list] = Self.coverage(of: tables.nameLists[list], by: tables.objects[object], object)
                }
            }
        }
        return coverage
    }

    /// `names` as bits of `object`'s property indices; object −1 when one is not a property there.
    static func coverage(of names: [PropertyName], by object: ObjectApplicator, _ table: Int) -> (
        object: Int, mask: UInt64
    ) {
        var mask: UInt64 = 0
        for name in names {
            guard let index = object.properties.firstIndex(where: { $0.name.utf8.elementsEqual(name.utf8) }),
                index < 64
            else { return (-1, 0) }
            mask |= 1 << UInt64(index)
        }
        return (table, mask)
    }
}
