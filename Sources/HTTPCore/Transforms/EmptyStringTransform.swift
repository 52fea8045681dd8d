/// A string where the API sends `""` for "no value": decoded as `nil`, and `nil` is written back as `""`.
public struct EmptyStringTransform: CodingTransform {
    /// Whether a string of only spaces also counts as empty.
    public var treatsWhitespaceAsEmpty: Bool

    public init(treatsWhitespaceAsEmpty: Bool = false) {
        self.treatsWhitespaceAsEmpty = treatsWhitespaceAsEmpty
    }

    public func decode(_ json: String) throws(TransformError) -> String? {
        let checked = treatsWhitespaceAsEmpty ? json.trimmingASCIIWhitespace() : json
        return checked.isEmpty ? nil : json
    }

    public func encode(_ value: String?) throws(TransformError) -> String {
        value ?? ""
    }
}
