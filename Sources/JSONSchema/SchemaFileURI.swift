/// `file://` URIs for schema files, so `$ref`s resolve beside the file that holds them: the one
/// encoding and decoding `lazer json --schema` and the response contracts both use.
package enum SchemaFileURI {
    /// An absolute path as a `file://` URI, percent-encoding all but unreserved characters and `/`.
    package static func uri(ofAbsolutePath path: String) -> String {
        "file://" + encoded(path)
    }

    /// A JSON Pointer as a URI fragment (`#/paths/~1pets~1%7Bid%7D/get`).
    package static func fragment(_ pointer: String) -> String {
        "#" + encoded(pointer)
    }

    /// The path a `file://` URI names; nil for any other scheme.
    package static func path(ofURI uri: String) -> String? {
        guard uri.hasPrefix("file://") else { return nil }
        return SchemaURI.percentDecoded(String(uri.dropFirst("file://".count)))
    }

    /// `text` with its `%XX` escapes decoded.
    package static func percentDecoded(_ text: String) -> String {
        SchemaURI.percentDecoded(text)
    }

    private static func encoded(_ text: String) -> String {
        var encoded = ""
        for byte in text.utf8 {
            let isPlain =
                (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || "/-._~".utf8.contains(byte)
            if isPlain {
                encoded.append(Character(Unicode.Scalar(byte)))
            } else {
                encoded += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            }
        }
        return encoded
    }
}
