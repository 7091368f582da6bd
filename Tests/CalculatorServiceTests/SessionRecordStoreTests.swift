import CalculatorEngine
import CalculatorService
import SessionStore
import Testing

/// `SessionRecord.memoryStore` is a non-generic front for `MemorySessionStore<SessionRecord>`: it must behave the same.
@Suite struct SessionRecordStoreTests {
    private static func record(after keys: [String]) throws -> SessionRecord {
        var state = CalculatorState()
        var random = SystemRandomNumberGenerator()
        for name in keys {
            state.apply(try #require(Key(name: name)), random: &random)
        }
        return SessionRecord(state: state)
    }

    @Test func createGetUpdateKeepAndDelete() throws {
        let store = SessionRecord.memoryStore()
        defer { store.close() }
        let id = SessionID.random()
        let empty = try Self.record(after: [])
        let seven = try Self.record(after: ["7"])

        #expect(try store.create(id, empty).version == 1)
        #expect(try store.get(id)?.value == empty)

        let (written, writeResult) = try store.update(id, expectedVersion: 1) { record, version -> Mutation<UInt64> in
            record = seven
            return .write(version)
        }
        #expect(written.version == 2)
        #expect(written.value == seven)
        #expect(writeResult == 1)

        let (kept, keepResult) = try store.update(id, expectedVersion: nil) { record, _ -> Mutation<String> in
            record = empty
            return .keep("kept")
        }
        #expect(kept.version == 2)
        #expect(kept.value == seven)
        #expect(keepResult == "kept")
        #expect(try store.get(id)?.value == seven)

        #expect(throws: SessionStoreError.versionMismatch(current: 2)) {
            try store.update(id, expectedVersion: 1) { _, _ -> Mutation<Void> in .write(()) }
        }
        #expect(try store.count() == 1)
        try store.delete(id, expectedVersion: 2)
        #expect(try store.get(id) == nil)
        #expect(throws: SessionStoreError.notFound) { try store.delete(id, expectedVersion: nil) }
    }
}
