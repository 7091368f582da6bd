import Testing

@Test func placeholderCalculatorServiceTests() { #expect(Bool(true)) }
