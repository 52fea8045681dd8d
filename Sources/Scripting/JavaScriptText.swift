import CJavaScriptCore

/// Strings across the bridge: Swift text to JavaScriptCore's UTF-16 strings and back.
enum JavaScriptText {
    /// A new JavaScriptCore string (release it with `cjsc_JSStringRelease`); NUL bytes kept.
    /// ASCII text (JSON, most bodies) goes over as UTF-8, which JavaScriptCore keeps as an 8-bit
    /// string: made without transcoding here, and read faster by `JSON.parse` and the scripts.
    static func make(_ text: String) -> JSStringRef {
        var text = text
        let ascii = text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: UInt8.self) { bytes in
                // Any byte over 0x7F (not ASCII) or NUL (which would end the C string) fails it.
                bytes.allSatisfy { $0 != 0 && $0 < 0x80 }
            }
        }
        if ascii { return text.withCString { cjsc_JSStringCreateWithUTF8CString($0) } }
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
