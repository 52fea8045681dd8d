/// Prints a document (or one subtree) from its tape: original key order and the original text of
/// every string and number, so parse → print → parse is exact. Output streams to a sink in
/// 256 KiB chunks; nothing is decoded unless keys must be sorted.
package enum JSONPrinter {
    /// Streams the printed `node` (the root by default) to `sink`, chunk by chunk.
    package static func write(
        _ document: JSONDocument,
        node: JSONNode? = nil,
        options: JSONPrintOptions = JSONPrintOptions(),
        to sink: @escaping (UnsafeBufferPointer<UInt8>) -> Void
    ) {
        var output = JSONOutputBuffer(sink: sink)
        let node = node ?? document.root
        document.bytes.withUnsafeBufferPointer { bytes in
            document.tape.withView { tape in
                let printer = TapePrinter(document: document, bytes: bytes, tape: tape, options: options)
                if options.sortKeys {
                    printer.printSorted(node, into: &output)
                } else {
                    printer.printInOrder(node, into: &output)
                }
            }
        }
        if options.indent > 0 { output.append(0x0A) }
        output.flush()
    }

    /// The printed document as bytes (a trailing newline unless compact).
    package static func print(
        _ document: JSONDocument,
        node: JSONNode? = nil,
        options: JSONPrintOptions = JSONPrintOptions()
    ) -> [UInt8] {
        let collector = ByteCollector()
        write(document, node: node, options: options) { chunk in collector.bytes.append(contentsOf: chunk) }
        return collector.bytes
    }

    /// The printed document as a String.
    package static func string(
        _ document: JSONDocument,
        node: JSONNode? = nil,
        options: JSONPrintOptions = JSONPrintOptions()
    ) -> String {
        String(decoding: print(document, node: node, options: options), as: UTF8.self)
    }
}

/// Accumulates chunks for `JSONPrinter.print` (a class so the escaping sink can append to it).
private final class ByteCollector {
    var bytes: [UInt8] = []
}
