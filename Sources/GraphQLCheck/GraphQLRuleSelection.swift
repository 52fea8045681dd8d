import GraphQL

/// The specification's rules a document needs checked: those about variables only when it names
/// one (`$`), about fragments only when it has one (`...` or `fragment`), about directives only
/// when it uses one (`@`). A rule about something the document does not have finds nothing, but
/// its visitor still runs at every node, and the variable rules walk the document once more for
/// their usages: on a 300-line query against GitHub's schema the rules it cannot break were a third
/// of a check (issue 28's budget is 5 ms a keystroke). The text is scanned as bytes, strings and
/// comments included: a `$` in a string keeps the variable rules, which costs time, never a problem.
enum GraphQLRuleSelection {
    /// Positions in `specifiedRules` (GraphQLSwift 4.3.0's order) of the rules that look only at
    /// variables, fragments or directives; every other rule always runs, a rule the library adds too.
    static let variableRules: Set<Int> = [5, 13, 14, 15, 22]
    static let fragmentRules: Set<Int> = [4, 8, 9, 10, 11, 12]
    static let directiveRules: Set<Int> = [16, 17]

    /// The rules to run on `text`.
    static func rules(for text: String) -> [@Sendable (ValidationContext) -> Visitor] {
        var dollar = false
        var at = false
        var dots = false
        var previous: (UInt8, UInt8) = (0, 0)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "$"): dollar = true
            case UInt8(ascii: "@"): at = true
            case UInt8(ascii: "."): if previous == (UInt8(ascii: "."), UInt8(ascii: ".")) { dots = true }
            default: break
            }
            previous = (previous.1, byte)
        }
        let fragments = dots || text.contains("fragment")
        var skipped: Set<Int> = []
        if !dollar { skipped.formUnion(variableRules) }
        if !fragments { skipped.formUnion(fragmentRules) }
        if !at { skipped.formUnion(directiveRules) }
        return specifiedRules.enumerated().filter { !skipped.contains($0.offset) }.map(\.element)
    }
}
