/// How much space one part of a layout asks for along the split direction.
package enum Constraint: Hashable, Sendable {
    /// Exactly this many cells (less if the space runs out).
    case length(Int)
    /// This percentage of the whole space.
    case percentage(Int)
    /// At least this many cells; grows like `fill(1)` when space is left.
    case min(Int)
    /// A share of what is left after the fixed parts, in proportion to the weight.
    case fill(Int)
}
