import CalculatorEngine

extension PressRequest {
    /// Presses of more keys than this are applied on long work (`LongWork`), off the event loops
    /// and the store's thread: their work grows with the keys, and on a large session one request of the most keys
    /// allowed (`--max-keys`) would hold a loop far longer than any other request. Fewer keys are applied where the
    /// store applies any update, which costs no thread hop or read.
    static let inPlaceKeyLimit = 16

    /// More keys than `inPlaceKeyLimit`, or a key whose work grows with its operand's size (`Key.mayTakeLong`: EE,
    /// xʸ, most functions), which one key can make as long as thousands of others.
    var isLong: Bool {
        if rest.isEmpty { return first.mayTakeLong }
        return keyCount > Self.inPlaceKeyLimit || first.mayTakeLong || rest.contains(where: \.mayTakeLong)
    }
}
