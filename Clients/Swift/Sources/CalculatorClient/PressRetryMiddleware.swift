public import Foundation
public import HTTPTypes
public import OpenAPIRuntime

/// What presses need from a client, done once for every call: a press (`pressKeys`) without an `Idempotency-Key`
/// gets one of its own, so that a retry is replayed rather than pressed again, and a 429 or 503 with `Retry-After` is
/// waited out and the request sent again, up to `retries` times (then its typed reply comes back as it is). A
/// request whose body can be read only once is sent once.
public struct PressRetryMiddleware: ClientMiddleware {
    static let idempotencyKey = HTTPField.Name("Idempotency-Key")!
    static let retryAfter = HTTPField.Name("Retry-After")!
    let retries: Int
    let longestWait: Duration

    public init(retries: Int = 3, longestWait: Duration = .seconds(30)) {
        self.retries = retries
        self.longestWait = longestWait
    }

    public func intercept(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        var request = request
        if operationID == "pressKeys", request.headerFields[Self.idempotencyKey] == nil {
            request.headerFields[Self.idempotencyKey] = UUID().uuidString
        }
        // Kept whole, so that each attempt sends the same bytes (bodies here are small JSON).
        let bytes: ArraySlice<UInt8>? = if let body { try await ArraySlice(collecting: body, upTo: 1 << 20) } else { nil }
        var attempt = 0
        while true {
            let (response, responseBody) = try await next(request, bytes.map { HTTPBody($0) }, baseURL)
            guard response.status.code == 429 || response.status.code == 503, attempt < retries,
                let seconds = response.headerFields[Self.retryAfter].flatMap({ Int($0) })
            else { return (response, responseBody) }
            attempt += 1
            try await Task.sleep(for: min(.seconds(seconds), longestWait))
        }
    }
}
