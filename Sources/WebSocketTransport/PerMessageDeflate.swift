import CompressNIO
import NIOCore

/// permessage-deflate (RFC 7692): what the client offers, what the server's answer agreed to, and
/// the zlib streams that inflate received messages and deflate sent ones. Offered on every
/// connection (as browsers do); a server that does not answer it gets plain frames.
enum PerMessageDeflate {
    /// The offer: the server may also cap the window the client compresses with.
    static let offer = "permessage-deflate; client_max_window_bits"

    /// What both sides agreed to.
    struct Agreement: Equatable {
        /// The server starts every message with an empty window (its compressor resets).
        var serverNoContextTakeover = false
        /// The client must do the same with its own.
        var clientNoContextTakeover = false
        /// The largest window the server compresses with (8…15; 15 when not said).
        var serverMaxWindowBits = 15
        /// The largest window the client may compress with (8…15; 15 when not said).
        var clientMaxWindowBits = 15

        /// The agreement as the server wrote it back, for the Timeline and `lazer send`.
        var text = "permessage-deflate"
    }

    /// Why a server's `Sec-WebSocket-Extensions` answer cannot be accepted (the connection fails,
    /// RFC 7692 §5).
    struct Refusal: Error, Equatable {
        var reason: String
    }

    /// The agreement in a server's `Sec-WebSocket-Extensions` values (nil: none agreed);
    /// `offeredDeflate`: whether the upgrade offered permessage-deflate (ours, or the user's header).
    static func agreement(in values: [String], offeredDeflate: Bool) throws(Refusal) -> Agreement? {
        var agreement: Agreement?
        for value in values {
            for element in value.split(separator: ",") {
                let parts = element.split(separator: ";").map { trimmed($0) }
                guard let name = parts.first, !name.isEmpty else { continue }
                guard name.lowercased() == "permessage-deflate", offeredDeflate else {
                    throw Refusal(reason: "the server agreed to the extension \(name), which was not offered")
                }
                guard agreement == nil else {
                    throw Refusal(reason: "the server agreed to permessage-deflate twice")
                }
                agreement = try parameters(parts.dropFirst(), text: trimmed(element))
            }
        }
        return agreement
    }

    /// `text` without the spaces and tabs around it (and quotes, for a parameter's value).
    private static func trimmed(_ text: Substring, quotes: Bool = false) -> String {
        let isPadding: (Character) -> Bool = { $0 == " " || $0 == "\t" || (quotes && $0 == "\"") }
        return String(text.drop(while: isPadding).reversed().drop(while: isPadding).reversed())
    }

    private static func parameters(_ parts: ArraySlice<String>, text: String) throws(Refusal) -> Agreement {
        var agreement = Agreement(text: text)
        var seen: Set<String> = []
        for part in parts where !part.isEmpty {
            let pair = part.split(separator: "=", maxSplits: 1).map { trimmed($0, quotes: true) }
            let name = pair[0].lowercased()
            guard seen.insert(name).inserted else {
                throw Refusal(reason: "the server's permessage-deflate answer repeats \(name)")
            }
            let value = pair.count > 1 ? pair[1] : nil
            switch name {
            case "server_no_context_takeover", "client_no_context_takeover":
                guard value == nil else {
                    throw Refusal(reason: "the server's permessage-deflate answer gives \(name) a value")
                }
                if name.hasPrefix("server") {
                    agreement.serverNoContextTakeover = true
                } else {
                    agreement.clientNoContextTakeover = true
                }
            case "server_max_window_bits", "client_max_window_bits":
                guard let value, let bits = Int(value), (8...15).contains(bits), value.first != "0" else {
                    throw Refusal(reason: "the server's permessage-deflate answer has \(part) (8 to 15 expected)")
                }
                if name.hasPrefix("server") {
                    agreement.serverMaxWindowBits = bits
                } else {
                    agreement.clientMaxWindowBits = bits
                }
            default:
                throw Refusal(reason: "the server's permessage-deflate answer has an unknown parameter \(part)")
            }
        }
        return agreement
    }

    /// The two zlib streams of one connection, used on its event loop only.
    final class Codec {
        /// Why a received message could not be inflated.
        enum Failure: Error {
            /// Larger than the limit once inflated (1009).
            case tooLarge
            /// Not a valid deflate stream (1007).
            case corrupt
        }

        let agreement: Agreement
        private let inflater: ZlibDecompressor
        /// Made at the first message worth compressing. Never made when the server's window for the
        /// client is 8 bits, which zlib cannot write: messages then go plain, as RFC 7692 allows.
        private var deflater: ZlibCompressor?
        /// Messages shorter than this are sent as they are: compressing them saves nothing.
        static let smallestCompressed = 32
        /// The four bytes a sync flush ends with, removed by the sender and added back by the receiver.
        private static let tail: [UInt8] = [0x00, 0x00, 0xFF, 0xFF]

        init(_ agreement: Agreement) throws {
            self.agreement = agreement
            // A window of 15 bits reads anything the server's smaller window wrote.
            inflater = try ZlibDecompressor(algorithm: .deflate, windowSize: 15)
        }

        /// `payload` (a whole message's compressed bytes) inflated, at most `limit` bytes.
        func inflate(_ payload: ByteBuffer, limit: Int, allocator: ByteBufferAllocator) throws(Failure) -> ByteBuffer {
            var input = payload
            input.writeBytes(Self.tail)
            var output = allocator.buffer(capacity: min(max(payload.readableBytes * 4, 4096), limit + 1))
            while true {
                do {
                    try inflater.inflate(from: &input, to: &output)
                    break
                } catch let error as CompressNIOError where error == .bufferOverflow {
                    guard output.writerIndex <= limit else { throw .tooLarge }
                    output.reserveCapacity(min(output.capacity * 2, limit + 1))
                    if output.writableBytes == 0 { throw .tooLarge }
                } catch let error as CompressNIOError where error == .inputBufferOverflow {
                    break
                } catch {
                    throw .corrupt
                }
            }
            guard output.readableBytes <= limit else { throw .tooLarge }
            // Input left over: the server ended its stream (a final block); the next message starts a new one.
            if input.readableBytes > 0 || agreement.serverNoContextTakeover {
                do { try inflater.reset() } catch { throw .corrupt }
            }
            return output
        }

        /// `message` deflated (the sync flush's tail removed), or nil to send it as it is.
        func deflate(_ message: ByteBuffer, allocator: ByteBufferAllocator) -> ByteBuffer? {
            guard message.readableBytes >= Self.smallestCompressed, agreement.clientMaxWindowBits >= 9 else {
                return nil
            }
            do {
                let compressor: ZlibCompressor
                if let deflater {
                    compressor = deflater
                } else {
                    compressor = try ZlibCompressor(
                        algorithm: .deflate,
                        configuration: ZlibConfiguration(windowSize: Int32(agreement.clientMaxWindowBits)))
                    deflater = compressor
                }
                var input = message
                var output = allocator.buffer(capacity: compressor.maxSize(from: input))
                try compressor.deflate(from: &input, to: &output, flush: .sync)
                if agreement.clientNoContextTakeover { try compressor.reset() }
                if output.readableBytesView.suffix(4).elementsEqual(Self.tail) {
                    output.moveWriterIndex(to: output.writerIndex - 4)
                }
                return output
            } catch {
                // This message goes plain; the next starts a new compressor (its output never refers
                // back past its own start, so the server reads it whatever its window holds).
                deflater = nil
                return nil
            }
        }
    }
}
