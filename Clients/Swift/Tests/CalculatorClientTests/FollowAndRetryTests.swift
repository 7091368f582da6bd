import CalculatorClient
import Foundation
import HTTPTypes
import OpenAPIRuntime
import Synchronization
import Testing

/// What the hand-written parts add to the generated client, against the real server: typed live events with their
/// ends, an `Idempotency-Key` on every press, and 429s waited out.
@Suite struct FollowAndRetryTests {
    /// Records the `Idempotency-Key` of each press it sees (it runs after `PressRetryMiddleware`).
    final class KeyRecorder: ClientMiddleware, Sendable {
        let keys = Mutex<[String?]>([])

        func intercept(
            _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
            next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
        ) async throws -> (HTTPResponse, HTTPBody?) {
            if operationID == "pressKeys" { keys.withLock { $0.append(request.headerFields[HTTPField.Name("Idempotency-Key")!]) } }
            return try await next(request, body, baseURL)
        }
    }

    private func keys(_ sequence: String) -> Components.Schemas.PressRequest {
        .KeyBatch(.init(keys: .KeySequence(sequence)))
    }

    @Test func followingYieldsEachStateWithItsSettingsThenTheEnd() async throws {
        let server = try ServerProcess()
        let client = Client(calculatorAt: server.url)
        let id = try await client.createSession().created.body.json.id
        var events = followSession(at: server.url, id: id, token: nil).makeAsyncIterator()
        guard case .state(let first) = try await events.next() else { Issue.record("no first state"); return }
        #expect(first.version == 1 && first.mode == .scientific)
        _ = try await client.patchSession(path: .init(id: id), body: .json(.init(mode: .immediate, notation: .fixed, locale: "de-DE"))).ok
        guard case .state(let changed) = try await events.next() else { Issue.record("no second state"); return }
        #expect(changed.version == 2 && changed.mode == .immediate && changed.notation == .fixed && changed.locale == "de-DE")
        _ = try await client.deleteSession(path: .init(id: id)).noContent
        #expect(try await events.next() == .ended(.deleted, sessionID: id))
        #expect(try await events.next() == nil)
    }

    @Test func revokingTheTokenEndsTheStream() async throws {
        let server = try ServerProcess(["--session-access", "tokens"])
        let created = try await Client(calculatorAt: server.url).createSession().created.body.json
        let owner = Client(calculatorAt: server.url, middlewares: [BearerTokenMiddleware(token: try #require(created.token))])
        let minted = try await owner.mintToken(path: .init(id: created.id), body: .json(.init(scope: .viewer))).created.body.json
        var events = followSession(at: server.url, id: created.id, token: minted.token).makeAsyncIterator()
        guard case .state = try await events.next() else { Issue.record("no first state"); return }
        _ = try await owner.revokeToken(path: .init(id: created.id, tokenId: minted.id)).noContent
        #expect(try await events.next() == .ended(.revoked, sessionID: created.id))
    }

    @Test func aRefusedStreamThrowsItsProblem() async throws {
        let server = try ServerProcess()
        do {
            for try await _ in followSession(at: server.url, id: "nobody-here", token: nil) {}
            Issue.record("a stream of no session was followed")
        } catch let refused as SessionStreamRefused {
            #expect(refused.status == 404 && refused.problem?.status == 404)
        }
    }

    @Test func eachPressCarriesAnIdempotencyKeyOfItsOwn() async throws {
        let server = try ServerProcess()
        let recorder = KeyRecorder()
        let client = Client(calculatorAt: server.url, middlewares: [recorder])
        let id = try await client.createSession().created.body.json.id
        _ = try await client.pressKeys(path: .init(id: id), body: .json(keys("7"))).ok
        _ = try await client.pressKeys(path: .init(id: id), body: .json(keys("7"))).ok
        let sent = recorder.keys.withLock { $0 }
        #expect(sent.count == 2 && sent.allSatisfy { $0 != nil } && sent[0] != sent[1])
    }

    @Test func aTooManyRequestsIsWaitedOutOrComesBack() async throws {
        let server = try ServerProcess(["--press-rate", "1"])
        let impatient = Client(calculatorAt: server.url, retries: 0)
        let id = try await impatient.createSession().created.body.json.id
        _ = try await impatient.pressKeys(path: .init(id: id), body: .json(keys("1 + 2 + 3 ="))).ok
        let busy = try await impatient.pressKeys(path: .init(id: id), body: .json(keys("4"))).tooManyRequests
        #expect(Int(busy.headers.retryAfter ?? "") ?? 0 > 0)
        let patient = Client(calculatorAt: server.url, retries: 3)
        let pressed = try await patient.pressKeys(path: .init(id: id), body: .json(keys("4"))).ok.body.json
        #expect(pressed.display == "4" && pressed.version == 3)
    }
}
