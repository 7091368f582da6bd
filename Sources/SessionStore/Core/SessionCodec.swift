/// Turns a value into bytes and back, for the stores that keep bytes (SQLite, Redis).
public struct SessionCodec<Value>: Sendable {
    public let encode: @Sendable (Value) throws -> [UInt8]
    /// Reads bytes in the current form.
    public let decode: @Sendable ([UInt8]) throws -> Value
    /// Reads bytes that an earlier build stored in a form `decode` no longer reads; nil for bytes in the current form.
    /// The stores migrate with it: SQLite rewrites such rows once, when it opens the file; Redis reads them this way
    /// and stores the current form with the session's next write.
    public let decodeEarlierForm: @Sendable ([UInt8]) throws -> Value?
    /// The most bytes a stored value may have: a write of more is refused (`tooLarge`), so that what one session
    /// costs every later read and write of it has a bound whatever the requests were.
    public let maximumBytes: Int

    public init(
        encode: @escaping @Sendable (Value) throws -> [UInt8],
        decode: @escaping @Sendable ([UInt8]) throws -> Value,
        decodeEarlierForm: @escaping @Sendable ([UInt8]) throws -> Value? = { _ in nil },
        maximumBytes: Int = .max
    ) {
        self.encode = encode
        self.decode = decode
        self.decodeEarlierForm = decodeEarlierForm
        self.maximumBytes = maximumBytes
    }

    /// The bytes a store writes for `value`: `corrupt` when it cannot be encoded, `tooLarge` past `maximumBytes`.
    @inlinable
    public func bytes(of value: Value) throws(SessionStoreError) -> [UInt8] {
        let bytes: [UInt8]
        do {
            bytes = try encode(value)
        } catch {
            throw .corrupt("cannot encode a session: \(error)")
        }
        guard bytes.count <= maximumBytes else { throw .tooLarge(bytes: bytes.count, limit: maximumBytes) }
        return bytes
    }

    /// Bytes in the current form or an earlier one.
    @usableFromInline
    func decodeAnyForm(_ bytes: [UInt8]) throws -> Value {
        if let earlier = try decodeEarlierForm(bytes) { return earlier }
        return try decode(bytes)
    }
}
