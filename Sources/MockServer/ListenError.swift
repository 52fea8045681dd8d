import Glibc
import NIOCore

/// Why a listening socket could not be opened, in words a user can act on — not NIO's
/// `bind(descriptor:ptr:bytes:)` or a `SocketAddressError` type name.
package struct ListenError: Error, CustomStringConvertible {
    package let description: String

    init(_ error: any Error) {
        if let error = error as? IOError {
            description =
                switch error.errnoCode {
                case EADDRINUSE: "the port is in use (another program listens on it; --port 0 picks a free one)"
                case EACCES: "permission denied (ports below 1024 need privileges; --port 0 picks a free one)"
                case EADDRNOTAVAIL: "this machine has no such address (--host 127.0.0.1 listens on this machine only)"
                default: String(cString: strerror(error.errnoCode))
                }
        } else if error is SocketAddressError.UnknownHost || error is SocketAddressError {
            description = "no such address or host name"
        } else {
            description = "\(error)"
        }
    }
}
