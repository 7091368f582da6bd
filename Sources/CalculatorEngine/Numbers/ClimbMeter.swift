/// How far a certified result's precision may climb where it is being worked out. A climb doubles the precision of a
/// recomputation from the derivation's exact rationals (`Arithmetic+Certified.swift`), and its cost grows faster than
/// the precision: 256 bits take microseconds, 65,536 can take seconds. The engine has no clock and knows nothing of
/// threads; whoever runs it binds a meter around the work (`Climbs.$meter.withValue`), and asks it afterwards whether
/// it said no. Android's calculator does the same: evaluation that would block the UI thread moves off it.
public protocol ClimbMeter: AnyObject, Sendable {
    /// Whether the climb may go on to `precision` bits; false ends it with Error (precision).
    func permits(precision: Int) -> Bool
}

public enum Climbs {
    /// The meter of the work running on this thread; nil lets every climb go to `Budget.maxCertifyingPrecision`.
    @TaskLocal public static var meter: (any ClimbMeter)?

    /// Whether the climb may go on to `precision` bits, by the budget and the bound meter.
    static func permit(_ precision: Int, budget: Budget) -> Bool {
        precision <= budget.maxCertifyingPrecision && meter?.permits(precision: precision) != false
    }
}
