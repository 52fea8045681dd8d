#if canImport(Glibc)
import Glibc
#endif

/// Keeps a file that shrinks under its mapping from killing the process. Reading a mapped page
/// past a file's new end raises SIGBUS; the handler installed here (once, when the first file is
/// mapped) checks that the address is in a registered mapping, maps a page of `"` over it so the
/// read can go on, and marks the mapping, whose `check()` then reports the truncation. A SIGBUS
/// anywhere else goes to the action that was there before (by default: the process dies, as it
/// would have).
///
/// The table is fixed: `capacity` mappings of three words (start, end, faulted), allocated once
/// and never freed, so the handler reads it without locks or allocation. Registering takes the
/// lock; the handler only reads ranges and sets a flag.
enum MappedFileFaults {
    static let capacity = 64

    /// The page size, for the handler (set before it is installed).
    nonisolated(unsafe) static var pageSize = 4096
    /// Three words per slot: start, end (0 when free), faulted.
    nonisolated(unsafe) private static let table: UnsafeMutablePointer<Int> = {
        let table = UnsafeMutablePointer<Int>.allocate(capacity: 3 * capacity)
        table.initialize(repeating: 0, count: 3 * capacity)
        return table
    }()
    /// The SIGBUS action before ours: where faults outside the table go.
    nonisolated(unsafe) private static var previous = sigaction()
    nonisolated(unsafe) private static var installed = false
    /// Guards `table`'s writes and `installed`. A pthread mutex at a fixed address: a
    /// `Synchronization.Mutex` in a static crashed here on unlock in debug builds ("Call to
    /// unlock Mutex on a thread which hasn't acquired the lock").
    nonisolated(unsafe) private static let lock: UnsafeMutablePointer<pthread_mutex_t> = {
        let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        pthread_mutex_init(lock, nil)
        return lock
    }()

    private static func locked<Result>(_ body: () -> Result) -> Result {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        return body()
    }

    /// Claims a slot for `range` (installing the handler the first time); nil when all are taken.
    static func register(_ range: Range<Int>) -> Int? {
        locked { () -> Int? in
            if !installed {
                install()
                installed = true
            }
            for slot in 0..<capacity where table[3 * slot + 1] == 0 {
                table[3 * slot] = range.lowerBound
                table[3 * slot + 2] = 0
                table[3 * slot + 1] = range.upperBound
                return slot
            }
            return nil
        }
    }

    /// Frees a slot (before its memory is unmapped).
    static func unregister(_ slot: Int) {
        locked {
            table[3 * slot + 1] = 0
            table[3 * slot] = 0
            table[3 * slot + 2] = 0
        }
    }

    /// Whether a read in the slot's mapping hit a page past the file's end.
    static func faulted(_ slot: Int) -> Bool {
        locked { table[3 * slot + 2] != 0 }
    }

    private static func install() {
        pageSize = max(4096, sysconf(Int32(_SC_PAGESIZE)))
        _ = table
        var action = sigaction()
        action.__sigaction_handler.sa_sigaction = { number, info, _ in
            let address = Int(bitPattern: info?.pointee._sifields._sigfault.si_addr)
            if info?.pointee.si_code ?? 0 > 0, MappedFileFaults.patch(address) { return }
            // Not ours: put the earlier action back. A fault raises it again when the read is
            // retried on return; a signal sent by someone is raised again here.
            var earlier = MappedFileFaults.previous
            sigaction(number, &earlier, nil)
            if info?.pointee.si_code ?? 0 <= 0 { raise(number) }
        }
        sigemptyset(&action.sa_mask)
        action.sa_flags = Int32(SA_SIGINFO | SA_ONSTACK)
        sigaction(SIGBUS, &action, &previous)
    }

    /// In the handler: when `address` is in a registered mapping, maps a page of quotes over its
    /// page and marks the mapping. Async-signal-safe: reads of the table, `mmap`, `memset`,
    /// `mprotect`, one store.
    private static func patch(_ address: Int) -> Bool {
        for slot in 0..<capacity {
            let start = table[3 * slot]
            let end = table[3 * slot + 1]
            guard end != 0, address >= start, address < end else { continue }
            let page = UnsafeMutableRawPointer(bitPattern: address & ~(pageSize - 1))
            let filler = mmap(page, pageSize, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0)
            guard let filler, filler != MAP_FAILED else { return false }
            // Quotes, not zeros: a scan for a string's end or past whitespace stops at once, so
            // reading what is left of the file stays as fast as before until `check()` reports it.
            memset(filler, Int32(UInt8(ascii: "\"")), pageSize)
            mprotect(filler, pageSize, PROT_READ)
            table[3 * slot + 2] = 1
            return true
        }
        return false
    }
}
