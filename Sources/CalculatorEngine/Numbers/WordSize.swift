/// The size of programmer mode's integers: signed two's complement words of 8, 16, 32 or 64 bits (Windows' BYTE,
/// WORD, DWORD and QWORD). Values are kept as `Int64` sign-extended from the word, so Swift's wrapping arithmetic
/// followed by `truncating` is arithmetic modulo 2^bits read as signed.
public enum WordSize: Int, Sendable, CaseIterable {
    case byte = 8, word = 16, dword = 32, qword = 64

    public var bits: Int { rawValue }

    /// The low `bits` bits of `value`, read as signed.
    func truncating(_ value: Int64) -> Int64 {
        let unused = Int64(64 - bits)
        return (value << unused) >> unused
    }

    /// The word's bit pattern of `value`: what hex, oct and bin show.
    func bitPattern(_ value: Int64) -> UInt64 {
        UInt64(bitPattern: value) & mask
    }

    var mask: UInt64 { UInt64.max >> UInt64(64 - bits) }

    /// 2^(bits−1) − 1, the largest value.
    var maximum: Int64 { Int64(mask >> 1) }
}
