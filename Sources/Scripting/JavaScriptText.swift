import CJavaScriptCore

/// Strings across the bridge: Swift text to JavaScriptCore's UTF-16 strings and back.
enum JavaScriptText {
    /// A new JavaScriptCore string (release it with `cjsc_JSStringRelease`); NUL bytes kept.
    /// Text without NUL goes over as UTF-8 (the library transcodes it, several times faster than
    /// Swift's UTF-16 view; ASCII it keeps as an 8-bit string, read faster by `JSON.parse` and the
    /// scripts); text with NUL, which would end the C string, as UTF-16.
    static func make(_ text: String) -> JSStringRef {
        var text = text
        let hasNUL = text.withUTF8 { bytes in bytes.contains(0) }
        if !hasNUL { return text.withCString { cjsc_JSStringCreateWithUTF8CString($0) } }
        let units = Array(text.utf16)
        return units.withUnsafeBufferPointer { cjsc_JSStringCreateWithCharacters($0.baseAddress, $0.count) }
    }

    /// Runs `body` with a JavaScriptCore string of `text`, released after.
    static func with<Result>(_ text: String, _ body: (JSStringRef) throws -> Result) rethrows -> Result {
        let string = make(text)
        defer { cjsc_JSStringRelease(string) }
        return try body(string)
    }

    static func string(_ string: JSStringRef) -> String {
        let count = cjsc_JSStringGetLength(string)
        guard count > 0 else { return "" }
        // UTF-8 from the library (its own fast conversion), then Swift's native UTF-8 string;
        // lone surrogates come out as U+FFFD either way.
        let capacity = cjsc_JSStringGetMaximumUTF8CStringSize(string)
        return String(unsafeUninitializedCapacity: capacity) { buffer in
            buffer.withMemoryRebound(to: CChar.self) { characters in
                max(0, cjsc_JSStringGetUTF8CString(string, characters.baseAddress, capacity) - 1)
            }
        }
    }

    /// `String(value)` in JavaScript; nil when converting throws (a symbol, a hostile `toString`).
    static func string(of value: JSValueRef?, in context: JSContextRef) -> String? {
        guard let value else { return nil }
        var exception: JSValueRef?
        guard let string = cjsc_JSValueToStringCopy(context, value, &exception), exception == nil else { return nil }
        defer { cjsc_JSStringRelease(string) }
        return Self.string(string)
    }

    static func value(_ text: String, in context: JSContextRef) -> JSValueRef {
        with(text) { cjsc_JSValueMakeString(context, $0) }
    }
}
