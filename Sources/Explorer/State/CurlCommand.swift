import Foundation
import Interop
import Workspace

/// "Copy as curl": the selected request as one `curl` command line, made by Interop's exporter
/// (what `lazer export --format curl` writes), on one line for the clipboard. Secrets are masked
/// unless `reveal` is asked for explicitly.
package enum CurlCommand {
    package static func make(_ preview: RequestPreview, reveal: Bool) -> String {
        CurlExport.command(preview.resolved, baseURL: preview.baseURL, redactor: preview.redactor, reveal: reveal)
    }
}
