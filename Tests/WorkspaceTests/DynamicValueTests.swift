import Foundation
import HTTPCore
import Testing
import Workspace

/// Dynamic values with arguments, their `.http`/Postman aliases, and every malformed form.
/// The clock is 2023-11-14T22:13:20.250Z (a Tuesday); randomness is injected.
@Suite struct DynamicValueTests {
    /// Gives the top of the range asked for (the bottom when `low`), and letters `a…` of the length asked.
    static func values(low: Bool = false, zone: TimeZone? = nil) -> DynamicValues {
        DynamicValues(
            now: { Date(timeIntervalSince1970: 1_700_000_000.25) }, uuid: { "uuid-1" },
            randomInt: { low ? $0.lowerBound : $0.upperBound },
            randomString: { String(repeating: "a", count: $0) },
            localTimeZone: zone ?? TimeZone(secondsFromGMT: 0) ?? .current)
    }

    private func resolve(
        _ text: String, _ scope: VariableScope = VariableScope(dynamic: values())
    ) -> (String, [VariableProblem]) {
        var resolver = VariableResolver(scope: scope)
        let output = resolver.resolve(text, at: "url")
        return (output, resolver.problems)
    }

    private func value(_ text: String, low: Bool = false) -> String {
        let (output, problems) = resolve(text, VariableScope(dynamic: Self.values(low: low)))
        #expect(problems.isEmpty, "\(text): \(problems)")
        return output
    }

    /// What `lazer load`'s keep-alive engine asks before sending a request again as bytes: a value
    /// new at each send went in (directly or through a variable), or only fixed text did.
    @Test func freshValuesAreNoted() {
        func fresh(_ text: String) -> Bool {
            var scope = VariableScope(
                environment: [Variable(name: "id", value: "{{$uuid}}"), Variable(name: "host", value: "h")],
                dynamic: Self.values(), processEnvironment: ["HOME": "/root"])
            scope.dotenv = DotEnvFile(path: "/tmp/.env", values: ["KEY": "v"])
            var resolver = VariableResolver(scope: scope)
            _ = resolver.resolve(text, at: "url")
            return resolver.usesFreshValues
        }
        #expect(fresh("/a/{{$uuid}}"))
        #expect(fresh("/a/{{id}}"), "through a variable")
        #expect(fresh("/a?t={{$timestamp}}"))
        #expect(fresh("/a/{{$dotenv KEY}}"), ".env is read again at each send")
        #expect(!fresh("/a/{{$processEnv HOME}}"))
        #expect(!fresh("/a/{{host}}"))
        #expect(!fresh("/a/b"))
    }

    @Test func argumentsAreWordsOrQuotedText() {
        #expect(
            Template(#"a{{ $date "DD MMM" -1 d }}b"#).segments == [
                .literal("a"), .dynamic("date", arguments: ["DD MMM", "-1", "d"]), .literal("b"),
            ])
        #expect(
            Template(#"{{$date "say \"hi\" \\" x}}"#).segments == [.dynamic("date", arguments: [#"say "hi" \"#, "x"])])
        #expect(Template("{{$uuid}}").segments == [.dynamic("uuid", arguments: [])])
        // A variable still takes no arguments.
        if case .malformed(let raw, _) = Template("{{a b}}").segments.first {
            #expect(raw == "{{a b}}")
        } else {
            Issue.record("{{a b}} parsed as \(Template("{{a b}}").segments)")
        }
    }

    @Test func randomIntTakesMinIncludedAndMaxExcluded() {
        #expect(value("{{$randomInt 1 7}}") == "6")
        #expect(value("{{$randomInt 1 7}}", low: true) == "1")
        #expect(value("{{$randomInt -5 -4}}") == "-5")
        #expect(value("{{$randomInt}}") == "1000")
        #expect(value("{{$randomInt}}", low: true) == "0")
    }

    @Test func randomStringTakesALength() {
        #expect(value("{{$randomString 3}}") == "aaa")
        #expect(value("{{$randomString}}").count == 16)
        #expect(value("{{$randomString 10000}}").count == 10000)
    }

    @Test func datesInEachNamedFormatAndPatterns() {
        #expect(value("{{$date iso8601}}") == "2023-11-14T22:13:20.250Z")
        #expect(value("{{$date rfc1123}}") == "Tue, 14 Nov 2023 22:13:20 GMT")
        #expect(value("{{$date unix}}") == "1700000000")
        #expect(value("{{$date unixms}}") == "1700000000250")
        #expect(value(#"{{$date "YYYY-MM-DD HH:mm:ss"}}"#) == "2023-11-14 22:13:20")
        #expect(value("{{$date DD/MM/YY}}") == "14/11/23")
        #expect(value("{{$date YYYYMMDD}}") == "20231114")
        #expect(value(#"{{$date "dddd D MMMM [at] h:mm A"}}"#) == "Tuesday 14 November at 10:13 PM")
        #expect(value("{{$date HH:mmZ}}") == "22:13+00:00")
    }

    @Test func offsetsMoveTheDate() {
        #expect(value("{{$date YYYY-MM-DD -1 d}}") == "2023-11-13")
        #expect(value("{{$date YYYY-MM-DD -1d}}") == "2023-11-13")
        #expect(value("{{$date HH:mm +2 h}}") == "00:13")
        #expect(value("{{$date YYYY-MM-DD 1 M}}") == "2023-12-14")
        #expect(value("{{$date YYYY -1 y}}") == "2022")
        #expect(value("{{$date YYYY-MM-DD 2 w}}") == "2023-11-28")
        #expect(value("{{$date mm:ss 90 s}}") == "14:50")
        #expect(value("{{$date ss.SSS 750 ms}}") == "21.000")
        #expect(value("{{$date HH:mm 30m}}") == "22:43")
        #expect(value("{{$timestamp -1 h}}") == "1699996400")
        #expect(value("{{$isoTimestamp +1 d}}") == "2023-11-15T22:13:20.250Z")
    }

    @Test func localDatesUseTheInjectedZone() throws {
        let zone = try #require(TimeZone(secondsFromGMT: 7200))
        var resolver = VariableResolver(scope: VariableScope(dynamic: Self.values(zone: zone)))
        #expect(
            resolver.resolve("{{$localDate iso8601}} {{$localDatetime HH:mm}}", at: "url")
                == "2023-11-15T00:13:20.250+02:00 00:13")
        // $date is always UTC.
        #expect(resolver.resolve("{{$date HH:mm}}", at: "url") == "22:13")
    }

    @Test func postmanAndHTTPClientAliases() {
        #expect(value("{{$guid}} {{$randomUUID}} {{$random.uuid}}") == "uuid-1 uuid-1 uuid-1")
        #expect(value("{{$datetime iso8601 -1 d}}") == "2023-11-13T22:13:20.250Z")
        #expect(value(#"{{$datetime "DD-MM-YYYY"}}"#) == "14-11-2023")
    }

    @Test func processEnvReadsAnyVariableAsASecret() {
        let scope = VariableScope(dynamic: Self.values(), processEnvironment: ["API_TOKEN": "s3cret-token"])
        var resolver = VariableResolver(scope: scope)
        #expect(resolver.resolve("Bearer {{$processEnv API_TOKEN}}", at: "headers[0].value") == "Bearer s3cret-token")
        #expect(resolver.problems.isEmpty)
        #expect(resolver.secretValues.contains("s3cret-token"))
        let (output, problems) = resolve("{{$processEnv MISSING}}", scope)
        #expect(output == "{{$processEnv MISSING}}")
        #expect(
            problems.map(\.description) == [
                "url: {{$processEnv MISSING}}: MISSING is not set in the environment Lazer was started in"
            ])
    }

    @Test func dotenvReadsTheFileBesideTheCollection() throws {
        let folder = try TemporaryFolder()
        try folder.write(
            """
            # local settings
            TOKEN=abc123
            export HOST = example.test
            QUOTED="two words\\n"
            SINGLE='it''s'
            COMMENTED=value # a comment
            not an assignment
            """, to: ".env")
        let scope = VariableScope(dynamic: Self.values(), dotenvFolder: folder.path)
        var resolver = VariableResolver(scope: scope)
        #expect(
            resolver.resolve(
                "{{$dotenv TOKEN}} {{$dotenv HOST}} {{$dotenv QUOTED}}|{{$dotenv SINGLE}}|{{$dotenv COMMENTED}}",
                at: "url") == "abc123 example.test two words\n|it|value")
        #expect(resolver.problems.isEmpty)
        #expect(resolver.secretValues.contains("abc123"))
        let (output, problems) = resolve("{{$dotenv NOPE}}", scope)
        #expect(output == "{{$dotenv NOPE}}")
        #expect(
            problems.map(\.description) == [
                "url: {{$dotenv NOPE}}: NOPE is not in \(folder.path)/.env (lines skipped, not NAME=value: 7)"
            ])
    }

    @Test func aMissingDotenvFileOrCollectionFileIsAProblem() throws {
        let folder = try TemporaryFolder()
        let (_, missing) = resolve("{{$dotenv A}}", VariableScope(dynamic: Self.values(), dotenvFolder: folder.path))
        #expect(missing.map(\.description) == ["url: {{$dotenv A}}: there is no .env file beside the collection"])
        let (_, unsaved) = resolve("{{$dotenv A}}", VariableScope(dynamic: Self.values()))
        #expect(
            unsaved.map(\.description) == [
                "url: {{$dotenv A}}: the collection has no file yet, so there is no .env beside it"
            ])
    }

    @Test func thePreviewDoesNotReadDotenv() throws {
        let folder = try TemporaryFolder()
        var still = Self.values()
        still.readsFiles = false
        #expect(
            resolve("{{$dotenv A}}", VariableScope(dynamic: still, dotenvFolder: folder.path)) == ("{{$dotenv A}}", []))
    }

    /// Every malformed form is a positioned problem, left as written; nothing is computed or crashes.
    @Test(arguments: [
        ("{{$randomInt 5}}", "takes two arguments, MIN and MAX, or none"),
        ("{{$randomInt a 5}}", "\"a\" is not a whole number"),
        ("{{$randomInt 1 x}}", "\"x\" is not a whole number"),
        ("{{$randomInt 5 5}}", "MIN (5) must be less than MAX (5), which is excluded"),
        ("{{$randomInt 1 2 3}}", "takes two arguments, MIN and MAX, or none"),
        ("{{$randomString 0}}", "the length \"0\" is not a whole number from 1 to 10000"),
        ("{{$randomString 10001}}", "the length \"10001\" is not a whole number from 1 to 10000"),
        ("{{$randomString x}}", "the length \"x\" is not a whole number from 1 to 10000"),
        ("{{$randomString 1 2}}", "takes one argument, a length"),
        ("{{$uuid 3}}", "takes no arguments"),
        (
            "{{$date}}",
            "needs a FORMAT: iso8601, rfc1123, unix, unixms, or a pattern such as \"YYYY-MM-DD HH:mm:ss\""
        ),
        (
            "{{$date iso}}",
            "\"iso\" is not a date format (iso8601, rfc1123, unix, unixms, or a pattern such as \"YYYY-MM-DD HH:mm:ss\")"
        ),
        (
            "{{$date rfc822}}",
            "\"rfc822\" is not a date format (iso8601, rfc1123, unix, unixms, or a pattern such as \"YYYY-MM-DD HH:mm:ss\")"
        ),
        (
            "{{$date iso8601 -1 fortnight}}",
            "\"-1 fortnight\" is not an offset (write a signed number and a unit, like -1 d or +2 h (units: y, M, w, d, h, m, s, ms))"
        ),
        (
            "{{$date iso8601 d}}",
            "\"d\" is not an offset (write a signed number and a unit, like -1 d or +2 h (units: y, M, w, d, h, m, s, ms))"
        ),
        (
            "{{$timestamp 1 d x}}",
            "\"1 d x\" is not an offset (write a signed number and a unit, like -1 d or +2 h (units: y, M, w, d, h, m, s, ms))"
        ),
        ("{{$processEnv}}", "takes one argument, the name of an environment variable"),
        ("{{$processEnv A B}}", "takes one argument, the name of an environment variable"),
        ("{{$processEnv %A}}", "takes one argument, the name of an environment variable"),
        ("{{$dotenv}}", "takes one argument, a name from the .env file beside the collection"),
    ])
    func malformedArgumentsArePositionedProblems(text: String, reason: String) {
        let (output, problems) = resolve("x" + text + "y")
        #expect(output == "x" + text + "y")
        #expect(problems == [VariableProblem(kind: .invalidDynamic(text, reason: reason), location: "url")])
        #expect(problems.first?.description == "url: \(text): \(reason)")
    }

    @Test func anUnclosedQuoteIsMalformed() {
        let (output, problems) = resolve(#"{{$date "YYYY}}"#)
        #expect(output == #"{{$date "YYYY}}"#)
        #expect(
            problems == [
                VariableProblem(
                    kind: .malformed(#"{{$date "YYYY}}"#, reason: "a '\"' without its closing '\"'"), location: "url")
            ])
    }

    @Test func anUnknownNameListsTheKnownOnesWithAliases() {
        let (_, problems) = resolve("{{$nope 1}}")
        #expect(problems.first?.kind == .unknownDynamic("nope"))
        #expect(problems.first?.description.contains("$uuid ($guid, $random.uuid, $randomUUID)") == true)
        #expect(problems.first?.description.contains("$date ($datetime)") == true)
    }

    @Test func theErrorCardSaysWhatIsWrong() {
        let problem = VariableProblem(kind: .invalidDynamic("{{$randomInt 5}}", reason: "takes two"), location: "url")
        #expect(problem.translationKey == "workspace.invalidDynamicValue")
        let card = ErrorTranslator.standard.translate(problem)
        #expect(card.title == "{{$randomInt 5}} cannot be computed")
        #expect(card.explanation == "url uses {{$randomInt 5}}: takes two.")
    }
}
