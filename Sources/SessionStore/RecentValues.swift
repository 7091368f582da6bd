import Synchronization

/// Values a store decoded or wrote lately, each with the stored bytes it was decoded from or encoded to.
///
/// Decoding is the costliest step of a press on the persisting stores (a third of its instructions with the
/// service's JSON codec), and what a store reads back is usually exactly what this process last wrote or read:
/// when the stored bytes equal the remembered ones, the remembered value is what decoding would give. Comparing the
/// bytes, not a version, keeps this right when another process writes the same session. Bounded: at the limit an
/// arbitrary entry makes room. Its table is not generic (the value sits in a box), as in `RecentRows`: called from
/// the store's unspecialized code, a generic table cost a few metadata lookups per use.
final class RecentValues<Value: Sendable>: Sendable {
    private let entries = Mutex<[SessionID: RememberedValue]>([:])
    private let limit: Int

    init(limit: Int = 4_096) {
        self.limit = limit
    }

    /// The value for these stored bytes: remembered, or decoded (and then remembered).
    func value(of id: SessionID, storedAs bytes: [UInt8], decode: ([UInt8]) throws -> Value) rethrows -> Value {
        if let known = entries.withLock({ $0[id] }), known.bytes == bytes { return ValueBox<Value>.unboxed(known.boxed) }
        let value = try decode(bytes)
        remember(value, storedAs: bytes, for: id)
        return value
    }

    func remember(_ value: Value, storedAs bytes: [UInt8], for id: SessionID) {
        entries.withLock { entries in
            if entries.count >= limit, entries[id] == nil { entries.remove(at: entries.startIndex) }
            entries[id] = RememberedValue(bytes: bytes, boxed: ValueBox(value))
        }
    }

    func forget(_ id: SessionID) {
        entries.withLock { _ = $0.removeValue(forKey: id) }
    }

    func forgetAll() {
        entries.withLock { $0 = [:] }
    }
}

/// A value in a box, so that the tables of remembered values (`RecentValues`, `RecentRows`, the Redis store's known
/// records) can hold it without being generic: called from the stores' unspecialized code, a generic table costs a
/// few metadata lookups per use.
@usableFromInline
final class ValueBox<Value: Sendable>: Sendable {
    @usableFromInline let value: Value

    @inlinable
    init(_ value: consuming Value) {
        self.value = value
    }

    /// The value in a box made by this type.
    @inlinable
    static func unboxed(_ boxed: any AnyObject & Sendable) -> Value {
        unsafeDowncast(boxed, to: ValueBox.self).value
    }
}

/// An entry of `RecentValues`: stored bytes and the boxed value they decode to.
private struct RememberedValue {
    var bytes: [UInt8]
    var boxed: any AnyObject & Sendable
}
