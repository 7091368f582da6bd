/// The base programmer mode shows and reads its integers in (`RadixFormatter` writes them).
public enum Radix: String, Sendable, CaseIterable {
    case hex, dec, oct, bin

    /// 16, 10, 8 or 2.
    var base: UInt8 {
        switch self {
        case .hex: 16
        case .dec: 10
        case .oct: 8
        case .bin: 2
        }
    }

    /// Bits one digit stands for; decimal digits stand for none.
    var bitsPerDigit: Int {
        switch self {
        case .hex: 4
        case .dec: 0
        case .oct: 3
        case .bin: 1
        }
    }
}
