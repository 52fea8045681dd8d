import Workspace

/// What an Options line left at its default stands for: the collection's option when it sets
/// one, else Lazer's own default — so "default" on screen says what will happen (issue 33: the
/// Options tab showed `(default)` without the value in force).
enum OptionsInForce {
    static func value(of field: FormRow.Field, request: SavedRequest, collection: RequestCollection?) -> String? {
        let inherited = collection?.options ?? SavedOptions()
        let from = collection.map { _ in " (collection)" } ?? ""
        // The certificate, key and passphrase come together, from the request or the collection.
        let ownsCertificate = request.options.ownsClientCertificate
        let certificateGroup = ownsCertificate ? request.options : inherited
        let certificateSource = ownsCertificate ? "" : from
        func seconds(_ value: Double) -> String {
            (value == value.rounded() ? String(Int(value)) : String(value)) + " s"
        }
        switch field {
        case .timeout where request.options.timeoutSeconds == nil:
            return inherited.timeoutSeconds.map { seconds($0) + from } ?? "none"
        case .connectTimeout where request.options.connectTimeoutSeconds == nil:
            return inherited.connectTimeoutSeconds.map { seconds($0) + from } ?? "libcurl's 300 s"
        case .followRedirects where request.options.followRedirects == nil:
            if let follow = inherited.followRedirects { return (follow ? "yes" : "no") + from }
            return SavedOptions.defaultFollowRedirects ? "yes" : "no"
        case .maxRedirects where request.options.maxRedirects == nil:
            return inherited.maxRedirects.map { "\($0)" + from } ?? "\(SavedOptions.defaultMaxRedirects)"
        case .verifyTLS where request.options.verifyTLS == nil:
            return inherited.verifyTLS.map { ($0 ? "yes" : "no") + from } ?? "yes"
        case .proxy where request.options.proxy == nil:
            return inherited.proxy.map { $0 + from } ?? "none (or $https_proxy / $http_proxy)"
        case .caFile where request.options.caFile == nil:
            return inherited.caFile.map { $0 + from } ?? "the system's CA certificates"
        case .clientCertificate where request.options.clientCertificate == "":
            return inherited.clientCertificate == nil ? nil : "not the collection's"
        case .clientCertificate where request.options.clientCertificate == nil:
            return certificateGroup.clientCertificate.map { $0 + certificateSource } ?? "none"
        case .clientKey where request.options.clientKey == nil:
            if let key = certificateGroup.clientKey { return key + certificateSource }
            return (certificateGroup.clientCertificate ?? "").isEmpty ? "none" : "in the certificate file"
        case .clientKeyPassphrase where request.options.clientKeyPassphrase == nil:
            return certificateGroup.clientKeyPassphrase.map { $0 + certificateSource } ?? "none"
        case .httpVersion where request.options.httpVersion == nil:
            return inherited.httpVersion.map { $0.rawValue + from } ?? "1.1, or 2 where TLS offers it"
        default:
            return nil
        }
    }
}
