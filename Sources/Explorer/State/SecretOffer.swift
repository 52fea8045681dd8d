import Foundation
package import Workspace

/// A credential typed as itself into a request's Auth tab (a bearer token, a basic or digest
/// password, an API key value — not a `{{variable}}`) is shown masked, but a save would write it
/// in clear into the collection file. The explorer offers to keep it as a secret instead: a
/// collection variable marked secret, whose value goes to the secrets file (as environments'
/// secret variables do), the field becoming `{{name}}`.
package struct SecretOffer: Sendable, Hashable {
    package var key: RequestKey
    /// The auth field holding the credential (`authPassword`, `authToken` or `authKeyValue`).
    package var field: FormRow.Field
    /// The variable's name: proposed, or typed in "another name…".
    package var name: String
    /// Asked by "Save all" (its answers save every draft), not by Ctrl+S on one request.
    package var savingAll = false

    package init(key: RequestKey, field: FormRow.Field, name: String) {
        self.key = key
        self.field = field
        self.name = name
    }

    /// What the field is called in the questions ("the bearer token").
    package var fieldLabel: String {
        switch field {
        case .authToken: "the bearer token"
        case .authKeyValue: "the API key"
        case .awsSecretKey: "the AWS secret access key"
        case .jwtSecret: "the JWT key"
        default: "the password"
        }
    }
}

/// Finding a typed credential in a request's auth, naming the secret it becomes, and writing the
/// `{{name}}` reference in its place.
package enum LiteralCredential {
    /// The auth's secret field and its text (nil for schemes without one).
    package static func secretField(of scheme: SavedAuth.Scheme) -> (field: FormRow.Field, text: String)? {
        guard let credential = scheme.credential else { return nil }
        let field: FormRow.Field =
            switch scheme {
            case .bearer: .authToken
            case .apiKey: .authKeyValue
            case .awsSigV4: .awsSecretKey
            case .jwt: .jwtSecret
            default: .authPassword
            }
        return (field, credential.text)
    }

    /// Typed as itself: not empty, and not only `{{variable}}` references.
    package static func isLiteral(_ text: String) -> Bool {
        DraftSecrets.isWrittenAsItself(text)
    }

    /// The typed credential a save of `request` would write into the file that is not there yet
    /// (a value already saved as it is asks nothing again).
    package static func unsaved(in request: SavedRequest, saved: SavedRequest?) -> (
        field: FormRow.Field, text: String
    )? {
        guard let found = secretField(of: request.auth.scheme), isLiteral(found.text) else { return nil }
        if let saved, let before = secretField(of: saved.auth.scheme), before == found { return nil }
        return found
    }

    /// A name for the secret: `token`, `password` or `apiKey`, numbered past names the collection
    /// or one of its environments already uses — unless the collection has a secret of that name
    /// holding this very value, which is reused.
    package static func proposedName(
        for field: FormRow.Field, value: String, in collection: RequestCollection
    ) -> String {
        let base =
            switch field {
            case .authToken: "token"
            case .authKeyValue: "apiKey"
            case .awsSecretKey: "awsSecretAccessKey"
            case .jwtSecret: "jwtSecret"
            default: "password"
            }
        for number in 1...1000 {
            let name = number == 1 ? base : "\(base)\(number)"
            switch conflict(name, value: value, in: collection) {
            case nil, .sameSecret: return name
            default: continue
            }
        }
        return base
    }

    package enum Conflict: Equatable {
        /// The collection has a secret of that name with this very value: it is reused.
        case sameSecret
        /// The collection has a variable of that name (another value, or not secret).
        case collectionVariable
        /// An environment defines it, and would win over the collection's.
        case environment(String)
    }

    /// Why `name` cannot simply be added as a secret holding `value`.
    package static func conflict(_ name: String, value: String, in collection: RequestCollection) -> Conflict? {
        if let environment = collection.environments.first(where: { $0.variables.contains { $0.name == name } }) {
            return .environment(environment.name)
        }
        guard let variable = collection.variables.first(where: { $0.name == name }) else { return nil }
        return variable.secret && variable.value == value ? .sameSecret : .collectionVariable
    }

    /// `scheme` with its secret field set to `text`.
    package static func replacing(_ field: FormRow.Field, in scheme: SavedAuth.Scheme, with text: String)
        -> SavedAuth.Scheme
    {
        guard secretField(of: scheme)?.field == field else { return scheme }
        return scheme.replacingCredential(with: text)
    }
}

extension QuestionText {
    /// "Keep it as a secret?", asked when a typed credential's line is written.
    package static func keepSecret(_ offer: SecretOffer, fileName: String) -> String {
        "You typed \(offer.fieldLabel) itself: it is shown masked, but saving writes it in clear into \(fileName).\n"
            + "Alt+Y keep it as the secret {{\(offer.name)}}: its value goes to the secrets file, the field "
            + "becomes {{\(offer.name)}}, and \(fileName) names the variable only (it is saved now).\n"
            + "Alt+E another name for the secret.\n"
            + "Alt+N leave it as typed (Ctrl+S asks again before writing it in clear).\n"
            + "(Or ←/→ and Enter.)"
    }

    /// "Save it in clear?", asked by Ctrl+S.
    package static func clearCredentialSave(_ offer: SecretOffer, requestName: String, fileName: String) -> String {
        "\(offer.fieldLabel.prefix(1).uppercased() + offer.fieldLabel.dropFirst()) of \(requestName) is typed as "
            + "itself: saving writes it in clear into \(fileName).\n"
            + (offer.savingAll
                ? "Alt+S save all anyway, every typed credential in clear.\n"
                    + "Alt+M make it the secret {{\(offer.name)}} first (its value in the secrets file), then go on "
                    + "saving all.\n"
                : "Alt+S save anyway, in clear.\n"
                    + "Alt+M make it the secret {{\(offer.name)}} first (its value in the secrets file), then save.\n")
            + "Alt+C or Esc: cancel, nothing is saved.\n"
            + "(Or ←/→ and Enter.)"
    }
}
