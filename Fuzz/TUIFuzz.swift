// libFuzzer targets for the TUI's configuration files, compiled together with the TUI sources by
// swiftc with `-sanitize=fuzzer,address`: `make fuzz-theme` (-D FUZZ_THEME) reads each input as a
// theme file, `make fuzz-keymap` (-D FUZZ_KEYMAP) as a keymap file applied to the standard keymap.
// Both are read at start-up on the main thread, so a crash or a hang there is an explorer that
// never opens. Problems must point into the file (line and column from 1); a key the keymap keeps
// must print as text that parses back to the same key (the help overlay and docs/keymap.md show
// keys that way). Any crash, hang or mismatch stops the run.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConfigurationFile(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    #if FUZZ_THEME
    fuzzTheme(bytes)
    #elseif FUZZ_KEYMAP
    fuzzKeymap(bytes)
    #endif
    return 0
}

private func fuzzTheme(_ bytes: [UInt8]) {
    do {
        let theme = try ThemeLoader.decode(bytes, file: "fuzz.json")
        for role in theme.styles.keys { _ = theme[role] }
    } catch {
        if error.line < 1 || error.column < 1 { fatalError("a theme problem outside the file: \(error)") }
    }
}

private func fuzzKeymap(_ bytes: [UInt8]) {
    var keymap = Keymap.standard
    for problem in keymap.applyOverrides(bytes, file: "fuzz.json") {
        guard let location = problem.location else { continue }
        let fields = location.split(separator: ":")
        guard fields.count == 3, let line = Int(fields[1]), let column = Int(fields[2]), line >= 1, column >= 1 else {
            fatalError("a keymap problem outside the file: \(problem)")
        }
    }
    for binding in keymap.bindings {
        for key in binding.keys where KeySequence(key.description) != key {
            fatalError("\(binding.action): key \(key) does not parse back from its text")
        }
    }
    _ = keymap.helpLines(contexts: ["global"])
    _ = keymap.hints(for: keymap.bindings.map(\.action))
}
