/// A fixed-size byte buffer that hands full chunks to a sink: the printer's only allocation.
struct JSONOutputBuffer: ~Copyable {
    let storage: UnsafeMutablePointer<UInt8>
    let capacity: Int
    var count = 0
    let sink: (UnsafeBufferPointer<UInt8>) -> Void

    init(capacity: Int = 1 << 18, sink: @escaping (UnsafeBufferPointer<UInt8>) -> Void) {
        self.capacity = capacity
        self.storage = .allocate(capacity: capacity)
        self.sink = sink
    }

    deinit { storage.deallocate() }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        if count == capacity { flush() }
        storage[count] = byte
        count &+= 1
    }

    @inline(__always)
    mutating func append(_ bytes: UnsafePointer<UInt8>, count length: Int) {
        if count &+ length > capacity {
            flush()
            if length > capacity {
                sink(UnsafeBufferPointer(start: bytes, count: length))
                return
            }
        }
        (storage + count).update(from: bytes, count: length)
        count &+= length
    }

    mutating func append(_ text: StaticString) {
        append(text.utf8Start, count: text.utf8CodeUnitCount)
    }

    mutating func flush() {
        if count > 0 { sink(UnsafeBufferPointer(start: storage, count: count)) }
        count = 0
    }
}
