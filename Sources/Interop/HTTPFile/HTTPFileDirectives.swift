import Foundation
import RegularFiles

/// Follows the JetBrains / Kulala directives of a `.http` file into the list of request blocks
/// the collection gets, in file order:
///
/// - `import ./other.http` reads that file: its named requests can then be run by name (its
///   requests are not added by the import itself, as in the clients);
/// - `run #Name` puts a copy of that request (of this file or an imported one) here;
/// - `run ./other.http` puts every request of that file here, and `(@name=value, …)` fills those
///   variables in them (a run's variables are its own, not the collection's).
///
/// A target is followed only when it is a readable regular file inside the folder of the file
/// imported (the project), resolved through symbolic links, at most `maxDepth` files deep and
/// never twice along one chain; anything else is reported, positioned, and not carried. So are
/// the lines the parser could not read. Each file's variables are collected for the collection.
struct HTTPFileDirectives {
    /// One request to convert, with the file it came from (for positions and relative paths).
    struct Block {
        var request: HTTPFileDocument.Request
        var source: ImportSource
    }

    static let maxDepth = 8
    /// The largest file followed (the same as a collection file's limit is far more than any needs).
    static let fileLimit = 16 << 20

    let root: ImportSource
    let options: ImportOptions
    /// The project folder, resolved: targets must be inside it.
    let project: String
    private(set) var report = ImportReport()
    /// Each file's `@name = value` variables, the imported file's first.
    private(set) var variables: [(ImportSource, [HTTPFileDocument.FileVariable])] = []
    /// Named requests of the files imported so far (and of the file itself), by name.
    private var named: [String: Block] = [:]
    /// Parsed files, by resolved path, so a file imported and run is read once.
    private var parsed: [String: (ImportSource, HTTPFileDocument)] = [:]

    /// The imported file itself, resolved (nil for standard input): never followed back into.
    private let rootPath: String?

    init(root: ImportSource, options: ImportOptions) {
        self.root = root
        self.options = options
        project = Self.resolved(root.baseFolder) ?? root.baseFolder
        rootPath = Self.resolved(
            (root.baseFolder as NSString).appendingPathComponent((root.name as NSString).lastPathComponent))
    }

    /// The blocks of `document` (the file `source`) with its directives followed.
    mutating func expand(_ document: HTTPFileDocument, source: ImportSource) -> [Block] {
        expand(document, source: source, chain: rootPath.map { [$0] } ?? [], overrides: [])
    }

    private mutating func expand(
        _ document: HTTPFileDocument, source: ImportSource, chain: [String],
        overrides: [(name: String, value: String)]
    ) -> [Block] {
        for problem in document.problems {
            report.add(
                "line not understood (\(problem.message))",
                at: ImportLocation(file: source.name, line: problem.line, column: problem.column), kept: "left out")
        }
        if !variables.contains(where: { $0.0.name == source.name }) { variables.append((source, document.variables)) }
        let own = document.requests.map { Block(request: Self.filling($0, with: overrides), source: source) }
        for block in own {
            if let name = block.request.name, named[name] == nil { named[name] = block }
        }
        var blocks: [Block] = []
        var directives = document.directives[...]
        for index in 0...own.count {
            while let directive = directives.first, directive.position == index {
                directives = directives.dropFirst()
                blocks += follow(directive, from: source, chain: chain)
            }
            if index < own.count { blocks.append(own[index]) }
        }
        return blocks
    }

    private mutating func follow(_ directive: HTTPFileDocument.Directive, from source: ImportSource, chain: [String])
        -> [Block]
    {
        let location = ImportLocation(file: source.name, line: directive.line.number, column: 1)
        let written = directive.line.text.trimmingCharacters(in: .whitespaces)
        if directive.kind == .run, directive.target.hasPrefix("#") {
            let name = String(directive.target.dropFirst()).trimmingCharacters(in: .whitespaces)
            guard let block = named[name] else {
                report.add(
                    "\(written) (no request named \(name) in this file or the files it imports)", at: location,
                    kept: "not carried")
                return []
            }
            if !directive.variables.isEmpty {
                return [Block(request: Self.filling(block.request, with: directive.variables), source: block.source)]
            }
            return [block]
        }
        switch open(directive.target, from: source, chain: chain) {
        case .failure(let problem):
            report.add("\(written) (\(problem.reason))", at: location, kept: "not carried")
            return []
        case .success(let (path, file, document)):
            let blocks = expand(
                document, source: file, chain: chain + [path],
                overrides: directive.kind == .run ? directive.variables : [])
            if directive.kind == .importFile {
                // The imported requests are there to be run by name; the import adds none itself.
                return []
            }
            report.add(
                "\(written): \(blocks.count) request\(blocks.count == 1 ? "" : "s") of \(file.name)"
                    + (directive.variables.isEmpty
                        ? ""
                        : " with "
                            + directive.variables.map { "{{\($0.name)}} = \($0.value)" }.joined(
                                separator: ", ")),
                at: location, kept: "carried here")
            return blocks
        }
    }

    /// Reads and parses the file a directive names, if it may be followed.
    private mutating func open(_ target: String, from source: ImportSource, chain: [String]) -> Result<
        (String, ImportSource, HTTPFileDocument), DirectiveProblem
    > {
        guard chain.count < Self.maxDepth else {
            return .failure(DirectiveProblem("more than \(Self.maxDepth) files deep"))
        }
        let unquoted = target.trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))
        let absolute =
            unquoted.hasPrefix("/") ? unquoted : (source.baseFolder as NSString).appendingPathComponent(unquoted)
        guard let real = Self.resolved(absolute) else { return .failure("no such file") }
        guard real == project || real.hasPrefix(project.hasSuffix("/") ? project : project + "/") else {
            return .failure(DirectiveProblem("outside the folder of \(root.name)"))
        }
        guard !chain.contains(real) else {
            return .failure("it leads back to a file already being read")
        }
        if let (file, document) = parsed[real] { return .success((real, file, document)) }
        let bytes: [UInt8]
        do {
            guard let read = try RegularFile.read(real, limit: Self.fileLimit) else { return .failure("no such file") }
            bytes = read
        } catch {
            return .failure(DirectiveProblem(error.reason))
        }
        let name = Self.name(unquoted, besides: source.name)
        let file = ImportSource(name: name, bytes: bytes, baseFolder: (real as NSString).deletingLastPathComponent)
        let document = HTTPFileParser.parse(file.text, file: file.name)
        parsed[real] = (file, document)
        return .success((real, file, document))
    }

    /// How reports name a file a directive of `including` names: beside it, as written
    /// (`api/main.http` + `./chain.http` → `api/chain.http`).
    static func name(_ target: String, besides including: String) -> String {
        let folder = (including as NSString).deletingLastPathComponent
        let joined = target.hasPrefix("/") || folder.isEmpty ? target : folder + "/" + target
        var parts: [Substring] = []
        for part in joined.split(separator: "/", omittingEmptySubsequences: false) {
            if part == "." || (part.isEmpty && !parts.isEmpty) { continue }
            if part == "..", let last = parts.last, last != "..", !last.isEmpty {
                parts.removeLast()
            } else {
                parts.append(part)
            }
        }
        return parts.joined(separator: "/")
    }

    /// `path` with every symbolic link resolved, or nil when it does not exist.
    static func resolved(_ path: String) -> String? {
        guard let real = realpath(path, nil) else { return nil }
        defer { free(real) }
        return String(cString: real)
    }

    /// `request` with `{{name}}` replaced by its value for each override, in the URL, the header
    /// values and the body.
    static func filling(_ request: HTTPFileDocument.Request, with overrides: [(name: String, value: String)])
        -> HTTPFileDocument.Request
    {
        guard !overrides.isEmpty else { return request }
        func fill(_ text: String) -> String {
            var text = text
            for (name, value) in overrides {
                text = text.replacingOccurrences(of: "{{\(name)}}", with: value)
                text = text.replacingOccurrences(of: "{{ \(name) }}", with: value)
            }
            return text
        }
        var filled = request
        filled.url = fill(request.url)
        filled.headers = request.headers.map { ($0.name, fill($0.value), $0.line) }
        filled.body = request.body.map { HTTPFileDocument.Line(text: fill($0.text), number: $0.number) }
        return filled
    }
}

/// Why a directive's file is not followed, in words.
struct DirectiveProblem: Error, ExpressibleByStringLiteral {
    var reason: String

    init(_ reason: String) {
        self.reason = reason
    }

    init(stringLiteral value: String) {
        reason = value
    }
}
