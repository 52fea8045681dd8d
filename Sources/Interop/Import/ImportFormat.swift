/// The formats `lazer import` reads. `auto` is not a case: `detect` picks one from the bytes.
package enum ImportFormat: String, Sendable, CaseIterable {
    /// curl command lines as pasted from API docs or a browser's "Copy as cURL".
    case curl
    /// Postman collections v2.0 and v2.1.
    case postman
    /// OpenAPI 3.0 / 3.1 (JSON or YAML) and Swagger 2.0.
    case openapi
    /// HAR 1.2 captures from browsers and proxies.
    case har
    /// JetBrains HTTP Client / VS Code REST Client `.http` and `.rest` files.
    case http
}
