import Foundation
import Interop
import Workspace

/// "Copy as curl": the selected request as one `curl` command line, made by Interop's exporter
/// (what `lazer export --format curl` writes), on one line for the clipboard. A secret
/// variable's value is written as the shell variable `$LAZER_VAR_<name>` (other secrets masked)
/// unless `reveal` is asked for explicitly; the notice names the variables to set, and any secret
/// that has no value.
package enum CurlCommand {
    package static func make(_ preview: RequestPreview, reveal: Bool) -> String {
        copy(preview, reveal: reveal).text
    }

    /// The command and the notice that goes with it.
    package static func copy(_ preview: RequestPreview, reveal: Bool) -> (text: String, notice: String) {
        let made = CurlExport.commandAndVariables(
            preview.resolved, baseURL: preview.baseURL, redactor: preview.redactor, reveal: reveal)
        var notice =
            if reveal {
                "Copied as curl (secrets revealed)"
            } else if made.variables.isEmpty {
                "Copied as curl (secrets masked)"
            } else {
                "Copied as curl: secrets as shell variables, set "
                    + made.variables.map { "$" + $0 }.joined(separator: ", ") + " before running it"
            }
        let empty = preview.resolved.emptySecrets
        if !empty.isEmpty {
            notice += " · no value: " + empty.map { "{{\($0)}}" }.joined(separator: ", ")
        }
        // Made at each send, so not in the command: said (the copy went without a word).
        let leftOut = CurlExport.leftOut(preview.resolved).map(\.name)
        if !leftOut.isEmpty { notice += " · left out: " + leftOut.joined(separator: ", ") + " (made at each send)" }
        return (made.text, notice)
    }
}
