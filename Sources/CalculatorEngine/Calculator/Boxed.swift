/// An optional value kept behind one immutable reference: a state without it carries a nil pointer, which copying and
/// destroying the state (each press) skip, where the value inline would add its size and fields to both. Setting it
/// makes a new box, so copies never share a change.
@propertyWrapper
struct Boxed<Value: Sendable & Equatable>: Sendable, Equatable {
    private final class Box: Sendable {
        let value: Value

        init(_ value: Value) {
            self.value = value
        }
    }

    private var box: Box?

    init(wrappedValue: Value?) {
        box = wrappedValue.map(Box.init)
    }

    var wrappedValue: Value? {
        get { box?.value }
        set { box = newValue.map(Box.init) }
    }

    /// Whether a value is kept: a look at the pointer, where `wrappedValue != nil` copies the value out.
    var holdsValue: Bool { box != nil }

    /// The box itself (`$name`), so a snapshot can keep the reference rather than copy the value.
    var projectedValue: Boxed {
        get { self }
        set { self = newValue }
    }

    static func == (lhs: Boxed, rhs: Boxed) -> Bool {
        lhs.box === rhs.box || lhs.box?.value == rhs.box?.value
    }
}
