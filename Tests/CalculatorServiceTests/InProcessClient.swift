import CalculatorService
import Dispatch
import Foundation
import HTTPServer
import Logging
import Threading
import TestSupport
import Testing

/// The service built in this process by `CalculatorService.make`, as calculator-server builds it, and spoken to by
/// calling its responder: no binary, socket or port. What the HTTP server does around the responder (framing, the
/// body limit, Content-Length, Date) is the live tests' (`ServerProcess`) to check; `maxBodySize` stands in for the
/// body limit.
final class InProcessClient {
    let service: CalculatorService
    private let maxBodySize: Int
    /// The store's file or redis-server, removed or stopped once the service is closed.
    private let store: StoreFixture

    /// The service on `store` (a fresh file for SQLite, a private redis-server for Redis), configured further by
    /// `configure`.
    init(
        store: TestStore, maxBodySize: Int = 65_536, _ configure: (inout ServiceConfiguration) -> Void = { _ in },
        now: (@Sendable () -> Double)? = nil
    ) throws {
        self.store = try StoreFixture(store)
        var configuration = ServiceConfiguration()
        configuration.sweepInterval = nil
        configuration.store = self.store.location
        // Open access unless `configure` asks for tokens: the tests of other things use sessions by their id alone.
        configuration.sessionAccess = .open
        configure(&configuration)
        var logger = Logger(label: "in-process")
        logger.logLevel = .warning
        service = try CalculatorService.make(configuration, logger: logger, now: now)
        self.maxBodySize = maxBodySize
    }

    deinit {
        service.close()
    }

    /// The response to one request, once it is delivered (at once, or from the store's thread).
    func send(
        _ method: String, _ path: String, headers: [(String, String)] = [], body: [UInt8]? = nil, peerAddress: String = "127.0.0.1"
    ) throws -> HTTPResponse {
        let body = body ?? []
        let (target, query) = Self.split(path)
        let tooLarge = body.count > maxBodySize
        let request = Request(
            method: method, path: target, query: query, headers: RequestHeaders(headers), body: tooLarge ? [] : body,
            bodyLimitExceeded: tooLarge, peerAddress: peerAddress)
        let response = service.respond(to: request)
        let delivered = Lock<Response?>(nil)
        let arrived = DispatchSemaphore(value: 0)
        response.resolve { response in
            delivered.withLock { $0 = response }
            arrived.signal()
        }
        guard arrived.wait(timeout: .now() + 60) == .success, let response = delivered.withLock({ $0 }) else {
            throw InProcessClientError.noResponse("\(method) \(path)")
        }
        return HTTPResponse(status: response.status, headers: response.headers.map { ($0.name, $0.value) }, body: response.body)
    }

    /// A JSON body with its content type.
    func send(_ method: String, _ path: String, json: String, headers: [(String, String)] = []) throws -> HTTPResponse {
        try send(method, path, headers: [("Content-Type", "application/json")] + headers, body: Array(json.utf8))
    }

    private static func split(_ path: String) -> (String, String?) {
        guard let mark = path.firstIndex(of: "?") else { return (path, nil) }
        return (String(path[..<mark]), String(path[path.index(after: mark)...]))
    }
}

enum InProcessClientError: Error {
    case noResponse(String)
}
