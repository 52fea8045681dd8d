/// Hands out ncurses colour-pair numbers for (foreground, background) combinations, defining
/// each pair once and reusing it on later cells.
///
/// Pair 0 is the terminal's default colours (with `use_default_colors`). When every pair is in
/// use the cache starts over from pair 1 and reports it, so the backend can repaint the screen
/// (cells already drawn with a redefined pair would change colour).
struct ColorPairCache {
    /// A pair's colours as ncurses colour numbers (-1 is the terminal default).
    struct Colors: Hashable {
        var foreground: Int32
        var background: Int32
    }

    /// What `pair(for:)` decided.
    struct Lookup: Equatable {
        var number: Int32
        /// The pair must be defined with `init_extended_pair` before use.
        var isNew: Bool
        /// The cache was full and started over; earlier pair numbers now mean other colours.
        var startedOver: Bool
    }

    /// How many pairs the terminal has (`COLOR_PAIRS`).
    let capacity: Int32
    private var numbers: [Colors: Int32] = [:]
    private var next: Int32 = 1

    init(capacity: Int32) {
        self.capacity = max(1, capacity)
    }

    /// Pairs defined so far (pair 0 excluded).
    var count: Int { numbers.count }

    mutating func pair(for colors: Colors) -> Lookup {
        if colors.foreground == -1 && colors.background == -1 {
            return Lookup(number: 0, isNew: false, startedOver: false)
        }
        if let number = numbers[colors] { return Lookup(number: number, isNew: false, startedOver: false) }
        var startedOver = false
        if next >= capacity {
            numbers.removeAll(keepingCapacity: true)
            next = 1
            startedOver = true
        }
        guard next < capacity else { return Lookup(number: 0, isNew: false, startedOver: startedOver) }
        let number = next
        next += 1
        numbers[colors] = number
        return Lookup(number: number, isNew: true, startedOver: startedOver)
    }
}
