public import Foundation

/// A URL written as a string. Absolute URLs are required unless `allowsRelative` is set.
public struct URLTransform: CodingTransform {
    public var allowsRelative: Bool

    public init(allowsRelative: Bool = false) {
        self.allowsRelative = allowsRelative
    }

    public func decode(_ json: String) throws(TransformError) -> URL {
        let text = json.trimmingASCIIWhitespace()
        guard !text.isEmpty, let url = URL(string: text) else { throw TransformError("\"\(json)\" is not a URL") }
        guard allowsRelative || url.scheme != nil else {
            throw TransformError("\"\(json)\" is not an absolute URL (it has no scheme)")
        }
        return url
    }

    public func encode(_ value: URL) throws(TransformError) -> String {
        value.absoluteString
    }
}
