package import JSONTree

/// What a diff leaves out and how it pairs array items. Parsed once, reused for every diff (a
/// snapshot check runs the same options against every response).
package struct JSONDiffOptions: Sendable {
    /// Values selected by any of these queries, on either side, are not compared (nor anything
    /// below them): `$..id`, `$.createdAt`, `$.items[*].etag`.
    package var ignoredPaths: [JSONPath]
    /// Arrays whose items are paired by a key member instead of by position.
    package var arrayKeys: [JSONDiffArrayKey]
    /// Strings of at most this many characters on both sides get an inline character diff.
    package var inlineLimit: Int
    /// At most this many changes are kept (all are counted); nil keeps every change. The explorer
    /// sets it so two unrelated 40 MB bodies cannot fill memory with millions of changes.
    package var changeLimit: Int?
    /// Keep which containers were paired and differ (`JSONDiffResult.pairs`), for a side-by-side
    /// view (`JSONDiffRows`). Off by default: a diff of two unrelated bodies pairs every container.
    package var recordsPairs: Bool

    package init(
        ignoredPaths: [JSONPath] = [],
        arrayKeys: [JSONDiffArrayKey] = [],
        inlineLimit: Int = 120,
        changeLimit: Int? = nil,
        recordsPairs: Bool = false
    ) {
        self.ignoredPaths = ignoredPaths
        self.arrayKeys = arrayKeys
        self.inlineLimit = inlineLimit
        self.changeLimit = changeLimit
        self.recordsPairs = recordsPairs
    }

    /// Options from their text forms: JSONPath queries to ignore and `[ARRAYS=]KEY` rules (see
    /// `JSONDiffArrayKey.init(parsing:)`). Throws the first one that does not parse.
    package init(ignoring: [String], arrayKeys: [String] = []) throws(JSONDiffOptionError) {
        var paths: [JSONPath] = []
        for text in ignoring {
            do {
                paths.append(try JSONPath(text))
            } catch {
                throw JSONDiffOptionError(message: "ignored path: \(error.description)")
            }
        }
        var keys: [JSONDiffArrayKey] = []
        for text in arrayKeys { keys.append(try JSONDiffArrayKey(parsing: text)) }
        self.init(ignoredPaths: paths, arrayKeys: keys)
    }
}

/// Pair the items of some arrays by a member (`id`) rather than by index, so an item inserted at
/// the front reads as one addition instead of a change to every item after it.
package struct JSONDiffArrayKey: Sendable {
    /// The arrays this applies to (a JSONPath selecting arrays); nil for every array.
    package let arrays: JSONPath?
    /// Member names from an item to its key value: `["id"]`, or `["meta", "id"]` for `meta.id`.
    package let key: [String]

    package init(arrays: JSONPath?, key: [String]) {
        self.arrays = arrays
        self.key = key
    }

    /// `KEY` (every array) or `ARRAYS=KEY` (`$.users=id`, `$..items=meta.id`): the query is
    /// everything before the last `=`, the key's member names are separated by dots.
    package init(parsing text: String) throws(JSONDiffOptionError) {
        let keyText: Substring
        var arrays: JSONPath?
        if let equals = text.lastIndex(of: "=") {
            keyText = text[text.index(after: equals)...]
            let query = String(text[..<equals])
            do {
                arrays = try JSONPath(query)
            } catch {
                throw JSONDiffOptionError(message: "array key '\(text)': \(error.description)")
            }
        } else {
            keyText = Substring(text)
        }
        let names = keyText.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard !names.isEmpty, !names.contains(where: \.isEmpty) else {
            throw JSONDiffOptionError(
                message: "array key '\(text)': expected KEY or ARRAYS=KEY, e.g. id or $.users=id")
        }
        self.init(arrays: arrays, key: names)
    }
}

/// An option that does not parse, said in words.
package struct JSONDiffOptionError: Error, Sendable, Equatable, CustomStringConvertible {
    package let message: String
    package var description: String { message }
}
