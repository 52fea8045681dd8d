/// Test hook: recursion without a base case that is ever reached, so the main thread runs out of
/// stack and dies of SIGSEGV. The end-to-end tests use it to check that the crash handler (which
/// runs on its own signal stack) still restores the terminal.
enum DemoStackOverflow {
    /// Recurses until the stack is exhausted; each frame keeps a buffer the callee writes to. Not
    /// optimized: a release build turned the recursion into a loop counting to Int.max (a process
    /// spinning for an hour instead of dying), even through a variable holding the function.
    @inline(never)
    @_optimize(none)
    static func recurse(_ depth: Int) -> Int {
        var frame = (depth, depth &+ 1, depth &+ 2, depth &+ 3, depth &+ 4, depth &+ 5, depth &+ 6, depth &+ 7)
        // Never true (depth only grows), but the compiler cannot prove it, so it does not warn.
        if depth < 0 { return frame.0 }
        let deeper = withUnsafeMutableBytes(of: &frame) { bytes in
            bytes.storeBytes(of: recurse(depth &+ 1), as: Int.self)
            return bytes.load(fromByteOffset: 8, as: Int.self)
        }
        return deeper &+ frame.0
    }
}
