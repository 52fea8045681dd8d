import Foundation
package import JSONTree
import TUI
import Workspace

/// `$EDITOR` for a body or a script, and the JSONPath filter run off the main thread.
extension ExplorerProgram {

    func editExternally(_ key: RequestKey, _ text: String, _ target: ExternalEditTarget) {
        let path = (dependencies.temporaryFolder as NSString).appendingPathComponent(
            "lazer-edit-\(ProcessInfo.processInfo.processIdentifier).\(target.fileExtension)")
        guard
            FileManager.default.createFile(
                atPath: path, contents: Data(text.utf8), attributes: [.posixPermissions: 0o600])
        else {
            dispatch(
                .externalEditFinished(
                    key, target, text: nil,
                    message: "Could not write a temporary file in \(dependencies.temporaryFolder)"))
            return
        }
        defer { try? FileManager.default.removeItem(atPath: path) }
        let noun = target.noun
        let status = host.edit(path: path)
        terminal.invalidate()
        guard status == 0, let data = FileManager.default.contents(atPath: path) else {
            // 127 is the shell's "command not found": say which editor was missing.
            let message =
                status == 127
                ? "The editor was not found (set $VISUAL or $EDITOR); the \(noun) is unchanged"
                : "The editor exited with status \(status); the \(noun) is unchanged"
            dispatch(.externalEditFinished(key, target, text: nil, message: message))
            return
        }
        let edited = String(decoding: data, as: UTF8.self)
        dispatch(
            .externalEditFinished(
                key, target, text: edited == text ? nil : edited,
                message: edited == text ? "\(noun.prefix(1).uppercased() + noun.dropFirst()) unchanged" : nil))
    }

    // MARK: - JSONPath filter

    /// `query` run over `document`: the selected values as an array of their own.
    package nonisolated static func filter(
        _ query: String, _ document: JSONDocument
    ) -> Result<JSONFilterResult, FilterFailure> {
        let path: JSONPath
        do {
            path = try JSONPath(query)
        } catch {
            return .failure(FilterFailure(message: error.description))
        }
        let nodes = path.select(in: document)
        var bytes: [UInt8] = [UInt8(ascii: "[")]
        for (index, node) in nodes.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes += document.bytes[document.byteRange(node)]
        }
        bytes.append(UInt8(ascii: "]"))
        do {
            return .success(
                JSONFilterResult(
                    document: try JSONDocument(bytes: bytes), count: nodes.count, paths: nodes.map(document.jsonPath)))
        } catch {
            return .failure(FilterFailure(message: error.message))
        }
    }
}
