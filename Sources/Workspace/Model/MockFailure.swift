/// Network failures a mock response can simulate; the names are `TransportError` reasons.
package enum MockFailure: String, Sendable, CaseIterable {
    case dnsFailure, connectionRefused, connectTimeout, totalTimeout, tlsHandshake, certificateUntrusted
    case receiveFailure, emptyReply
}
