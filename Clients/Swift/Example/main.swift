import CalculatorClient
import Foundation

let server = URL(string: CommandLine.arguments.dropFirst().first ?? "http://127.0.0.1:8080")!
let session = try await Client(calculatorAt: server).createSession(body: .json(.init(angle: .rad))).created.body.json
let client = Client(calculatorAt: server, retries: 0, middlewares: [BearerTokenMiddleware(token: session.token!)])  // 0: a 429 comes back
for try await event in followSession(at: server, id: session.id, token: session.token) {  // a second connection: the state now, then each new version, then the end
    switch event {
    case .ended(let reason, _): print("ended:", reason.rawValue)  // deleted
    case .state(let state) where state.version == 1: _ = try await client.pressKeys(path: .init(id: session.id), body: .json(.KeyBatch(.init(keys: .KeySequence("12 + 30 =")))))
    case .state(let state):
        print(state.display, state.mode.rawValue, state.angle.rawValue)  // 42 scientific rad
        if case .tooManyRequests(let busy) = try await client.pressKeys(path: .init(id: session.id), body: .json(.KeyBatch(.init(keys: .KeySequence("× 2 ="))))) { print("429: again in", busy.headers.retryAfter ?? "?", "s") }
        if case .preconditionFailed(let stale) = try await client.patchSession(path: .init(id: session.id), headers: .init(ifMatch: "\"1\""), body: .json(.init(digits: 20))) { print("412: now at version", try stale.body.applicationProblemJson.currentVersion ?? 0) }
        _ = try await client.deleteSession(path: .init(id: session.id))
    }
}
