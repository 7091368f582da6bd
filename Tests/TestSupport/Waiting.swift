import Foundation

/// Polls `condition`, pausing `pause` between tries, until it holds or `seconds` have passed; whether it held.
///
/// The bound only ends a test whose event never comes. What takes a millisecond alone can take seconds on a loaded
/// machine (the whole suite runs at once on two cores, and again under the sanitizers), so a bound near the event's
/// usual time fails correct runs; nothing is asserted about how long the wait took.
public func eventually(within seconds: Int = 30, every pause: Duration = .milliseconds(1), _ condition: () throws -> Bool) rethrows -> Bool {
    let deadline = ContinuousClock.now + .seconds(seconds)
    while true {
        if try condition() { return true }
        if ContinuousClock.now >= deadline { return false }
        Thread.sleep(forTimeInterval: Double(pause.components.attoseconds) / 1e18 + Double(pause.components.seconds))
    }
}
