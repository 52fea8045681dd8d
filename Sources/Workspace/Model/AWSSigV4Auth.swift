/// The fields of `"type": "aws-sigv4"` auth: AWS credentials and where they are valid. Every
/// field may hold `{{placeholders}}`; the secret access key should be a secret variable's (a
/// literal one is warned about by `lazer validate` and offered as a secret by the explorer). The
/// request is signed when it is sent, after every placeholder and header is known
/// (`RequestPreparer`).
package struct AWSSigV4Auth: Sendable, Equatable {
    package var accessKeyID: String
    package var secretAccessKey: String
    /// Temporary credentials' token (`x-amz-security-token`); empty for none.
    package var sessionToken: String
    package var region: String
    package var service: String
    /// `UNSIGNED-PAYLOAD` instead of the body's hash (S3 uploads over TLS).
    package var unsignedPayload: Bool

    package init(
        accessKeyID: String = "", secretAccessKey: String = "", sessionToken: String = "", region: String = "",
        service: String = "", unsignedPayload: Bool = false
    ) {
        self.accessKeyID = accessKeyID
        self.secretAccessKey = secretAccessKey
        self.sessionToken = sessionToken
        self.region = region
        self.service = service
        self.unsignedPayload = unsignedPayload
    }

    static let keys = [
        "type", "accessKeyId", "secretAccessKey", "sessionToken", "region", "service", "unsignedPayload",
    ]

    static func read(_ fields: ObjectFields) -> AWSSigV4Auth? {
        let access = fields.string("accessKeyId", required: true)
        let secret = fields.string("secretAccessKey", required: true)
        let region = fields.string("region", required: true)
        let service = fields.string("service", required: true)
        guard let access, let secret, let region, let service else { return nil }
        for (key, value) in [("region", region), ("service", service)] where value.isEmpty {
            fields.reader.report(
                .error, "aws-sigv4 auth needs a \(key) (such as \(key == "region" ? "\"eu-west-1\"" : "\"s3\""))",
                at: fields.node(key)?.offset ?? fields.offset, path: fields.path.appending(key))
        }
        if !secret.isEmpty, !secret.contains("{{") {
            fields.reader.report(
                .warning,
                "the secret access key is written in the file: put it in a secret variable and write {{name}} here",
                at: fields.node("secretAccessKey")?.offset ?? fields.offset,
                path: fields.path.appending("secretAccessKey"))
        }
        guard !region.isEmpty, !service.isEmpty else { return nil }
        return AWSSigV4Auth(
            accessKeyID: access, secretAccessKey: secret, sessionToken: fields.string("sessionToken") ?? "",
            region: region, service: service, unsignedPayload: fields.bool("unsignedPayload") ?? false)
    }

    func write(into object: inout ObjectBuilder) {
        object.add("accessKeyId", accessKeyID)
        object.add("secretAccessKey", secretAccessKey)
        if !sessionToken.isEmpty { object.add("sessionToken", sessionToken) }
        object.add("region", region)
        object.add("service", service)
        if unsignedPayload { object.add("unsignedPayload", true) }
    }
}
