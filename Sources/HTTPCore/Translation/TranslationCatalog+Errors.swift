extension TranslationCatalog {
    /// Entries for request, response, serialization and other errors.
    // swift-format-ignore
    static let errors: [String: TranslationTemplate] = [
        "request.missingServerProvider": TranslationTemplate(title: "No environment", explanation: "The request has a relative path but no environment to take the base URL from.", hint: "Pick an environment, or write the full URL (https://…)."),
        "request.missingBaseURL": TranslationTemplate(title: "No base URL", explanation: "There is no base URL to put before the relative path (no environment is active, or the active one sets none), so it cannot be turned into a URL.", hint: "Pick or add an environment with a base URL, or write the full URL (https://…)."),
        "request.invalidURL": TranslationTemplate(title: "Invalid URL", explanation: "\"{url}\" is not a valid URL: {detail}.", hint: "Check for a missing scheme (https://), spaces in the host or a stray character."),
        "request.unsupportedScheme": TranslationTemplate(title: "Unsupported URL scheme", explanation: "Lazer sends HTTP requests, but the URL uses \"{scheme}\".", hint: "Use an http:// or https:// URL."),
        "request.invalidMethod": TranslationTemplate(title: "Invalid method", explanation: "\"{detail}\" cannot be an HTTP method.", hint: "A method is one word without spaces or separators, like GET or PURGE."),
        "request.invalidHeaderName": TranslationTemplate(title: "Invalid header name", explanation: "The header name \"{header}\" contains characters a header name cannot have.", hint: "Header names are one word of letters, digits and -_. (no spaces or colons)."),
        "request.invalidHeaderValue": TranslationTemplate(title: "Invalid header value", explanation: "The value of the header \"{header}\" contains a line break or another control character.", hint: "Remove line breaks and control characters from the value; a header must fit on one line."),
        "request.bodyEncodingFailed": TranslationTemplate(title: "Body could not be encoded", explanation: "The request body could not be turned into bytes: {detail}.", hint: "Check the body's values (JSON cannot hold NaN, infinity or dates without a strategy)."),
        "request.bodyFileNotFound": TranslationTemplate(title: "Body file not found", explanation: "The body refers to {path}, which does not exist.", hint: "Check the file path; relative paths are resolved from the folder Lazer runs in."),
        "request.bodyFileUnreadable": TranslationTemplate(title: "Body file unreadable", explanation: "The body refers to {path}, which cannot be read: {detail}.", hint: "Check the file's permissions and that it is not a folder."),
        "request.adapterFailed": TranslationTemplate(title: "Request not prepared", explanation: "A request step (for example signing or adding a token) failed: {detail}.", hint: "Check the environment's credentials and settings."),
        "response.emptyBody": TranslationTemplate(title: "Empty response", explanation: "{host} sent no body, but one was expected.", hint: "Check the request is the one that returns content (method and path)."),
        "response.unreadableBodyFile": TranslationTemplate(title: "Saved body unreadable", explanation: "The response body was saved to {path}, which can no longer be read.", hint: "The temporary file may have been cleaned up; send the request again."),
        "response.unexpectedContentType": TranslationTemplate(title: "Unexpected content type", explanation: "{host} answered with {detail}.", hint: "Check the Accept header and that the URL is the API endpoint, not a web page."),
        "response.adapterFailed": TranslationTemplate(title: "Response rejected", explanation: "A response step rejected the answer from {host}: {detail}.", hint: "Check the response body and the environment's settings."),
        "serialization.decodingFailed": TranslationTemplate(title: "Response did not match the expected shape", explanation: "The JSON from {host} could not be read as {type} at {path}: {detail}.", hint: "Compare the response body with the expected model; a field may be missing, null or of another type."),
        "serialization.encodingFailed": TranslationTemplate(title: "Value could not be encoded", explanation: "{type} could not be encoded: {detail}.", hint: "Check the value for numbers JSON cannot hold (NaN, infinity)."),
        "serialization.invalidJSON": TranslationTemplate(title: "Invalid JSON", explanation: "The body from {host} is not valid JSON: {detail}.", hint: "Look at the raw body; the server may have sent an HTML error page or a truncated body."),
        "serialization.invalidText": TranslationTemplate(title: "Body is not valid text", explanation: "The body from {host} is not valid {charset} text.", hint: "Check the charset in the Content-Type header, or view the body as raw bytes."),
        "serialization.unsupportedCharset": TranslationTemplate(title: "Unknown character set", explanation: "The body from {host} uses the character set \"{charset}\", which Lazer cannot decode.", hint: "View the body as raw bytes, or ask for UTF-8 with an Accept-Charset header."),
        "translationFile.invalid": TranslationTemplate(title: "Translations file not loaded", explanation: "The translations file {path} has a problem: {detail}.", hint: "Fix the file (see docs/httpcore.md, 'Translation overrides'); the built-in texts are used meanwhile."),
        "cancelled": TranslationTemplate(title: "Cancelled", explanation: "The operation was cancelled before it finished.", hint: "Run it again when you are ready."),
        "unknown": TranslationTemplate(title: "Something went wrong", explanation: "An unexpected error occurred.", hint: "Retry; if it persists, report the technical detail."),
    ]
}
