import CalculatorEngine
import SessionStore
import Testing

@testable import CalculatorService

/// A press as a store runs it: a value whose check and change may run more than once (Redis after a conflict, the
/// long-press worker after another write), each run on a fresh copy making the same state.
@Suite struct PressUpdateTests {
    private func update(_ keys: String, seed: UInt64) throws -> PressUpdate {
        let press = try PressRequest.parse(Array("{\"keys\": \"\(keys)\"}".utf8), maxKeys: 100)
        return PressUpdate(id: SessionID.random(), press: press, precondition: try IfMatch(parsing: nil), idempotency: nil, seed: seed, access: .open)
    }

    private func display(after update: PressUpdate, on record: SessionRecord) -> String {
        var copy = record
        _ = update.change(&copy, version: 1)
        return copy.state.display
    }

    @Test func randDrawsFromTheSeedSoARunAgainMakesTheSameState() throws {
        let record = SessionRecord(state: CalculatorState())
        let press = try update("rand + rand =", seed: 42)
        let first = display(after: press, on: record)
        #expect(display(after: press, on: record) == first)
        #expect(display(after: try update("rand + rand =", seed: 43), on: record) != first)
    }

    @Test func onlyPressesWithRandDrawASeed() throws {
        #expect(try PressRequest.parse(Array(#"{"keys": "1 + rand ="}"#.utf8), maxKeys: 10).drawsRandom)
        #expect(try !PressRequest.parse(Array(#"{"keys": "1 + 2 ="}"#.utf8), maxKeys: 10).drawsRandom)
    }
}
