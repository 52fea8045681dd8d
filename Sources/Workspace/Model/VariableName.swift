/// The characters a variable name may use: letters, digits, `_`, `-` and `.`.
public enum VariableName {
    static let rule = "letters, digits, '_', '-' and '.'"

    public static func isValid(_ name: String) -> Bool {
        !name.isEmpty && name.unicodeScalars.allSatisfy(isNameScalar)
    }

    static func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", "_", "-", ".": true
        default: false
        }
    }
}
