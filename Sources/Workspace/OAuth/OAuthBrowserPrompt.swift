import Foundation

/// The browser step of an authorization code grant as the person sees it: the address to open,
/// and where Lazer waits for the answer. Holds no secret (the PKCE verifier stays in the flow;
/// `state` and the challenge in the URL are useless without it).
package struct OAuthBrowserPrompt: Sendable, Equatable {
    package var authorizationURL: String
    package var redirectURI: String
    /// Whether Lazer handed the address to the desktop's browser (`xdg-open`).
    package var opened = false

    package init(authorizationURL: String, redirectURI: String, opened: Bool = false) {
        self.authorizationURL = authorizationURL
        self.redirectURI = redirectURI
        self.opened = opened
    }
}

/// Opens an address in the desktop's browser with `xdg-open`, when there is a desktop
/// (`DISPLAY` or `WAYLAND_DISPLAY`) and `xdg-open` is on the `PATH`; otherwise does nothing (a
/// terminal over SSH: the person copies the address instead).
package enum DesktopBrowser {
    /// Starts `xdg-open address` without waiting for it; whether it was started.
    package static func open(_ address: String, environment: [String: String]) -> Bool {
        let desktop = [environment["DISPLAY"], environment["WAYLAND_DISPLAY"]].contains { !($0 ?? "").isEmpty }
        guard desktop, let opener = executable("xdg-open", path: environment["PATH"] ?? "") else { return false }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: opener)
        process.arguments = [address]
        process.environment = environment
        // The browser's chatter must not reach the explorer's screen.
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return false
        }
        return true
    }

    static func executable(_ name: String, path: String) -> String? {
        path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
