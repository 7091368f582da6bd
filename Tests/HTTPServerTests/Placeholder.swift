import Testing

@Test func placeholderHTTPServerTests() { #expect(Bool(true)) }
