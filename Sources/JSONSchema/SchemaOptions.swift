/// Which JSON Schema a schema document is read as. `$schema` chooses between the drafts when
/// the caller does not; the OpenAPI dialects are the caller's choice (an OpenAPI document's
/// schemas carry no `$schema`).
package enum SchemaDialect: String, Sendable, CaseIterable {
    /// JSON Schema draft 2020-12 (the default).
    case draft202012 = "2020-12"
    /// JSON Schema draft-07.
    case draft7 = "7"
    /// OpenAPI 3.0's Schema Object: draft-04-like keywords plus `nullable`, `discriminator`,
    /// `readOnly`/`writeOnly` by direction; `example` is ignored.
    case openAPI30 = "openapi-3.0"
    /// OpenAPI 3.1's Schema Object: draft 2020-12 (with `discriminator` honoured).
    case openAPI31 = "openapi-3.1"

    /// Reads a `$schema` URI; nil for one this validator does not implement.
    package init?(metaSchema uri: String) {
        var text = uri
        if text.hasSuffix("#") { text.removeLast() }
        switch text {
        case "https://json-schema.org/draft/2020-12/schema": self = .draft202012
        case "http://json-schema.org/draft-07/schema", "https://json-schema.org/draft-07/schema": self = .draft7
        default: return nil
        }
    }

    /// Draft-07's rules: `$ref` hides its siblings, `items` may be an array, `dependencies`.
    var isDraft7Like: Bool { self == .draft7 || self == .openAPI30 }
}

/// Who sends the instance, for OpenAPI's `readOnly` (must not be sent in a request) and
/// `writeOnly` (must not come back in a response).
package enum SchemaDirection: Sendable {
    case any, request, response
}

/// How a schema is compiled and documents are validated.
package struct SchemaOptions: Sendable {
    /// The dialect when the schema's `$schema` does not say (or always, for the OpenAPI ones).
    package var dialect: SchemaDialect?
    /// `format` as an assertion rather than an annotation.
    package var assertFormats: Bool
    package var direction: SchemaDirection
    /// Findings past this many are not collected (the result says it stopped).
    package var maximumFindings: Int
    /// How many schemas may be applied inside one another (references included) before the
    /// validator reports the document as too deep instead of growing the stack further.
    package var maximumDepth: Int
    /// How many schema applications one validation may make (nil: 20 million plus 64 per value
    /// of the document); past it, validation stops with a finding.
    package var maximumSteps: Int?

    package init(
        dialect: SchemaDialect? = nil, assertFormats: Bool = false, direction: SchemaDirection = .any,
        maximumFindings: Int = 100, maximumDepth: Int = 160, maximumSteps: Int? = nil
    ) {
        self.maximumSteps = maximumSteps
        self.dialect = dialect
        self.assertFormats = assertFormats
        self.direction = direction
        self.maximumFindings = maximumFindings
        self.maximumDepth = maximumDepth
    }
}
