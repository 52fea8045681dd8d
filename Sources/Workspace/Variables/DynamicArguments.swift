/// The arguments of a dynamic value (`{{$date "DD MMM YYYY" -1 d}}`): words separated by spaces,
/// or text in double quotes (which may hold spaces; `\"` and `\\` escape a quote and a backslash).
package enum DynamicArguments {
    /// Why arguments could not be read.
    package struct Failure: Error, Equatable {
        package var text: String
    }

    /// The words of `text`, unquoted, or why they cannot be read (an unclosed quote).
    package static func split(_ text: String) -> Result<[String], Failure> {
        var words: [String] = []
        var characters = Substring(text)
        while let first = characters.first {
            if first == " " || first == "\t" {
                characters = characters.dropFirst()
                continue
            }
            guard first == "\"" else {
                let word = characters.prefix { $0 != " " && $0 != "\t" }
                words.append(String(word))
                characters = characters.dropFirst(word.count)
                continue
            }
            characters = characters.dropFirst()
            var word = ""
            var closed = false
            while let character = characters.popFirst() {
                if character == "\\", let next = characters.first, next == "\"" || next == "\\" {
                    word.append(next)
                    characters = characters.dropFirst()
                } else if character == "\"" {
                    closed = true
                    break
                } else {
                    word.append(character)
                }
            }
            guard closed else { return .failure(Failure(text: "a '\"' without its closing '\"'")) }
            words.append(word)
        }
        return .success(words)
    }

    /// `word` as written in a template: quoted when it is empty or holds a space, a quote or a backslash.
    package static func quoted(_ word: String) -> String {
        guard word.isEmpty || word.contains(where: { $0 == " " || $0 == "\t" || $0 == "\"" || $0 == "\\" }) else {
            return word
        }
        var text = "\""
        for character in word {
            if character == "\"" || character == "\\" { text.append("\\") }
            text.append(character)
        }
        return text + "\""
    }

    /// `{{$name arguments…}}` as it would be written.
    package static func expression(_ name: String, _ arguments: [String]) -> String {
        "{{$" + ([name] + arguments.map(quoted)).joined(separator: " ") + "}}"
    }
}
