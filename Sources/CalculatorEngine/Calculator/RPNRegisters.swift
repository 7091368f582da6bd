/// RPN mode's stack above X (HP's Y, Z and T), LASTx and the stack-lift flag. X is the operation stack's shown value
/// or typed entry, so typing, the display and the expression text are every mode's; these are what RPN adds, kept
/// behind one reference in the state (`CalculatorState.rpn`, nil in the other modes).
///
/// The stack-lift rules are HP's: a number typed or recalled after an operation pushes X up (T is lost); ENTER copies
/// X into Y and disables the lift, so the next number replaces X; CLx disables it too; every other operation enables
/// it. An operator takes Y and X, the stack drops, and T is copied down (it repeats).
struct RPNRegisters: Sendable, Equatable {
    /// nil for 0, so that a fresh stack allocates no number.
    var y: Number?
    var z: Number?
    var t: Number?
    /// The X the last operator or function took; nil before any.
    var lastX: Number?
    /// Whether the next number typed or recalled pushes X up.
    var liftEnabled = false

    init(y: Number? = nil, z: Number? = nil, t: Number? = nil, lastX: Number? = nil, liftEnabled: Bool = false) {
        self.y = y
        self.z = z
        self.t = t
        self.lastX = lastX
        self.liftEnabled = liftEnabled
    }

    /// X goes up into Y, Y into Z, Z into T; T is lost.
    mutating func lift(_ x: Number) {
        t = z
        z = y
        y = x
    }

    /// After an operator took Y and X: Z comes down into Y, T into Z, and T stays.
    mutating func drop() {
        y = z
        z = t
    }

    /// The numbers, for the budget every kept number shares, with a way to round each one that is exact.
    var keptBits: Int { [y, z, t, lastX].reduce(0) { $0 + ($1?.rationalBits ?? 0) } }
}
