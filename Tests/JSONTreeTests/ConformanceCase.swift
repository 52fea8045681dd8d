import JSONTree
import Testing

/// One row of the conformance table: input bytes and what the strict parser must do with them.
/// Categories follow the well-known JSON parsing test suites: `y` must be accepted, `n` must be
/// rejected, `i` is implementation-defined (our choice is recorded in `expectation`).
struct ConformanceCase: CustomTestStringConvertible, Sendable {
    enum Category: String, Sendable {
        case accept = "y"
        case reject = "n"
        case implementationDefined = "i"
    }

    enum Expectation: Sendable, Equatable {
        case accepts
        case rejects(JSONParseErrorReasonName)
    }

    let category: Category
    let name: String
    let bytes: [UInt8]
    let expectation: Expectation

    var testDescription: String { "\(category.rawValue)_\(name)" }

    static func y(_ name: String, _ text: String) -> ConformanceCase {
        ConformanceCase(category: .accept, name: name, bytes: Array(text.utf8), expectation: .accepts)
    }

    static func n(_ name: String, _ text: String, _ reason: JSONParseErrorReasonName = .unexpected) -> ConformanceCase {
        ConformanceCase(category: .reject, name: name, bytes: Array(text.utf8), expectation: .rejects(reason))
    }

    static func n(_ name: String, bytes: [UInt8], _ reason: JSONParseErrorReasonName) -> ConformanceCase {
        ConformanceCase(category: .reject, name: name, bytes: bytes, expectation: .rejects(reason))
    }

    static func i(_ name: String, bytes: [UInt8], _ expectation: Expectation) -> ConformanceCase {
        ConformanceCase(category: .implementationDefined, name: name, bytes: bytes, expectation: expectation)
    }
}

/// A Sendable mirror of `JSONParseError.Reason` names, so cases read as data.
enum JSONParseErrorReasonName: Sendable, Equatable {
    case unexpected, invalidUTF8, controlCharacter, invalidEscape, invalidNumber, tooDeep, trailingData
}

extension JSONParseErrorReasonName {
    init(_ reason: JSONParseError.Reason) {
        switch reason {
        case .unexpected, .tooLarge: self = .unexpected
        case .invalidUTF8: self = .invalidUTF8
        case .controlCharacter: self = .controlCharacter
        case .invalidEscape: self = .invalidEscape
        case .invalidNumber: self = .invalidNumber
        case .tooDeep: self = .tooDeep
        case .trailingData: self = .trailingData
        }
    }
}
