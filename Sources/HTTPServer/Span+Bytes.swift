extension Span<UInt8> {
    /// Whether both spans hold the same bytes.
    func hasSameBytes(as other: Span<UInt8>) -> Bool {
        guard count == other.count else { return false }
        for index in 0..<count where self[index] != other[index] { return false }
        return true
    }

    /// Whether both spans hold the same bytes, ASCII letters compared case-insensitively (header names are tokens,
    /// so no Unicode case folding is needed).
    func hasSameLetters(as other: Span<UInt8>) -> Bool {
        guard count == other.count else { return false }
        for index in 0..<count where !HTTPHeaders.sameLetter(self[index], other[index]) { return false }
        return true
    }
}
