import CCrypto

extension TokenHash {
    /// The SHA-256 of the token's bytes (libcrypto).
    init(of token: Span<UInt8>) {
        var digest: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        token.withUnsafeBufferPointer { bytes in
            withUnsafeMutableBytes(of: &digest) { out in
                ccrypto_sha256(bytes.baseAddress, bytes.count, out.baseAddress?.assumingMemoryBound(to: UInt8.self))
            }
        }
        self.init(words: (UInt64(littleEndian: digest.0), UInt64(littleEndian: digest.1), UInt64(littleEndian: digest.2), UInt64(littleEndian: digest.3)))
    }
}
