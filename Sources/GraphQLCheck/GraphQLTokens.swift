/// GraphQL's lexical tokens, read leniently for the editor (issue 28): a document being typed is
/// mostly not valid, so nothing here fails — an unclosed string runs to the end, an unknown
/// character is skipped. Strings, numbers and comments become no tokens of their own but a
/// `value` (strings, numbers) or nothing (comments, commas: GraphQL ignores them).
struct GraphQLToken: Equatable {
    enum Kind: Equatable {
        case name
        /// `{ } ( ) [ ] : = ! $ @ |` and `...`.
        case punctuator
        /// A string or a number.
        case value
    }

    var kind: Kind
    var text: Substring
    /// UTF-8 offsets of its first byte and the byte after it.
    var start: Int
    var end: Int

    func isPunctuator(_ symbol: String) -> Bool { kind == .punctuator && text == symbol }
}

enum GraphQLLexer {
    /// The tokens of `text` that start before the UTF-8 offset `limit`.
    static func tokens(_ text: String, before limit: Int) -> [GraphQLToken] {
        let utf8 = text.utf8
        var tokens: [GraphQLToken] = []
        var index = utf8.startIndex
        var offset = 0
        let end = min(limit, utf8.count)
        func advance(_ count: Int = 1) {
            for _ in 0..<count where index != utf8.endIndex {
                index = utf8.index(after: index)
                offset += 1
            }
        }
        func peek(_ ahead: Int = 0) -> UInt8? {
            var at = index
            for _ in 0..<ahead {
                guard at != utf8.endIndex else { return nil }
                at = utf8.index(after: at)
            }
            return at == utf8.endIndex ? nil : utf8[at]
        }
        while offset < end, let byte = peek() {
            let start = offset
            let startIndex = index
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: ","):
                advance()
            case UInt8(ascii: "#"):
                while let next = peek(), next != UInt8(ascii: "\n") { advance() }
            case UInt8(ascii: "\""):
                if peek(1) == UInt8(ascii: "\""), peek(2) == UInt8(ascii: "\"") {
                    advance(3)
                    while let next = peek() {
                        if next == UInt8(ascii: "\""), peek(1) == UInt8(ascii: "\""), peek(2) == UInt8(ascii: "\"") {
                            advance(3)
                            break
                        }
                        advance(next == UInt8(ascii: "\\") ? 2 : 1)
                    }
                } else {
                    advance()
                    while let next = peek(), next != UInt8(ascii: "\n") {
                        advance(next == UInt8(ascii: "\\") ? 2 : 1)
                        if next == UInt8(ascii: "\"") { break }
                    }
                }
                tokens.append(GraphQLToken(kind: .value, text: text[startIndex..<index], start: start, end: offset))
            case UInt8(ascii: "."):
                advance(peek(1) == UInt8(ascii: ".") && peek(2) == UInt8(ascii: ".") ? 3 : 1)
                tokens.append(
                    GraphQLToken(kind: .punctuator, text: text[startIndex..<index], start: start, end: offset))
            case _ where isNameStart(byte):
                while let next = peek(), isNameStart(next) || isDigit(next) { advance() }
                tokens.append(GraphQLToken(kind: .name, text: text[startIndex..<index], start: start, end: offset))
            case _ where isDigit(byte) || byte == UInt8(ascii: "-"):
                advance()
                while let next = peek(),
                    isDigit(next) || isNameStart(next) || next == UInt8(ascii: ".")
                        || next == UInt8(ascii: "+") || next == UInt8(ascii: "-")
                {
                    advance()
                }
                tokens.append(GraphQLToken(kind: .value, text: text[startIndex..<index], start: start, end: offset))
            case _ where "{}()[]:=!$@|&".utf8.contains(byte):
                advance()
                tokens.append(
                    GraphQLToken(kind: .punctuator, text: text[startIndex..<index], start: start, end: offset))
            default:
                advance()
            }
        }
        return tokens
    }

    static func isNameStart(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || byte == UInt8(ascii: "_")
    }

    static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
}
