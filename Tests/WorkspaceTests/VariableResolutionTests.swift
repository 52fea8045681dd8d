import Foundation
import Testing
import Workspace

@Suite struct VariableResolutionTests {
    static let fixed = DynamicValues(
        now: { Date(timeIntervalSince1970: 1_700_000_000.25) }, uuid: { "uuid-1" },
        randomInt: { min(max(42, $0.lowerBound), $0.upperBound) },
        randomString: { String("abcdefghijklmnopqrstuvwxyz".prefix($0)) })

    private func resolve(_ text: String, _ scope: VariableScope) -> (String, [VariableProblem]) {
        var resolver = VariableResolver(scope: scope)
        let output = resolver.resolve(text, at: "url")
        return (output, resolver.problems)
    }

    @Test func layersAreSearchedInTheDocumentedOrder() {
        let scope = VariableScope(
            captures: ["a": .init("capture")],
            environment: [Variable(name: "a", value: "env"), Variable(name: "b", value: "env")],
            collection: [
                Variable(name: "a", value: "coll"), Variable(name: "b", value: "coll"),
                Variable(name: "c", value: "coll"),
            ],
            process: ["a": "proc", "b": "proc", "c": "proc", "d": "proc"])
        #expect(resolve("{{a}} {{b}} {{c}} {{d}}", scope).0 == "capture env coll proc")
    }

    @Test("templates around multi-byte text keep every character; escapes and malformed placeholders as before")
    func multiByteTextAroundPlaceholders() {
        let scope = VariableScope(collection: [Variable(name: "név", value: "x"), Variable(name: "a", value: "é🚀")])
        #expect(resolve("héllo {{a}} wörld 🚀", scope).0 == "héllo é🚀 wörld 🚀")
        #expect(resolve("\\{{a}} {{ a }}", scope).0 == "{{a}} é🚀")
        let malformed = Template("ü{{a b}}ö").segments
        #expect(malformed.first == .literal("ü") && malformed.last == .literal("ö") && malformed.count == 3)
        if case .malformed(let raw, _) = malformed[1] {
            #expect(raw == "{{a b}}")
        } else {
            Issue.record("\(malformed)")
        }
        #expect(
            Template("{{$uuid}}é{{a").segments.last
                == .malformed("{{a", reason: "'{{' without a closing '}}' (write \\{{ for a literal '{{')"))
        #expect(!Template.mayHavePlaceholders("{ {a} }") && Template.mayHavePlaceholders("x{{"))
        // Every position of a `{{` in a long text (read in place, two bytes a step), and lone braces.
        let filler = String(repeating: "a{b", count: 400)
        for cut in [0, 1, 2, 3, 599, 600, 1_199, 1_200] {
            let text = String(filler.prefix(cut)) + "{{" + String(filler.dropFirst(cut))
            #expect(Template.mayHavePlaceholders(text), "{{ at \(cut)")
        }
        #expect(!Template.mayHavePlaceholders(filler))
        #expect(!Template.mayHavePlaceholders("{") && !Template.mayHavePlaceholders(""))
        #expect(Template.mayHavePlaceholders("{{") && Template.mayHavePlaceholders("é{{x"))
    }

    @Test func onlyLazerVarProcessVariablesAreVisible() {
        let scope = VariableScope(
            collection: RequestCollection(name: "x"), environment: nil,
            processEnvironment: ["HOME": "/root", "LAZER_VAR_host": "example.test"])
        #expect(resolve("{{host}}", scope).0 == "example.test")
        #expect(resolve("{{HOME}}", scope).1 == [VariableProblem(kind: .unresolved("HOME"), location: "url")])
    }

    @Test func valuesMayReferToOtherVariables() {
        let scope = VariableScope(collection: [
            Variable(name: "host", value: "api.test"), Variable(name: "base", value: "https://{{host}}/v{{version}}"),
            Variable(name: "version", value: "2"),
        ])
        #expect(resolve("{{base}}/users", scope) == ("https://api.test/v2/users", []))
    }

    @Test func loopsAreReportedNotFollowedForever() {
        let scope = VariableScope(collection: [
            Variable(name: "a", value: "x{{b}}"), Variable(name: "b", value: "{{c}}"),
            Variable(name: "c", value: "{{a}}"),
            Variable(name: "self", value: "{{self}}"),
        ])
        let (output, problems) = resolve("{{a}}|{{self}}", scope)
        #expect(output == "x{{a}}|{{self}}")
        #expect(
            problems.map(\.description) == [
                "url: variables refer to each other in a loop: a → b → c → a",
                "url: variables refer to each other in a loop: self → self",
            ])
    }

    @Test func unresolvedNamesAreReportedWithTheirLocation() {
        let (output, problems) = resolve(
            "{{missing}}/{{ spaced }}", VariableScope(collection: [Variable(name: "spaced", value: "ok")]))
        #expect(output == "{{missing}}/ok")
        #expect(
            problems.map(\.description) == [
                "url: {{missing}} is not defined in the environment, the collection or LAZER_VAR_missing"
            ])
    }

    @Test func aBackslashWritesALiteralOpeningPair() {
        let scope = VariableScope(collection: [Variable(name: "x", value: "1")])
        #expect(resolve(#"\{{x}} is {{x}}"#, scope) == ("{{x}} is 1", []))
    }

    @Test func dollarIsNeverSpecialOutsideDynamicValues() {
        let scope = VariableScope(collection: [Variable(name: "price", value: "5")])
        #expect(resolve("$HOME $1 ${price} $ {{price}}$", scope) == ("$HOME $1 ${price} $ 5$", []))
    }

    @Test func unclosedAndMalformedPlaceholdersAreProblems() {
        let (_, unclosed) = resolve("a{{b", VariableScope())
        #expect(unclosed.first?.description.contains("without a closing '}}'") == true)
        let (_, spaced) = resolve("{{a b}}", VariableScope())
        #expect(spaced.first?.description.contains("is not a variable name") == true)
    }

    @Test func dynamicValuesUseTheInjectedSources() {
        let scope = VariableScope(dynamic: Self.fixed)
        let (output, problems) = resolve(
            "{{$uuid}} {{$timestamp}} {{$isoTimestamp}} {{$randomInt}} {{$randomString}} {{$nope}}", scope)
        #expect(output == "uuid-1 1700000000 2023-11-14T22:13:20.250Z 42 abcdefghijklmnop {{$nope}}")
        #expect(problems.first?.kind == .unknownDynamic("nope"))
    }

    @Test func dynamicValuesAreFreshOnEveryUse() {
        let (output, _) = resolve("{{$uuid}} {{$uuid}}", VariableScope())
        let parts = output.split(separator: " ")
        #expect(parts.count == 2)
        #expect(parts[0] != parts[1])
    }

    @Test func secretValuesAreNoted() {
        var resolver = VariableResolver(
            scope: VariableScope(environment: [Variable(name: "t", value: "s3cret", secret: true)]))
        _ = resolver.resolve("Bearer {{t}}", at: "headers[0].value")
        #expect(resolver.secretValues == ["s3cret"])
    }
}
