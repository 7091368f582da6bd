import CMPFR

extension Number {
    /// The value truncated toward zero to an integer, then to the low bits of `word` read as signed: what a value
    /// becomes in programmer mode (2.9 is 2, −2.9 is −2, 2^64 + 5 is 5, 255 in a byte is −1). NaN and infinities,
    /// which no state keeps, are 0.
    func truncated(to word: WordSize) -> Int64 {
        if let small = intValue { return word.truncating(Int64(small)) }
        let integer = Scratch()
        switch self {
        case .rational(let q):
            cmpfr_z_tdiv_q(integer.pointer, cmpfr_q_num(q.pointer), cmpfr_q_den(q.pointer))
        case .real(let r):
            guard mpfr_number_p(r.pointer) != 0 else { return 0 }
            mpfr_get_z(integer.pointer, r.pointer, MPFR_RNDZ)
        }
        // mpz_get_ui gives the low 64 bits of |n|; two's complement makes them n's.
        let low = UInt64(cmpfr_z_get_ui(integer.pointer))
        let bits = cmpfr_z_sgn(integer.pointer) < 0 ? 0 &- low : low
        return word.truncating(Int64(bitPattern: bits))
    }
}
