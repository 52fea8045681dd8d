extension TranslationCatalog {
    /// One entry per registered status code, keyed `http.<code>`.
    static let httpStatus: [String: TranslationTemplate] = {
        var entries: [String: TranslationTemplate] = [:]
        for (code, text) in statusTexts {
            entries["http.\(code)"] = TranslationTemplate(title: text.0, explanation: text.1, hint: text.2)
        }
        return entries
    }()

    /// Fallbacks for unregistered codes, by class.
    static let httpClasses: [String: TranslationTemplate] = [
        "http.1xx": TranslationTemplate(
            title: "Informational response ({status})",
            explanation: "{host} sent an interim {status} response that is not part of the HTTP registry.",
            hint: "Interim responses are normally handled by the transport; check the server if this is the final one."
        ),
        "http.2xx": TranslationTemplate(
            title: "Success ({status})", explanation: "{host} accepted the request with an unregistered 2xx status.",
            hint: "Read the response body and the API's documentation for what this status means."),
        "http.3xx": TranslationTemplate(
            title: "Redirect ({status})", explanation: "{host} answered with an unregistered redirect status {status}.",
            hint: "Look at the Location header; turn on 'follow redirects' to follow it automatically."),
        "http.4xx": TranslationTemplate(
            title: "Request rejected ({status})",
            explanation: "{host} rejected the {method} request with the non-standard status {status}.",
            hint: "The response body usually says why; check the API's documentation for this code."),
        "http.5xx": TranslationTemplate(
            title: "Server error ({status})",
            explanation: "{host} failed while handling the request and answered with the non-standard status {status}.",
            hint: "The fault is on the server side; retry later or contact the API's owner with the technical detail."
        ),
        "http.other": TranslationTemplate(
            title: "Unusual status ({status})",
            explanation: "{host} answered with {status}, which is outside the HTTP status range 100–599.",
            hint: "This usually means a misbehaving server or proxy; check what is listening at {host}."),
    ]

    // swift-format-ignore
    private static let statusTexts: [Int: (String, String, String)] = [
        100: ("Continue", "{host} is ready for the request body.", "Nothing to do: the transport sends the body and waits for the final response."),
        101: ("Switching protocols", "{host} agreed to switch protocols (for example to WebSocket).", "Lazer does not follow protocol upgrades; use a WebSocket client for this endpoint."),
        102: ("Processing", "{host} received the request and is still working on it.", "Wait for the final response; raise the total timeout if it is cut off."),
        103: ("Early hints", "{host} sent early hints (headers to preload) before the final response.", "Nothing to do: the final response follows."),
        104: ("Upload resumption supported", "{host} says an interrupted upload to this URL can be resumed.", "Nothing to do unless you are implementing resumable uploads."),
        200: ("OK", "{host} handled the {method} request successfully.", "The response body holds the result."),
        201: ("Created", "{host} created a new resource.", "The Location header usually points at the new resource."),
        202: ("Accepted", "{host} accepted the request for processing, but it is not finished yet.", "Poll the status URL the API documents (often in the Location header or body)."),
        203: ("Non-authoritative information", "A proxy between you and {host} changed the response.", "If the content looks wrong, try without the proxy."),
        204: ("No content", "{host} handled the request and sent no body on purpose.", "Nothing to show is expected here."),
        205: ("Reset content", "{host} handled the request and asks the client to reset its form.", "Clear the inputs you sent if you are building a form-based client."),
        206: ("Partial content", "{host} sent only the part of the resource that the Range header asked for.", "Remove the Range header to get the whole resource."),
        207: ("Multi-status", "{host} sent several statuses for several resources (WebDAV).", "Read the XML body: each resource has its own status."),
        208: ("Already reported", "{host} already listed these members earlier in this WebDAV response.", "Nothing to do: this avoids listing a resource twice."),
        226: ("IM used", "{host} answered with a delta of the resource (delta encoding).", "Apply the delta to your cached copy, or request without A-IM for the whole resource."),
        300: ("Multiple choices", "{host} has several representations of this resource.", "Pick one from the body or the Location header, or set an Accept header."),
        301: ("Moved permanently", "The resource at {url} moved for good.", "Update the saved URL to the Location header's value, or turn on 'follow redirects'."),
        302: ("Found (temporary redirect)", "{host} points you to another URL for now.", "Turn on 'follow redirects', or send the request to the Location header's URL."),
        303: ("See other", "{host} says the result is at another URL, to be fetched with GET.", "Turn on 'follow redirects' (the follow-up request becomes a GET)."),
        304: ("Not modified", "The resource has not changed since the version your conditional headers name.", "Use your cached copy, or remove If-None-Match/If-Modified-Since to get the body."),
        305: ("Use proxy", "{host} asks to be reached through a proxy (a deprecated status).", "Configure the proxy named in the Location header if you trust it."),
        307: ("Temporary redirect", "{host} points you to another URL for now; the method and body must stay the same.", "Turn on 'follow redirects', or resend to the Location header's URL."),
        308: ("Permanent redirect", "The resource moved for good; the method and body must stay the same.", "Update the saved URL to the Location header's value, or turn on 'follow redirects'."),
        400: ("Bad request", "{host} could not understand the {method} request.", "Check the body's syntax, required parameters and the Content-Type header; the response body often says which field is wrong."),
        401: ("Not authenticated", "{host} needs valid credentials for this request.", "Add or refresh the Authorization header (token, API key) in the environment; tokens expire."),
        402: ("Payment required", "{host} refuses until a payment or plan issue is resolved.", "Check the account's billing or quota with the API provider."),
        403: ("Forbidden", "{host} understood who you are but does not allow this request.", "Check the account's permissions or scopes, and that you are using the right environment."),
        404: ("Not found", "{host} has nothing at {url}.", "Check the path, the IDs in it and the environment's base URL."),
        405: ("Method not allowed", "{host} does not accept {method} requests at this URL.", "Look at the Allow header for the methods it accepts."),
        406: ("Not acceptable", "{host} cannot produce a response in the formats your Accept header lists.", "Loosen or remove the Accept header."),
        407: ("Proxy authentication required", "The proxy between you and {host} needs credentials.", "Add proxy credentials to the proxy URL or the Proxy-Authorization header."),
        408: ("Request timeout", "{host} gave up waiting for the rest of the request.", "Retry; if the body is large or the network slow, check the upload."),
        409: ("Conflict", "The request conflicts with the current state of the resource on {host}.", "Fetch the resource again, resolve the conflict (version, duplicate key) and resend."),
        410: ("Gone", "The resource at {url} was removed for good.", "Remove this request or point it at the replacement the API documents."),
        411: ("Length required", "{host} needs a Content-Length header.", "Send the body with a known length instead of chunked."),
        412: ("Precondition failed", "A conditional header (If-Match, If-Unmodified-Since) did not hold on {host}.", "Fetch the current version (ETag) and resend with it."),
        413: ("Body too large", "{host} refuses a request body this large.", "Send a smaller body or use the API's upload mechanism for large files."),
        414: ("URL too long", "{host} refuses a URL this long.", "Move parameters from the query string into the body (POST), or shorten them."),
        415: ("Unsupported media type", "{host} does not accept the body's format.", "Check the Content-Type header matches the body (for example application/json)."),
        416: ("Range not satisfiable", "The Range header asks for bytes the resource on {host} does not have.", "Remove the Range header or ask for a range within the resource's size."),
        417: ("Expectation failed", "{host} cannot meet the Expect header's requirement.", "Remove the Expect header (for example Expect: 100-continue)."),
        418: ("I'm a teapot", "{host} refuses to brew coffee because it is a teapot (an April Fools' status some APIs use as a joke or a block).", "Read the response body; some services use 418 to reject automated clients."),
        421: ("Misdirected request", "The request reached a server on {host} that cannot answer for this host name.", "Retry; if it persists, the server's TLS or virtual host setup is wrong."),
        422: ("Unprocessable content", "{host} understood the body but its content is invalid.", "The response body usually lists the fields that failed validation."),
        423: ("Locked", "The resource on {host} is locked (WebDAV).", "Wait for the lock to be released, or unlock it first."),
        424: ("Failed dependency", "The request failed because an earlier request it depends on failed (WebDAV).", "Fix the earlier request first."),
        425: ("Too early", "{host} will not process a request that might be replayed (sent in TLS early data).", "Resend the request; it will go after the handshake."),
        426: ("Upgrade required", "{host} refuses this protocol version.", "Look at the Upgrade header; try HTTPS or HTTP/2."),
        428: ("Precondition required", "{host} requires a conditional request to avoid lost updates.", "Fetch the resource, then resend with If-Match set to its ETag."),
        429: ("Too many requests", "{host} is rate-limiting you.", "Wait (see the Retry-After header) before sending again, or lower the request rate."),
        431: ("Headers too large", "{host} refuses headers this large.", "Remove unneeded headers or cookies; check for a huge Cookie or token."),
        451: ("Unavailable for legal reasons", "{host} may not serve this resource for legal reasons.", "Nothing to fix on your side; the Link header may say who requested the block."),
        500: ("Internal server error", "{host} failed while handling the {method} request.", "The fault is on the server; retry, and report the technical detail to the API's owner if it persists."),
        501: ("Not implemented", "{host} does not support what the {method} request needs.", "Check the method and the API's documentation."),
        502: ("Bad gateway", "A gateway or proxy in front of {host} got an invalid answer from the server behind it.", "Usually temporary (a deploy or a crashed backend); retry in a moment."),
        503: ("Service unavailable", "{host} is overloaded or down for maintenance.", "Retry later (see the Retry-After header)."),
        504: ("Gateway timeout", "A gateway or proxy in front of {host} did not get a timely answer from the server behind it.", "Retry; if it keeps happening, the backend is too slow for this request."),
        505: ("HTTP version not supported", "{host} does not support the HTTP version the request used.", "Change the preferred HTTP version in the request options."),
        506: ("Variant also negotiates", "{host} has a content negotiation misconfiguration.", "Nothing to fix on your side; report it to the API's owner."),
        507: ("Insufficient storage", "{host} has no room to store what the request needs.", "Free space on the server side or send less data."),
        508: ("Loop detected", "{host} found an infinite loop while handling the request (WebDAV).", "Check the resource bindings on the server."),
        510: ("Not extended", "{host} needs further extensions to the request (an obsolete status).", "Check the API's documentation for required extensions."),
        511: ("Network authentication required", "The network you are on (a captive portal) wants you to log in before reaching {host}.", "Open a browser and sign in to the network, then retry."),
    ]
}
