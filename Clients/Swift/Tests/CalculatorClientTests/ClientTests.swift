import CalculatorClient
import Foundation
import OpenAPIRuntime
import OpenAPIURLSession
import Testing

/// The Swift client generated from openapi.yaml, against the real server: the README tour's requests, typed replies
/// (a null `error` included), problems decoded by status, and `If-Match` sent as written.
@Suite struct ClientTests {
    let server: ServerProcess
    let client: Client
    let baseURL: URL

    init() throws {
        server = try ServerProcess()
        baseURL = server.url
        client = Client(calculatorAt: baseURL)
    }

    private func press(
        _ id: String, _ request: Components.Schemas.PressRequest, ifMatch: String? = nil, idempotencyKey: String? = nil
    ) async throws -> Operations.PressKeys.Output {
        try await client.pressKeys(
            path: .init(id: id), headers: .init(ifMatch: ifMatch, idempotencyKey: idempotencyKey), body: .json(request))
    }

    private func keys(_ sequence: String) -> Components.Schemas.PressRequest {
        .KeyBatch(.init(keys: .KeySequence(sequence)))
    }

    /// With session tokens (the server's default), the session's routes take the token the create answered with,
    /// sent by `BearerTokenMiddleware`; a viewer token reads and cannot press.
    @Test func aSessionsTokenGoesWithItsRequests() async throws {
        let guarded = try ServerProcess(["--session-access", "tokens"])
        let url = guarded.url
        let anonymous = Client(calculatorAt: url)
        let created = try await anonymous.putSession(path: .init(id: "tokens-swift")).created.body.json
        let token = try #require(created.token)
        _ = try await anonymous.getDisplay(path: .init(id: "tokens-swift")).unauthorized

        let owner = Client(calculatorAt: url, middlewares: [BearerTokenMiddleware(token: token)])
        let seven = try await owner.pressKeys(path: .init(id: "tokens-swift"), body: .json(.KeyPress(.init(key: .KeyName(.seven)))))
        #expect(try seven.ok.body.json.display == "7")
        let minted = try await owner.mintToken(path: .init(id: "tokens-swift"), body: .json(.init(scope: .viewer))).created.body.json
        let viewer = Client(calculatorAt: url, middlewares: [BearerTokenMiddleware(token: try #require(minted.token))])
        #expect(try await viewer.getDisplay(path: .init(id: "tokens-swift")).ok.body.json.display == "7")
        let refused = try await viewer.pressKeys(path: .init(id: "tokens-swift"), body: .json(.KeyPress(.init(key: .KeyName(.eight)))))
        #expect(try refused.forbidden.body.applicationProblemJson.status == 403)
    }

    @Test func theREADMETour() async throws {
        let created = try await client.putSession(path: .init(id: "tour-swift")).created
        #expect(created.headers.eTag == "\"1\"")
        let fresh = try created.body.json
        #expect(fresh.display == "0" && fresh.error == nil && fresh.memory == nil && fresh.mode == .scientific && fresh.version == 1)

        let sum = try await press("tour-swift", keys("0.1 + 0.2 =")).ok.body.json
        #expect(sum.display == "0.3" && sum.expression == "0.1 + 0.2" && sum.version == 2)

        let traced = try await press(
            "tour-swift", .KeyBatch(.init(keys: .KeyList([.KeyName(.three), .KeyName(.zero), .KeyName(.sin)]), trace: true))
        ).ok.body.json
        #expect(traced.steps?.map(\.display) == ["3", "30", "0.5"])
        let display = try await client.getDisplay(path: .init(id: "tour-swift")).ok.body.json
        #expect(display.display == "0.5" && display.expression == "sin(30)" && display.angle == .deg)

        let root = try await press("tour-swift", keys("AC 1 ÷ 3 × 3 = m+ 2 xʸ 0.5 =")).ok.body.json
        #expect(root.display == "1.414213562373095" && root.memory == "1")
        let history = try await client.getHistory(path: .init(id: "tour-swift")).ok.body.json
        #expect(history.history.map(\.result) == ["0.3", "1", "1.414213562373095"])

        let patched = try await client.patchSession(
            path: .init(id: "tour-swift"), headers: .init(ifMatch: "\"4\""), body: .json(.init(digits: 8))
        ).ok.body.json
        #expect(patched.display == "1.4142136" && patched.digits == 8 && patched.version == 5)

        let deleted = try await client.deleteSession(path: .init(id: "tour-swift"), headers: .init(ifMatch: "\"5\""))
        _ = try deleted.noContent
        _ = try await client.getSession(path: .init(id: "tour-swift")).notFound
    }

    /// The whole API, not only sessions: one-shot answers, units, dates and stream tickets.
    @Test func theRoutesBesideSessions() async throws {
        let answer = try await client.evaluate(body: .json(.ExpressionEvaluation(.init(expression: "2 + 3 × 4")))).ok.body.json
        #expect(answer.display == "14")
        let converted = try await client.convert(body: .json(.init(value: .case2("100"), from: "degF", to: "degC"))).ok.body.json
        #expect(converted.exact == "340/9" && converted.display == "37.77777777777778")
        let between = try await client.dateDifference(query: .init(from: "2024-01-31", to: "2024-03-01")).ok.body.json
        #expect(between.months == 1 && between.days == 1 && between.totalDays == 30)
        let units = try await client.listUnits().ok.body.json
        #expect(units.categories.first?.name == .length)
        let id = try await client.createSession().created.body.json.id
        let ticket = try await client.createStreamTicket(path: .init(id: id)).created.body.json
        #expect(ticket.scope == .stream && ticket.ticket != nil)
    }

    @Test func problemsDecodeByStatus() async throws {
        let id = try await client.createSession().created.body.json.id
        let unknown = try await press(id, .KeyBatch(.init(keys: .KeyList([.KeyName(.one), .KeyName(.add), .KeyAlias("banana")]))))
        let problem = try unknown.badRequest.body.applicationProblemJson
        #expect(problem.status == 400 && problem.key == "banana" && problem.index == 2)

        let stale = try await press(id, .KeyPress(.init(key: .KeyName(.seven))), ifMatch: "\"9\"")
        #expect(try stale.preconditionFailed.body.applicationProblemJson.currentVersion == 1)

        let error = try await press(id, keys("1 / 0 =")).ok.body.json
        #expect(error.display == "Error" && error.error?.code == "division_by_zero")
    }

    @Test func aliasesAndIdempotentRetries() async throws {
        let id = try await client.createSession(body: .json(.init(angle: .rad))).created.body.json.id
        let request = Components.Schemas.PressRequest.KeyBatch(.init(keys: .KeyList([.KeyAlias("π"), .KeyAlias("÷"), .KeyName(.two), .KeyName(.equals)])))
        let first = try await press(id, request, idempotencyKey: "retry/1").ok
        let again = try await press(id, request, idempotencyKey: "retry/1").ok
        #expect(first.headers.idempotentReplayed == nil && again.headers.idempotentReplayed == ._true)
        #expect(try first.body.json == again.body.json)
        #expect(try first.body.json.display == "1.570796326794897")
    }

    /// The catalog's names are exactly the document's `KeyName`, `StatisticsKeyName`, `ProgrammerKeyName` and
    /// `RPNKeyName` cases, in the catalog's order, so the enums cover every key of the server; each key says the modes
    /// it works in.
    @Test func keyNamesAreTheCatalogs() async throws {
        let catalog = try await client.listKeys().ok.body.json.keys
        let names = Components.Schemas.KeyName.allCases.map(\.rawValue) + Components.Schemas.StatisticsKeyName.allCases.map(\.rawValue)
            + Components.Schemas.ProgrammerKeyName.allCases.map(\.rawValue) + Components.Schemas.RPNKeyName.allCases.map(\.rawValue)
        #expect(catalog.map(\.name) == names)
        #expect(catalog.first { $0.name == "sqrt" }?.aliases == ["√", "²√x"])
        let clear = try #require(catalog.first { $0.name == "C" })
        #expect(clear.modes.scientific == .clear && clear.modes.programmer == .digit)
    }

    /// Programmer mode through the generated client: its settings, the radix lines, a refused key.
    @Test func programmerMode() async throws {
        let created = try await client.createSession(body: .json(.init(mode: .programmer, radix: .hex, word: ._16))).created.body.json
        let pressed = try await press(created.id, .KeyBatch(.init(keys: .KeySequence("F F xor 0 F ="))), idempotencyKey: nil).ok.body.json
        #expect(pressed.display == "F0" && pressed.radixes?.dec == "240" && pressed.word == ._16)
        let refused = try await client.pressKeys(path: .init(id: created.id), body: .json(keys("sin")))
        guard case .unprocessableContent(let problem) = refused else {
            Issue.record("expected 422, got \(refused)")
            return
        }
        #expect(try problem.body.applicationProblemJson.key == "sin")
    }

    /// The generated transport percent-encodes header parameters; without `LiteralHeadersMiddleware` the server
    /// cannot read the entity tag and says so with 400 instead of a misleading 412.
    @Test func ifMatchIsSentAsWritten() async throws {
        let id = try await client.createSession().created.body.json.id
        let plain = Client(serverURL: baseURL, transport: URLSessionTransport())
        let encoded = try await plain.pressKeys(path: .init(id: id), headers: .init(ifMatch: "\"1\""), body: .json(keys("7")))
        #expect(try encoded.badRequest.body.applicationProblemJson.detail.contains("If-Match"))
        let literal = try await press(id, keys("7"), ifMatch: "\"1\"")
        #expect(try literal.ok.body.json.version == 2)
    }
}
