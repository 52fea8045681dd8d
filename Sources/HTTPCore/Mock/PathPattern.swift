import Foundation

/// A route path with typed wildcards: `/posts/:id(int)/comments`, `/users/:name`, `/files/*`.
///
/// Segments are literal text, `:name` (any one segment), `:name(type)` with type `int`, `uuid` or
/// `string`, or a final `*` matching the rest of the path (captured as `*`). Matching compares
/// percent-decoded segments and ignores a trailing slash.
public struct PathPattern: Hashable, Sendable, CustomStringConvertible {
    /// One segment of a pattern.
    public enum Segment: Hashable, Sendable {
        case literal(String)
        case parameter(name: String, type: ParameterType)
        case rest
    }

    /// What a `:name(type)` segment accepts.
    public enum ParameterType: String, Hashable, Sendable, CaseIterable {
        /// Optional `-` and digits.
        case int
        /// A UUID in 8-4-4-4-12 hex form.
        case uuid
        /// Any non-empty segment.
        case string
    }

    /// The pattern as written.
    public let text: String
    public let segments: [Segment]

    public init(_ text: String) throws(MockError) {
        self.text = text
        var segments: [Segment] = []
        let parts = Self.split(text)
        for (index, part) in parts.enumerated() {
            if part == "*" {
                guard index == parts.count - 1 else {
                    throw .invalidPattern(pattern: text, reason: "* can only be the last segment")
                }
                segments.append(.rest)
            } else if part.hasPrefix(":") {
                segments.append(try Self.parameter(String(part.dropFirst()), pattern: text))
            } else {
                segments.append(.literal(part.removingPercentEncoding ?? part))
            }
        }
        self.segments = segments
    }

    public var description: String { text }

    /// The captured parameters when `path` matches, otherwise `nil`.
    public func match(_ path: String) -> [String: String]? {
        // Only a segment with a `%` can decode to something else (Foundation's decoding is slow).
        guard path.utf8.contains(UInt8(ascii: "%")) else { return matchUndecoded(path) }
        let parts = Self.split(path).map {
            $0.utf8.contains(UInt8(ascii: "%")) ? ($0.removingPercentEncoding ?? $0) : $0
        }
        var captures: [String: String] = [:]
        for (index, segment) in segments.enumerated() {
            switch segment {
            case .rest:
                captures["*"] = parts.dropFirst(index).joined(separator: "/")
                return captures
            case .literal(let literal):
                guard index < parts.count, parts[index] == literal else { return nil }
            case .parameter(let name, let type):
                guard index < parts.count, Self.accepts(type, parts[index]) else { return nil }
                captures[name] = parts[index]
            }
        }
        return parts.count == segments.count ? captures : nil
    }

    /// `match` for a path with nothing to decode: its segments are read in place, one after
    /// another, instead of split into an array of strings (this runs for every route tried).
    private func matchUndecoded(_ path: String) -> [String: String]? {
        var segmentsLeft = PathSegments(path)
        var captures: [String: String] = [:]
        for segment in segments {
            switch segment {
            case .rest:
                var rest: [Substring] = []
                while let part = segmentsLeft.next() { rest.append(part) }
                captures["*"] = rest.joined(separator: "/")
                return captures
            case .literal(let literal):
                guard let part = segmentsLeft.next(), part == literal else { return nil }
            case .parameter(let name, let type):
                guard let part = segmentsLeft.next(), Self.accepts(type, part) else { return nil }
                captures[name] = String(part)
            }
        }
        return segmentsLeft.next() == nil ? captures : nil
    }

    /// The non-empty `/`-separated segments of a path, in order, as slices of it (found by bytes).
    private struct PathSegments {
        let path: String
        var index: String.Index

        init(_ path: String) {
            self.path = path
            index = path.utf8.startIndex
        }

        mutating func next() -> Substring? {
            let bytes = path.utf8
            let slash = UInt8(ascii: "/")
            while index < bytes.endIndex, bytes[index] == slash { index = bytes.index(after: index) }
            guard index < bytes.endIndex else { return nil }
            let start = index
            while index < bytes.endIndex, bytes[index] != slash { index = bytes.index(after: index) }
            return path[start..<index]
        }
    }

    private static func split(_ path: String) -> [String] {
        // By bytes: splitting the characters costs grapheme breaking on every request matched.
        path.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true).map { String(Substring($0)) }
    }

    private static func parameter(_ spec: String, pattern: String) throws(MockError) -> Segment {
        guard let open = spec.firstIndex(of: "(") else {
            guard !spec.isEmpty else { throw .invalidPattern(pattern: pattern, reason: "a parameter has no name") }
            return .parameter(name: spec, type: .string)
        }
        let name = String(spec[..<open])
        guard !name.isEmpty else { throw .invalidPattern(pattern: pattern, reason: "a parameter has no name") }
        guard spec.hasSuffix(")") else {
            throw .invalidPattern(pattern: pattern, reason: "the type of :\(name) is missing its closing parenthesis")
        }
        let typeName = String(spec[spec.index(after: open)..<spec.index(before: spec.endIndex)])
        guard let type = ParameterType(rawValue: typeName) else {
            let known = ParameterType.allCases.map(\.rawValue).joined(separator: ", ")
            throw .invalidPattern(
                pattern: pattern, reason: "unknown type \"\(typeName)\" for :\(name) (known: \(known))")
        }
        return .parameter(name: name, type: type)
    }

    private static func accepts(_ type: ParameterType, _ value: some StringProtocol) -> Bool {
        switch type {
        case .string:
            return !value.isEmpty
        case .int:
            // By bytes: a `-` with a mark on it is no digit either way.
            var digits = value.utf8[...]
            if digits.first == UInt8(ascii: "-") { digits = digits.dropFirst() }
            return !digits.isEmpty && digits.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
        case .uuid:
            let groups = value.split(separator: "-", omittingEmptySubsequences: false)
            return groups.map(\.count) == [8, 4, 4, 4, 12] && groups.allSatisfy { $0.allSatisfy(\.isHexDigit) }
        }
    }
}
