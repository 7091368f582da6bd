extension CalculatorState {
    /// Rationals up to this many bits (numerator and denominator together, about 150 decimal digits) have their
    /// exact text in replies; a longer one is shown rounded only, so that no reply grows with a runaway fraction.
    public static let exactBitsLimit = 512

    /// The exact value of a worked-out display (a result, a function's value, a constant, a recalled value), in the
    /// form `/convert` gives (`1/3`); nil while a number is typed (the display is then that number, as typed), for a
    /// real (√2, π), past `exactBitsLimit`, at Error and in programmer mode (whose display is an exact integer).
    public var exact: String? {
        guard error == nil, settings.mode != .programmer, stack.phase != .entering || stack.entry == nil else { return nil }
        let value = shownValue
        guard value.isRational, value.rationalBits <= Self.exactBitsLimit else { return nil }
        return value.exactText
    }
}
