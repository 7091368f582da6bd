import Testing

@testable import CalculatorService

/// `--cors-origin`'s values read into a `CORSPolicy`, and what it answers to a request's `Origin`.
@Suite struct CORSPolicyTests {
    @Test func starAllowsEveryOriginWithoutVarying() throws {
        let policy = try CORSPolicy(parsing: "*")
        #expect(policy == .anyOrigin)
        #expect(policy.allowOrigin(for: "https://anywhere.example") == "*")
        #expect(!policy.variesByOrigin)
        #expect(policy.description == "*")
    }

    @Test func aListAllowsItsOriginsOnlyAndEchoesThem() throws {
        let policy = try CORSPolicy(parsing: "https://calc.example, http://localhost:5173")
        #expect(policy.origins == ["https://calc.example", "http://localhost:5173"])
        #expect(policy.allowOrigin(for: "https://calc.example") == "https://calc.example")
        #expect(policy.allowOrigin(for: "http://localhost:5173") == "http://localhost:5173")
        #expect(policy.allowOrigin(for: "http://calc.example") == nil)  // another scheme is another origin
        #expect(policy.allowOrigin(for: "https://calc.example:8443") == nil)
        #expect(policy.allowOrigin(for: "https://calc.example.evil.test") == nil)
        #expect(policy.allowOrigin(for: "null") == nil)
        #expect(policy.variesByOrigin)
        #expect(policy.description == "https://calc.example, http://localhost:5173")
    }

    @Test func repeatedFlagsAndCommaListsAddUp() throws {
        let policy = try CORSPolicy(parsing: ["https://a.example", "https://b.example,https://c.example", "https://a.example"])
        #expect(policy.origins == ["https://a.example", "https://b.example", "https://c.example"])
    }

    @Test(arguments: [
        ("HTTPS://Calc.Example", "https://calc.example"), ("https://calc.example/", "https://calc.example"),
        ("https://calc.example:443", "https://calc.example"), ("http://calc.example:80", "http://calc.example"),
        ("http://calc.example:8080", "http://calc.example:8080"), ("http://[::1]:8080", "http://[::1]:8080"),
        ("http://[::1]", "http://[::1]"), ("capacitor://localhost", "capacitor://localhost"),
    ])
    func originsAreKeptAsBrowsersSendThem(_ given: String, _ kept: String) throws {
        #expect(try CORSPolicy(parsing: given).origins == [kept])
    }

    @Test func originsCompareWithoutRegardToASCIICase() throws {
        let policy = try CORSPolicy(parsing: "https://calc.example")
        #expect(policy.allowOrigin(for: "https://CALC.example") == "https://CALC.example")
        #expect(policy.allowOrigin(for: "https://calc.exampl") == nil)
        #expect(policy.allowOrigin(for: "https://calc.example1") == nil)
    }

    @Test(arguments: [
        "calc.example", "https://", "https://calc.example/path", "https://calc.example?x", "https://user@calc.example",
        "https://calc.example:0", "https://calc.example:99999", "https://calc.example:port", "1http://calc.example",
        "https://:8080", "", " , ",
    ])
    func refusesWhatIsNotAnOrigin(_ text: String) {
        #expect(throws: CORSPolicy.InvalidOrigin.self) { try CORSPolicy(parsing: text) }
    }

    @Test func starCannotBeListedWithOrigins() {
        #expect(throws: CORSPolicy.InvalidOrigin("* allows every origin, so it cannot be listed with others")) {
            try CORSPolicy(parsing: ["*", "https://calc.example"])
        }
    }
}
