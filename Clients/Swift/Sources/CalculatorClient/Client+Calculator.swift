public import Foundation
public import OpenAPIRuntime
import OpenAPIURLSession
#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif

extension Client {
    /// A client of the calculator service at `serverURL` over URLSession, sending `If-Match` and `Idempotency-Key`
    /// as written (`LiteralHeadersMiddleware`), giving each press an `Idempotency-Key` and waiting out a 429 or 503
    /// `retries` times (`PressRetryMiddleware`; 0: its typed reply comes back at once); `middlewares` run after them,
    /// e.g. `BearerTokenMiddleware` with a session's token.
    public init(
        calculatorAt serverURL: URL, session: URLSession = .shared, retries: Int = 3, middlewares: [any ClientMiddleware] = []
    ) {
        self.init(
            serverURL: serverURL, transport: URLSessionTransport(configuration: .init(session: session)),
            middlewares: [LiteralHeadersMiddleware(), PressRetryMiddleware(retries: retries)] + middlewares)
    }
}
