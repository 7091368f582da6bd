extension Key {
    /// Whether the key's work may grow with the size of its operand rather than stay a few exact operations on
    /// numbers a person typed: an exponent typed after EE (up to 10^±9999, tens of thousands of bits exact), xʸ, ʸ√x
    /// and logᵧ (MPFR works the base at the exponent's bits: (1 + 9·10^-6000)^(9·10^5999) takes milliseconds), and
    /// the functions whose argument MPFR needs at more bits the larger it is or the nearer a point where the function
    /// is flat (trigonometry of 10^9999 radians, ln near 1, x! and the other inverse pairs). Itself or as its 2nd
    /// function. A service runs presses and expressions with such a key off its event loops.
    public var mayTakeLong: Bool { KeyCatalog.mayTakeLong[Int(rawValue)] }
}

extension KeyCatalog {
    /// `Key.mayTakeLong` by raw value, worked out once so that a press reads one Bool.
    static let mayTakeLong: [Bool] = definitions.map { definition in
        definition.action.map(Self.mayTakeLong) == true || definition.inverse?.action.map(Self.mayTakeLong) == true
    }

    private static func mayTakeLong(_ action: KeyAction) -> Bool {
        switch action {
        case .exponent, .binary(.power), .binary(.root), .binary(.logBase): true
        // Exact products and quotients within `Budget.maxRationalBits`, or one MPFR root at the result's precision.
        case .unary(.square), .unary(.cube), .unary(.reciprocal), .unary(.squareRoot), .unary(.cubeRoot): false
        case .unary: true
        case .digit, .point, .binary, .negate, .percent, .constant, .random, .openParenthesis, .closeParenthesis, .equals,
            .allClear, .clear, .backspace, .memoryClear, .memoryAdd, .memorySubtract, .memoryRecall, .angle, .second,
            .variable, .undo, .redo, .convert, .memoryStore, .memoryEntry, .statistics:
            false
        }
    }
}
