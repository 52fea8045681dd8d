import Foundation
public import HTTPCore

/// Why an export could not be written (an unsupported construct, nothing selected, no history).
public struct ExportError: Error, Sendable, Equatable, CustomStringConvertible, TranslatableError {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }

    public var translationKey: String { "interop.exportFailed" }

    public var translationTemplate: TranslationTemplate {
        TranslationTemplate(title: "Nothing exported", explanation: "{reason}.", hint: nil)
    }

    public var translationValues: [String: String] { ["reason": message] }
}
