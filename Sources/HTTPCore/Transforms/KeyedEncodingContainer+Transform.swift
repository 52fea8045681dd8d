extension KeyedEncodingContainer {
    /// Converts `value` with `transform` and encodes the result at `key`.
    public mutating func encode<Transform: EncodingTransform>(
        _ value: Transform.Value, forKey key: Key, using transform: Transform
    ) throws {
        do {
            try encode(try transform.encode(value), forKey: key)
        } catch let error as TransformError {
            throw EncodingError.invalidValue(
                value, EncodingError.Context(codingPath: codingPath + [key], debugDescription: error.message))
        }
    }

    /// Like ``encode(_:forKey:using:)``, but `nil` writes nothing.
    public mutating func encodeIfPresent<Transform: EncodingTransform>(
        _ value: Transform.Value?, forKey key: Key, using transform: Transform
    ) throws {
        guard let value else { return }
        try encode(value, forKey: key, using: transform)
    }
}
