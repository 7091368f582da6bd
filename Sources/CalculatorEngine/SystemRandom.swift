/// The system's random source (`SystemRandomNumberGenerator`) for the `rand` key, as every caller of `apply`,
/// `init(pressing:)` and `init(evaluating:)` passes it.
///
/// It holds a byte where the system's generator holds nothing, so that it has an address. Swift gives a value of no
/// size none (an undefined one), and a build with `--sanitize=thread` reports every `inout` argument of generic code
/// (`random: inout some RandomNumberGenerator`) to ThreadSanitizer by address: given an undefined one, its runtime
/// reads shadow memory that does not exist and the process dies with a SEGV. The compiler skips the report only where
/// it sees the type is empty, never in generic code (scripts/sanitizer-repro/empty-inout.swift shows it).
public struct SystemRandom: RandomNumberGenerator {
    private var addressable: UInt8 = 0

    public init() {}

    public mutating func next() -> UInt64 {
        var system = SystemRandomNumberGenerator()
        return system.next()
    }
}
