import Foundation
import JSONTree
package import Workspace

/// A saved body as the text the body editor shows, and the edited text written back into the
/// body's own kind (inline JSON stays inline JSON when it parses; text stays text).
package enum BodyText {
    /// The editable text of `body` (empty for kinds that are not text: form, multipart, file).
    package static func text(of body: SavedBody) -> String {
        switch body.content {
        case .none: ""
        case .json(let json): json.prettyPrinted()
        case .jsonText(let text): text
        case .text(let text, _): text
        case .graphql(let graphql): graphql.query
        case .formURLEncoded, .multipart, .file: ""
        }
    }

    /// Whether the body kind is edited as text in the Body tab.
    package static func isTextual(_ body: SavedBody) -> Bool {
        switch body.content {
        case .none, .json, .jsonText, .text, .graphql: true
        case .formURLEncoded, .multipart, .file: false
        }
    }

    /// `body` with its text replaced by `text`. A JSON body whose text parses is stored inline;
    /// one that does not parse (yet) is kept as JSON text so nothing typed is lost. An empty
    /// "none" body that gets text becomes a text body.
    package static func replacing(_ body: SavedBody, with text: String) -> SavedBody {
        var result = body
        switch body.content {
        case .json, .jsonText:
            if let json = try? StoredJSON(parsing: text), json.prettyPrinted() == text {
                result.content = .json(json)
            } else {
                result.content = .jsonText(text)
            }
        case .text(_, let contentType):
            result.content = .text(text, contentType: contentType)
        case .graphql(var graphql):
            graphql.query = text
            result.content = .graphql(graphql)
        case .none:
            result.content = text.isEmpty ? .none : .text(text, contentType: nil)
        case .formURLEncoded, .multipart, .file:
            break
        }
        return result
    }

    /// The JSON problem of a JSON body ("line 3, column 5: …"), nil when it parses or is not JSON.
    package static func problem(in body: SavedBody) -> String? {
        let text: String
        switch body.content {
        case .json: return nil
        case .jsonText(let jsonText): text = jsonText
        default: return nil
        }
        return problem(inJSON: text)
    }

    package static func problem(inJSON text: String) -> String? {
        if text.allSatisfy(\.isWhitespace) { return nil }
        do {
            _ = try JSONDocument(text: text)
            return nil
        } catch {
            // `{"id": {{postId}}}` is sent with the value in place (the text is filled in before
            // it goes): it is JSON once filled, not an error.
            if text.contains("{{"), (try? JSONDocument(text: placeholdersFilled(text))) != nil { return nil }
            return error.message
        }
    }

    /// `text` with every `{{…}}` replaced by `0`: a number where it stands alone, a digit inside
    /// a string.
    static func placeholdersFilled(_ text: String) -> String {
        var out = ""
        var rest = Substring(text)
        while let open = rest.range(of: "{{"), let close = rest[open.upperBound...].range(of: "}}") {
            out += rest[..<open.lowerBound] + "0"
            rest = rest[close.upperBound...]
        }
        return out + rest
    }

    /// A GraphQL body's variables as the variables field shows them: the text kept as typed, or
    /// the object pretty-printed.
    package static func variablesText(of graphql: GraphQLBody) -> String {
        if let text = graphql.variablesText { return text }
        // Without the printer's last newline: the field's last line is the closing brace.
        var text = graphql.variables?.prettyPrinted() ?? ""
        if text.hasSuffix("\n") { text.removeLast() }
        return text
    }

    /// `graphql` with its variables as typed: blank is none; a JSON object is kept as one (its
    /// layout is the file's); anything else is kept as text, so nothing typed is lost.
    package static func replacingVariables(_ graphql: GraphQLBody, with text: String) -> GraphQLBody {
        var result = graphql
        result.variables = nil
        result.variablesText = nil
        guard text.contains(where: { !$0.isWhitespace }) else { return result }
        if let json = try? StoredJSON(parsing: text), case .object = json {
            result.variables = json
        } else {
            result.variablesText = text
        }
        return result
    }

    /// Why the variables typed are not a JSON object ("line 1, column 9: …"); nil when they are
    /// (or blank, or JSON once their `{{placeholders}}` are filled).
    package static func variablesProblem(_ text: String) -> String? {
        if let problem = problem(inJSON: text) { return problem }
        guard text.contains(where: { !$0.isWhitespace }) else { return nil }
        let filled = text.contains("{{") ? placeholdersFilled(text) : text
        guard let json = try? StoredJSON(parsing: filled), case .object = json else {
            return "the variables must be a JSON object ({\"name\": value, …})"
        }
        return nil
    }

    /// The body pretty-printed when it is JSON that parses (two-space indent, key order kept).
    package static func formatted(_ text: String) -> String? {
        guard let json = try? StoredJSON(parsing: text) else { return nil }
        return json.prettyPrinted()
    }
}
