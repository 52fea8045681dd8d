/// Splits a rectangle into rows (`.vertical`) or columns (`.horizontal`) by constraints.
///
/// Fixed parts (length, percentage, min) are served first, in order, and shrink when the space
/// runs out; what is left goes to `fill` and `min` parts by weight. The parts always tile the
/// rectangle exactly (no gaps, no overlap), even at 1×1.
package struct Layout: Sendable {
    package enum Direction: Sendable {
        case vertical
        case horizontal
    }

    package var direction: Direction
    package var constraints: [Constraint]
    /// Cells left empty between neighbouring parts.
    package var spacing: Int

    package init(_ direction: Direction, _ constraints: [Constraint], spacing: Int = 0) {
        self.direction = direction
        self.constraints = constraints
        self.spacing = spacing
    }

    package static func vertical(_ constraints: [Constraint], spacing: Int = 0) -> Layout {
        Layout(.vertical, constraints, spacing: spacing)
    }

    package static func horizontal(_ constraints: [Constraint], spacing: Int = 0) -> Layout {
        Layout(.horizontal, constraints, spacing: spacing)
    }

    /// The rectangles, one per constraint, in order.
    package func split(_ area: Rect) -> [Rect] {
        guard !constraints.isEmpty else { return [] }
        let total = direction == .vertical ? area.height : area.width
        let gaps = Swift.min(total, Swift.max(0, spacing) * (constraints.count - 1))
        var remaining = total - gaps
        let available = remaining
        var sizes = [Int](repeating: 0, count: constraints.count)
        var weights = [Int](repeating: 0, count: constraints.count)
        for (i, constraint) in constraints.enumerated() {
            let wanted: Int
            switch constraint {
            case .length(let n): wanted = Swift.max(0, n)
            case .percentage(let p): wanted = available * Swift.max(0, Swift.min(100, p)) / 100
            case .min(let n):
                wanted = Swift.max(0, n)
                weights[i] = 1
            case .fill(let w):
                wanted = 0
                weights[i] = Swift.max(1, w)
            }
            sizes[i] = Swift.min(wanted, remaining)
            remaining -= sizes[i]
        }
        let totalWeight = weights.reduce(0, +)
        if remaining > 0, totalWeight > 0 {
            var given = 0
            var seenWeight = 0
            for i in sizes.indices where weights[i] > 0 {
                seenWeight += weights[i]
                let share = remaining * seenWeight / totalWeight - given
                sizes[i] += share
                given += share
            }
        } else if remaining > 0, let last = sizes.indices.last {
            // No flexible part: the last part takes the slack so the parts tile the area.
            sizes[last] += remaining
        }
        var rects: [Rect] = []
        var offset = direction == .vertical ? area.y : area.x
        var gapsLeft = gaps
        for (i, size) in sizes.enumerated() {
            switch direction {
            case .vertical: rects.append(Rect(x: area.x, y: offset, width: area.width, height: size))
            case .horizontal: rects.append(Rect(x: offset, y: area.y, width: size, height: area.height))
            }
            offset += size
            if i < sizes.count - 1 {
                let gap = Swift.min(gapsLeft, Swift.max(0, spacing))
                offset += gap
                gapsLeft -= gap
            }
        }
        return rects
    }
}
