/// Builds a JSON object in the format's fixed key order, leaving out absent values and empty
/// lists so files stay short and every save of the same model gives the same bytes.
struct ObjectBuilder {
    private(set) var members: [StoredJSON.Member] = []

    mutating func add(_ key: String, _ value: StoredJSON?) {
        if let value { members.append(StoredJSON.Member(key, value)) }
    }

    mutating func add(_ key: String, _ value: String?) {
        if let value { members.append(StoredJSON.Member(key, .string(value))) }
    }

    mutating func add(_ key: String, _ value: Bool?) {
        if let value { members.append(StoredJSON.Member(key, .bool(value))) }
    }

    mutating func add(_ key: String, _ value: Int?) {
        if let value { members.append(StoredJSON.Member(key, .integer(value))) }
    }

    mutating func add(_ key: String, seconds value: Double?) {
        if let value { members.append(StoredJSON.Member(key, .double(value))) }
    }

    /// Adds a list, unless it is empty.
    mutating func add(_ key: String, list: [StoredJSON]) {
        if !list.isEmpty { members.append(StoredJSON.Member(key, .array(list))) }
    }

    mutating func append(unknown: [StoredJSON.Member]) {
        members.append(contentsOf: unknown)
    }

    var json: StoredJSON { .object(members) }
}
