/// Exact comparison of two numbers written as JSON number text, for callers outside JSONTree
/// (expectations in collections): `10.50` equals `10.5`, `1E2` equals `100`, and
/// `12345678901234567890` is below `12345678901234567891` — nothing goes through a binary or
/// 38-digit decimal type. See `JSONDecimal`.
public enum JSONNumberText {
    /// -1, 0 or 1 as `left` is below, equal to or above `right`; nil when either is not RFC 8259
    /// number text.
    public static func compare(_ left: String, _ right: String) -> Int? {
        guard let leftValue = JSONDecimal(ArraySlice(left.utf8)), let rightValue = JSONDecimal(ArraySlice(right.utf8))
        else { return nil }
        return JSONDecimal.order(leftValue, rightValue)
    }
}
