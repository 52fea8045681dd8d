/// An error from another module that brings its own translation, so it reads as well as the
/// built-in ones and can be overridden from a translations file under its own key.
///
/// Example: Workspace's save error returns the key `workspace.saveFailed`, texts with `{path}`,
/// and `["path": file]`. Values are scrubbed of secrets before they are used.
public protocol TranslatableError: Error {
    /// The catalog key, `namespace.name` (`workspace.saveFailed`). The namespaces HTTPCore uses
    /// (`http`, `transport`, `request`, `response`, `serialization`, `translationFile`) are reserved.
    var translationKey: String { get }
    /// The built-in texts; an override file entry for ``translationKey`` replaces fields of it.
    var translationTemplate: TranslationTemplate { get }
    /// Values for the template's placeholders (`{path}`, …).
    var translationValues: [String: String] { get }
    /// The exact error for the details pane.
    var technicalDetail: String { get }
}

extension TranslatableError {
    public var translationValues: [String: String] { [:] }
    public var technicalDetail: String { "\(type(of: self)): \(self)" }
}
