import JSONTree

/// Values by schema location, kept per document in an array indexed by tape entry: the
/// registry's scan records every schema object and the compiler asks for each one, and hashing a
/// location cost more than the rest of such a lookup (most of compiling a small schema).
struct SchemaLocationMap<Value> {
    /// Per document, per tape entry: the value's position in `values`, -1 for none.
    private var slots: [[Int32]] = []
    private var values: [Value] = []

    /// Room for every tape entry of document `document` (`entries` of them), made at once, and
    /// for the values of a quarter of them (schema objects are rarely more: fewer regrowths).
    mutating func reserve(document: Int, entries: Int) {
        values.reserveCapacity(values.count + entries / 4 + 2)
        while slots.count <= document { slots.append([]) }
        if slots[document].count < entries {
            slots[document].append(contentsOf: repeatElement(-1, count: entries - slots[document].count))
        }
    }

    /// Where the value at `location` is (for `subscript(position:)`), nil when there is none.
    func position(of location: SchemaLocation) -> Int? {
        guard location.document < slots.count, location.node.index < slots[location.document].count else {
            return nil
        }
        let position = slots[location.document][location.node.index]
        return position < 0 ? nil : Int(position)
    }

    /// A value in place: one field read or changed without copying the rest.
    subscript(position position: Int) -> Value {
        get { values[position] }
        _modify { yield &values[position] }
    }

    subscript(location: SchemaLocation) -> Value? {
        get { position(of: location).map { values[$0] } }
        set {
            while slots.count <= location.document { slots.append([]) }
            let node = location.node.index
            if slots[location.document].count <= node {
                let count = slots[location.document].count
                slots[location.document].append(contentsOf: repeatElement(-1, count: max(node + 1, 2 * count) - count))
            }
            guard let newValue else {
                slots[location.document][node] = -1
                return
            }
            let position = slots[location.document][node]
            if position >= 0 {
                values[Int(position)] = newValue
            } else {
                slots[location.document][node] = Int32(values.count)
                values.append(newValue)
            }
        }
    }
}
