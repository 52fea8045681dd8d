public import Foundation

extension ErrorTranslator {
    /// The translator for an optional overrides file, for app start-up: built-in texts plus the
    /// file's overrides; or, when the file is broken, the built-in texts and the problem to show
    /// (translate it with the returned translator). A file that does not exist is not a problem.
    public static func loading(overridesFile url: URL?) -> (translator: ErrorTranslator, problem: TranslationFileError?)
    {
        guard let url, FileManager.default.fileExists(atPath: url.path) else { return (.standard, nil) }
        do {
            return (try ErrorTranslator(overridesFile: url), nil)
        } catch {
            return (.standard, error)
        }
    }
}
