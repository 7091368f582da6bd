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
    /// The SQLite store's directory, removed with the client.
    private var scratch: URL?
    /// The Redis store's server, stopped with the client.
    private var redis: RedisServer?

    /// The service on `store` (a fresh file for SQLite, a private redis-server for Redis), configured further by
    /// `configure`.
    init(store: TestStore, maxBodySize: Int = 65_536, _ configure: (inout ServiceConfiguration) -> Void = { _ in }) throws {
        var configuration = ServiceConfiguration()
        configuration.sweepInterval = nil
        switch store {
        case .memory:
            configuration.store = .memory
        case .sqlite:
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("in-process-\(UUID().uuidString)")
            scratch = directory
            configuration.store = .sqlite(path: directory.appendingPathComponent("sessions.sqlite").path)
        case .redis:
            let redis = try RedisServer()
            self.redis = redis
            configuration.store = .redis(url: redis.url)
        }
        configure(&configuration)
        var logger = Logger(label: "in-process")
        logger.logLevel = .warning
        service = try CalculatorService.make(configuration, logger: logger)
        self.maxBodySize = maxBodySize
    }

    deinit {
        service.close()
        if let scratch { try? FileManager.default.removeItem(at: scratch) }
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
