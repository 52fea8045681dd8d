/// A value that is usually its default, for the fields most saved requests leave unset (auth,
/// options, body, retry, contract, stream, WebSocket and scripts settings): the default costs a
/// null pointer, anything else one shared box, copied on write. Inline those fields made a
/// `SavedRequest` 960 bytes — a million-request collection held a gigabyte of them, and every
/// copy of a request retained each field.
@propertyWrapper
package struct Boxed<Value: BoxedDefault & Sendable>: Sendable {
    private indirect enum Box: Sendable, Equatable {
        case value(Value)
    }

    /// Nil for the default value, so that equal values have equal storage.
    private var box: Box?

    package init(wrappedValue: Value) {
        box = Self.stored(wrappedValue)
    }

    package var wrappedValue: Value {
        get {
            guard case .value(let value)? = box else { return Value.boxedDefault }
            return value
        }
        set { box = Self.stored(newValue) }
    }

    /// `$field`: the wrapper itself, to ask `isDefault` without copying the value out.
    package var projectedValue: Boxed<Value> { self }

    /// Whether the value is the default (nothing stored): a walk over a million requests skips
    /// those at a pointer's cost.
    package var isDefault: Bool { box == nil }

    private static func stored(_ value: Value) -> Box? {
        value == Value.boxedDefault ? nil : .value(value)
    }
}

extension Boxed: Equatable {}

/// A type with the value `Boxed` stores as nothing.
package protocol BoxedDefault: Equatable {
    static var boxedDefault: Self { get }
}

extension Optional: BoxedDefault where Wrapped: Equatable {
    package static var boxedDefault: Self { nil }
}

extension SavedAuth: BoxedDefault {
    package static var boxedDefault: SavedAuth { SavedAuth(.inherit) }
}

extension SavedBody: BoxedDefault {
    package static var boxedDefault: SavedBody { .empty }
}

extension SavedOptions: BoxedDefault {
    package static var boxedDefault: SavedOptions { SavedOptions() }
}
