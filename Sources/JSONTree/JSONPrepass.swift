internal import CJSONKernel

/// The vector pre-pass over a body (CJSONKernel, AVX-512 or AVX2): in one read, the bound on tape
/// entries that `JSONParser.entryBound` computes, and whether the whole body is valid UTF-8 — so that
/// the string scans need not stop at every non-ASCII byte (a string-heavy body: most of its
/// parse). Nil where the CPU has no AVX2; the parser then counts and validates as before.
struct JSONPrepass {
    let entryBound: Int
    let isValidUTF8: Bool

    /// Whether this CPU runs the kernel (asked once).
    static let isAvailable = lazer_json_prepass_available() != 0

    /// `stride`: how many bytes are read between releases (a multiple of 64; tests make it small).
    init?(
        _ bytes: UnsafeBufferPointer<UInt8>, release: ((Int) -> Void)?, stride: Int = JSONPageRelease.stride
    ) {
        guard JSONPrepass.isAvailable, let base = bytes.baseAddress else { return nil }
        var state = lazer_json_prepass()
        lazer_json_prepass_start(&state)
        // Borrowed bytes are read a stride at a time and their pages released behind the pass,
        // as `entryBound` does; the stride is a multiple of the kernels' 64-byte block.
        let stride = release == nil ? bytes.count : stride
        var start = 0
        repeat {
            let end = min(bytes.count, start + stride)
            lazer_json_prepass_read(&state, base + start, end - start, end == bytes.count ? 1 : 0)
            release?(end)
            start = end
        } while start < bytes.count
        entryBound = 1 + Int(state.commas) + 2 * Int(state.opens)
        isValidUTF8 = state.invalid == 0
    }
}
