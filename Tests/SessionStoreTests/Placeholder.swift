import Testing

@Test func placeholderSessionStoreTests() { #expect(Bool(true)) }
