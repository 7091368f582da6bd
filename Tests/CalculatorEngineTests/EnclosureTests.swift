@testable import CalculatorEngine
import Testing

/// The interval functions behind certified displays (`Enclosure+Functions+C.swift`) on intervals whose ends have
/// opposite signs, where |x| is taken over both sides of 0.
@Suite struct EnclosureTests {
    /// [−3, 2] as bounds alone, in the stored form's hexadecimal text.
    static func acrossZero() throws -> Enclosure {
        try #require(Enclosure.decoded("-3@0:2@0:0")).bounds
    }

    static func ends(_ bounds: Enclosure) -> (lower: Number, upper: Number) {
        (.real(bounds.end(upper: false)), .real(bounds.end(upper: true)))
    }

    /// x² over [−3, 2] is [0, 9]: the larger end is the negative one's square. Run on many threads at once, since a
    /// pointer into a freed interval shows only when another thread reuses its memory.
    @Test func squareOfAnIntervalAcrossZero() async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    for _ in 0..<2_000 {
                        let square = try #require(try Self.acrossZero().applying(.square, angle: .rad, precision: 256))
                        let (lower, upper) = Self.ends(square)
                        #expect(Number.compare(lower, .integer(0)) == 0)
                        #expect(Number.compare(upper, .integer(9)) == 0)
                    }
                }
            }
            try await group.waitForAll()
        }
    }

    /// cosh over [−3, 2] is [cosh 0, cosh 3] = [1, 10.0677…].
    @Test func coshOfAnIntervalAcrossZero() throws {
        let cosh = try #require(try Self.acrossZero().applying(.cosh, angle: .rad, precision: 256))
        let (lower, upper) = Self.ends(cosh)
        #expect(Number.compare(lower, .integer(1)) == 0)
        #expect(Number.compare(upper, .fraction(1006, 100)) > 0 && Number.compare(upper, .fraction(1007, 100)) < 0)
    }
}
