import Crypto
import Foundation

/// What the sandbox's JavaScript asks of Swift through its one native function, `native(op, arg)`:
/// digests and encodings for `CryptoJS`, a UUID, a packaged library's source. Each answers text
/// or throws a message the script sees as an `Error`. (`send` is the engine's: it needs the job.)
enum NativeOperations {
    struct Failure: Error {
        var message: String
    }

    /// The libraries `require` may load, from Debian's packaged copies.
    static let libraryFiles = [
        "chai": ("/usr/share/javascript/chai/chai.min.js", "libjs-chai"),
        "lodash": ("/usr/share/javascript/lodash/lodash.min.js", "libjs-lodash"),
    ]

    static func answer(_ operation: String, _ argument: String) throws(Failure) -> String {
        switch operation {
        case "digest": return try digest(argument)
        case "base64": return Data(try bytes(hex: argument)).base64EncodedString()
        case "unbase64":
            guard let data = Data(base64Encoded: argument, options: .ignoreUnknownCharacters) else {
                throw Failure(message: "not Base64 text")
            }
            return hex(Array(data))
        case "uuid": return UUID().uuidString.lowercased()
        case "library": return try library(argument)
        default: throw Failure(message: "no native operation \(operation)")
        }
    }

    static func library(_ name: String) throws(Failure) -> String {
        guard let (path, package) = libraryFiles[name] else { throw Failure(message: "no library \(name)") }
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw Failure(
                message: "scripts need \(name) from Debian's \(package) (\(path)): apt-get install \(package)")
        }
        return text
    }

    private struct DigestRequest: Decodable {
        var algorithm: String
        var data: String
        var key: String?
    }

    private static func digest(_ argument: String) throws(Failure) -> String {
        guard let request = try? JSONDecoder().decode(DigestRequest.self, from: Data(argument.utf8)) else {
            throw Failure(message: "a digest needs an algorithm and data")
        }
        let data = try bytes(hex: request.data)
        if let keyHex = request.key {
            let key = SymmetricKey(data: try bytes(hex: keyHex))
            switch request.algorithm {
            case "MD5": return hex(Array(HMAC<Insecure.MD5>.authenticationCode(for: data, using: key)))
            case "SHA1": return hex(Array(HMAC<Insecure.SHA1>.authenticationCode(for: data, using: key)))
            case "SHA256": return hex(Array(HMAC<SHA256>.authenticationCode(for: data, using: key)))
            case "SHA384": return hex(Array(HMAC<SHA384>.authenticationCode(for: data, using: key)))
            case "SHA512": return hex(Array(HMAC<SHA512>.authenticationCode(for: data, using: key)))
            default: throw Failure(message: "no HMAC \(request.algorithm)")
            }
        }
        switch request.algorithm {
        case "MD5": return hex(Array(Insecure.MD5.hash(data: data)))
        case "SHA1": return hex(Array(Insecure.SHA1.hash(data: data)))
        case "SHA256": return hex(Array(SHA256.hash(data: data)))
        case "SHA384": return hex(Array(SHA384.hash(data: data)))
        case "SHA512": return hex(Array(SHA512.hash(data: data)))
        default: throw Failure(message: "no hash \(request.algorithm)")
        }
    }

    static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    static func bytes(hex: String) throws(Failure) -> [UInt8] {
        let digits = Array(hex.utf8)
        guard digits.count.isMultiple(of: 2) else { throw Failure(message: "odd-length hex") }
        func value(_ digit: UInt8) throws(Failure) -> UInt8 {
            switch digit {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): return digit - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): return digit - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): return digit - UInt8(ascii: "A") + 10
            default: throw Failure(message: "not hex")
            }
        }
        var out: [UInt8] = []
        out.reserveCapacity(digits.count / 2)
        var index = 0
        while index < digits.count {
            out.append(try value(digits[index]) << 4 | value(digits[index + 1]))
            index += 2
        }
        return out
    }
}
