import Foundation
import HTTPCore
import Testing
import Workspace

/// `{{$prompt "Label"}}` and `{{$select "Label" a b}}`: parsed like the other dynamic values,
/// answered by label, left as written in a preview, and every malformed form a positioned problem.
@Suite struct PromptValueTests {
    private func resolve(_ text: String, _ prompts: PromptAnswers) -> (String, VariableResolver) {
        var resolver = VariableResolver(scope: VariableScope(prompts: prompts))
        let output = resolver.resolve(text, at: "url")
        return (output, resolver)
    }

    @Test func promptsParseWithAQuotedLabelAndBareOrQuotedOptions() {
        #expect(
            Template(#"/o/{{$prompt "Order id"}}"#).segments == [
                .literal("/o/"), .dynamic("prompt", arguments: ["Order id"]),
            ])
        #expect(
            Template(#"{{ $select "Region" eu "us east" }}"#).segments == [
                .dynamic("select", arguments: ["Region", "eu", "us east"])
            ])
        #expect(
            PromptRequest.parse("select", ["Region", "eu", "us east"])
                == .success(
                    PromptRequest(label: "Region", options: ["eu", "us east"])))
        #expect(
            PromptRequest(label: "Region", options: ["eu", "us east"]).expression == #"{{$select Region eu "us east"}}"#
        )
    }

    @Test func anAnswerFillsThePromptByLabel() {
        let (output, resolver) = resolve(
            #"/o/{{$prompt "Order id"}}?r={{$select "Region" eu us}}&again={{$prompt "Order id"}}"#,
            .given(["Order id": "42", "Region": "us"]))
        #expect(output == "/o/42?r=us&again=42")
        #expect(resolver.problems.isEmpty)
        // Asked once per label, in order.
        #expect(
            resolver.prompts == [
                PromptRequest(label: "Order id"), PromptRequest(label: "Region", options: ["eu", "us"]),
            ])
    }

    @Test func aPreviewShowsThePromptAsWrittenWithoutAProblem() {
        let (output, resolver) = resolve(#"/o/{{$prompt "Order id"}}"#, .shownAsWritten)
        #expect(output == #"/o/{{$prompt "Order id"}}"#)
        #expect(resolver.problems.isEmpty)
        #expect(resolver.prompts == [PromptRequest(label: "Order id")])
    }

    @Test func withoutAnAnswerTheProblemNamesTheVarToPass() {
        let (output, resolver) = resolve(#"/o/{{$prompt "Order id"}}"#, .given([:]))
        #expect(output == #"/o/{{$prompt "Order id"}}"#)
        #expect(
            resolver.problems == [VariableProblem(kind: .unanswered(PromptRequest(label: "Order id")), location: "url")]
        )
        #expect(
            resolver.problems.first?.description
                == #"url: {{$prompt "Order id"}} is asked at send; without asking, pass --var 'Order id=VALUE'"#)
        let card = ErrorTranslator.standard.translate(resolver.problems[0])
        #expect(card.title == #"{{$prompt "Order id"}} needs an answer"#)
        #expect(card.hint.contains("--var 'Order id=VALUE'") == true)
    }

    @Test func anUnansweredSelectNamesItsOptions() {
        let (_, resolver) = resolve(#"{{$select "Region" eu "us east"}}"#, .given([:]))
        #expect(
            resolver.problems.first?.description
                == #"url: {{$select Region eu "us east"}} is asked at send; without asking, pass --var 'Region=VALUE' (one of: eu, "us east")"#
        )
    }

    @Test func aSelectAnswerMustBeOneOfItsOptions() {
        let (output, resolver) = resolve(#"{{$select "Region" eu us}}"#, .given(["Region": "mars"]))
        #expect(output == "{{$select Region eu us}}")
        #expect(
            resolver.problems == [
                VariableProblem(
                    kind: .invalidDynamic(
                        "{{$select Region eu us}}", reason: #""mars" is not one of its options: eu, us"#),
                    location: "url")
            ])
    }

    @Test func aCredentialLabelsAnswerIsSecret() {
        let (output, resolver) = resolve(
            #"{{$prompt "API key"}}:{{$prompt "Order id"}}"#, .given(["API key": "s3cr3t", "Order id": "7"]))
        #expect(output == "s3cr3t:7")
        #expect(resolver.secretValues == ["s3cr3t"])
        for label in ["Password", "API key", "Access token", "client_secret", "OTP", "apiKey"] {
            #expect(PromptRequest(label: label).isCredential, "\(label)")
        }
        for label in ["Order id", "Region", "Monkey", "Keyword"] {
            #expect(!PromptRequest(label: label).isCredential, "\(label)")
        }
    }

    @Test(arguments: [
        ("{{$prompt}}", #"takes one argument, a label in quotes: {{$prompt "Order id"}}"#),
        (#"{{$prompt "a" "b"}}"#, #"takes one argument, a label in quotes: {{$prompt "Order id"}}"#),
        (#"{{$prompt ""}}"#, #"takes one argument, a label in quotes: {{$prompt "Order id"}}"#),
        ("{{$select}}", #"takes a label in quotes, then the options: {{$select "Region" eu us}}"#),
        (#"{{$select "Region"}}"#, "has no options to choose from after its label"),
    ])
    func malformedPromptsArePositionedProblems(text: String, reason: String) {
        for prompts in [PromptAnswers.shownAsWritten, .given([:])] {
            let (output, resolver) = resolve("x" + text + "y", prompts)
            #expect(output.hasPrefix("x") && output.hasSuffix("y"))
            #expect(resolver.problems.count == 1)
            guard case .invalidDynamic(_, let why)? = resolver.problems.first?.kind else {
                Issue.record("\(text): \(resolver.problems)")
                continue
            }
            #expect(why == reason)
            #expect(resolver.prompts.isEmpty)
        }
    }

    @Test func anUnclosedQuoteInAPromptIsMalformed() {
        let (_, resolver) = resolve(#"{{$prompt "Order id}}"#, .given([:]))
        guard case .malformed? = resolver.problems.first?.kind else {
            Issue.record("\(resolver.problems)")
            return
        }
    }
}
