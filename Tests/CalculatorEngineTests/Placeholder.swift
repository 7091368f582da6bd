import Testing

@Test func placeholderCalculatorEngineTests() { #expect(Bool(true)) }
