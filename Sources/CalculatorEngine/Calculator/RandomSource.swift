/// What the `rand` key draws from: `apply(_:random:)`, `init(pressing:)` and `init(evaluating:)` take one.
///
/// A generator of its own kind rather than any `RandomNumberGenerator`, so that one of no size cannot be passed
/// (the system's `SystemRandomNumberGenerator` is one). Swift gives a value of no size no address (an undefined one),
/// and a build with `--sanitize=thread` reports every `inout` argument of generic code to ThreadSanitizer by address:
/// given an undefined one, its runtime reads shadow memory that does not exist and the process dies with a SEGV,
/// or not, as whatever the stack held before decides. The compiler skips the report only where it sees the type is
/// empty, never in generic code (scripts/sanitizer-repro/empty-inout.swift shows it). A conforming type has a stored
/// property.
public protocol RandomSource: RandomNumberGenerator {}

/// The system's random source for the `rand` key, as the service passes it: it holds a byte where the system's
/// generator holds nothing, so that it has an address (see `RandomSource`).
public struct SystemRandom: RandomSource {
    private var addressable: UInt8 = 0

    public init() {}

    public mutating func next() -> UInt64 {
        var system = SystemRandomNumberGenerator()
        return system.next()
    }
}
