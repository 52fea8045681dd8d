/// Why a number could not be read as the requested Swift type without changing its value.
package enum JSONNumberError: Error, Sendable, Hashable {
    /// The node is not a number.
    case notANumber
    /// The number has a fraction or an exponent and an integer was asked for.
    case notAnInteger
    /// The value is outside the type's range (`12345678901234567890` as Int64, `1e400` as Double).
    case overflow
    /// A non-zero value too small for Double, which would round to zero (`1e-400`).
    case underflow
}
