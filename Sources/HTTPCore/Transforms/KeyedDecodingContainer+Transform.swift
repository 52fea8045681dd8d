extension KeyedDecodingContainer {
    /// Decodes the JSON value at `key` and converts it with `transform`.
    public func decode<Transform: DecodingTransform>(using transform: Transform, forKey key: Key) throws
        -> Transform.Value
    {
        let json = try decode(Transform.JSONValue.self, forKey: key)
        do {
            return try transform.decode(json)
        } catch {
            throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: error.message)
        }
    }

    /// Like ``decode(using:forKey:)``, but a missing key or `null` gives `nil`.
    public func decodeIfPresent<Transform: DecodingTransform>(using transform: Transform, forKey key: Key) throws
        -> Transform.Value?
    {
        guard let json = try decodeIfPresent(Transform.JSONValue.self, forKey: key) else { return nil }
        do {
            return try transform.decode(json)
        } catch {
            throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: error.message)
        }
    }
}
