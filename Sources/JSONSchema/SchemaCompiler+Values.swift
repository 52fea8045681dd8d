import JSONTree

/// The values keywords hold, read and checked for the compiler (`compileKeywords`): numbers,
/// counts, strings, type names, patterns and `enum` lists; a bad one is a `SchemaFailure` at its node.
extension SchemaCompiler {
    /// `enum`'s values, with their UTF-8 when all are strings without escapes.
    static func enumeration(_ document: JSONDocument, _ values: JSONNode, _ location: SchemaLocation)
        -> SchemaEnumeration
    {
        let nodes = Array(document.children(values))
        let strings = nodes.map { node in document.unescapedStringRange(node).map { Array(document.bytes[$0]) } }
        return SchemaEnumeration(
            values: nodes.map { SchemaValue(document: location.document, node: $0) },
            strings: strings.contains(where: { $0 == nil }) ? nil : strings.compactMap { $0 })
    }

    /// A number keyword's value, its text and its Int value when it has one.
    static func schemaNumber(_ decimal: JSONDecimal, _ document: JSONDocument, _ node: JSONNode) -> SchemaNumber {
        let limit = 1_000_000_000_000_000_000
        let integer = decimal.integerValue.flatMap { $0 > -limit && $0 < limit ? $0 : nil }
        return SchemaNumber(value: decimal, text: document.rawText(node), integer: integer)
    }

    static func typeMask(
        _ document: JSONDocument, _ node: JSONNode, fail: SchemaFailure
    ) throws(SchemaError) -> TypeMask {
        guard document.kind(node) == .array else { return try Self.typeBit(document, node, fail: fail) }
        var mask = TypeMask()
        var cursor = document.childCursor(node)
        while let element = cursor.next(in: document) { mask.insert(try Self.typeBit(document, element, fail: fail)) }
        return mask
    }

    /// One type name's bit, compared in place when the name has no escapes.
    static func typeBit(
        _ document: JSONDocument, _ node: JSONNode, fail: SchemaFailure
    ) throws(SchemaError) -> TypeMask {
        if let range = document.unescapedStringRange(node) {
            // A loop, not `first(where:)`: a closure over the document copied it for each name.
            for (name, type) in TypeMask.utf8Names where document.bytesEqual(range, name) { return type }
        } else if let name = document.string(node), let type = TypeMask.names.first(where: { $0.0 == name }) {
            return type.1
        }
        throw fail(document, node, "unknown type \(document.preview(node))")
    }

    static func number(
        _ document: JSONDocument, _ node: JSONNode, fail: SchemaFailure
    ) throws(SchemaError) -> JSONDecimal {
        guard document.kind(node) == .number, let decimal = JSONDecimal(document.bytes[document.byteRange(node)]) else {
            throw fail(document, node, "expected a number, found \(document.preview(node))")
        }
        return decimal
    }

    static func count(
        _ document: JSONDocument, _ node: JSONNode, fail: SchemaFailure
    ) throws(SchemaError) -> Int {
        let decimal = try Self.number(document, node, fail: fail)
        guard !decimal.isNegative, let value = decimal.integerValue else {
            throw fail(document, node, "expected a non-negative integer, found \(document.preview(node))")
        }
        return value
    }

    /// The strings of the array `node` (`required`, a `dependentRequired` entry) as names.
    static func propertyNames(
        _ document: JSONDocument, _ node: JSONNode, fail: SchemaFailure
    ) throws(SchemaError) -> [PropertyName] {
        var names: [PropertyName] = []
        names.reserveCapacity(document.childCount(node))
        var cursor = document.childCursor(node)
        while let element = cursor.next(in: document) {
            names.append(PropertyName(try Self.string(document, element, fail: fail)))
        }
        return names
    }

    static func string(
        _ document: JSONDocument, _ node: JSONNode, fail: SchemaFailure
    ) throws(SchemaError) -> String {
        guard let text = document.string(node) else {
            throw fail(document, node, "expected a string, found \(document.preview(node))")
        }
        return text
    }

    static func regex(
        _ source: String, at node: JSONNode, in document: JSONDocument, fail: SchemaFailure
    ) throws(SchemaError) -> IRegexp {
        guard let regex = IRegexp(source, dialect: .ecmaScript) else {
            throw fail(
                document,
                node,
                "the pattern /\(source)/ is invalid or needs what a linear-time engine cannot do (backreferences, lookaround, \\b)"
            )
        }
        return regex
    }
}

extension JSONDecimal {
    /// The number of significant digits.
    var digitCount: Int {
        var count = 0
        for index in first..<end where text[index] != UInt8(ascii: ".") { count += 1 }
        return count
    }

    /// Whether the value is a whole number (`1.0` and `1e2` are).
    var isIntegral: Bool { isZero || exponent >= digitCount }

    /// The value as an Int when it is a whole number (clamped to Int.max), else nil.
    var integerValue: Int? {
        guard isIntegral else { return nil }
        guard !isZero else { return 0 }
        guard exponent <= 18 else { return isNegative ? Int.min : Int.max }
        var value = 0
        var produced = 0
        for index in first..<end where text[index] != UInt8(ascii: ".") {
            value = value * 10 + Int(text[index] - UInt8(ascii: "0"))
            produced += 1
        }
        while produced < exponent {
            value *= 10
            produced += 1
        }
        return isNegative ? -value : value
    }
}

/// Words an error at a node of the schema document being compiled. A value, not a closure: a
/// closure over the document, formed for each keyword read, copied it (six arrays retained and
/// released) every time; a closure over the compiler copied the whole compiler.
struct SchemaFailure {
    let documentURI: String

    func callAsFunction(_ document: JSONDocument, _ node: JSONNode, _ message: String) -> SchemaError {
        SchemaError(location: documentURI + "#" + document.jsonPointer(node), message: message)
    }
}
