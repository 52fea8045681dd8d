import Foundation
package import HTTPCore

/// Why an export could not be written (an unsupported construct, nothing selected, no history).
package struct ExportError: Error, Sendable, Equatable, CustomStringConvertible, TranslatableError {
    package var message: String

    package init(_ message: String) {
        self.message = message
    }

    package var description: String { message }

    package var translationKey: String { "interop.exportFailed" }

    package var translationTemplate: TranslationTemplate {
        TranslationTemplate(title: "Nothing exported", explanation: "{reason}.", hint: nil)
    }

    package var translationValues: [String: String] { ["reason": message] }
}
