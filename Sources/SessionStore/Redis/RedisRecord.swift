import Bytes

/// A session as Redis holds it under its key: a 52-byte ASCII header (20-digit version, 16-digit expiry in ms on the
/// store's clock, 16-character write token) followed by the codec's bytes. The Lua scripts read the header by position.
@usableFromInline
enum RedisRecord {
    @usableFromInline static var headerLength: Int { 52 }

    @usableFromInline
    static func bytes(version: UInt64, expires: Int64, token: [UInt8], payload: [UInt8]) -> [UInt8] {
        var record = ByteBuffer.decimal(version, width: 20)
        record.reserveCapacity(headerLength + payload.count)
        record += ByteBuffer.decimal(expires, width: 16)
        record += token
        record += payload
        return record
    }

    /// The version's header field, as a compare-and-set expects it.
    @usableFromInline
    static func versionField(_ version: UInt64) -> [UInt8] {
        ByteBuffer.decimal(version, width: 20)
    }

    /// The version in a header (or in the version field alone, as a conflicting compare-and-set returns it).
    @usableFromInline
    static func version(fromHeader bytes: some Collection<UInt8>) throws(SessionStoreError) -> UInt64 {
        guard let version = UInt64(String(decoding: bytes.prefix(20), as: UTF8.self)) else {
            throw .corrupt("redis: session record has no version header")
        }
        return version
    }

    /// The record's payload as a stored write (its version, expiry and write token).
    @usableFromInline
    static func parse(_ record: [UInt8]) throws(SessionStoreError) -> StoredWrite {
        guard record.count >= headerLength else { throw .corrupt("redis: session record is too short") }
        let expires = Int64(String(decoding: record[20..<36], as: UTF8.self)) ?? 0
        return StoredWrite(
            bytes: Array(record[headerLength...]), version: try version(fromHeader: record), expiresAt: Double(expires) / 1000,
            token: Array(record[36..<headerLength]))
    }
}
