public import Foundation
public import OpenAPIRuntime
import OpenAPIURLSession
#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif

extension Client {
    /// A client of the calculator service at `serverURL` over URLSession, sending `If-Match` and `Idempotency-Key`
    /// as written (`LiteralHeadersMiddleware`); `middlewares` run after it, e.g. one that adds an API key.
    public init(calculatorAt serverURL: URL, session: URLSession = .shared, middlewares: [any ClientMiddleware] = []) {
        self.init(
            serverURL: serverURL, transport: URLSessionTransport(configuration: .init(session: session)),
            middlewares: [LiteralHeadersMiddleware()] + middlewares)
    }
}
