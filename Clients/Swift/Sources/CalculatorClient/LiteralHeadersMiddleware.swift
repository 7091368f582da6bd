public import Foundation
public import HTTPTypes
public import OpenAPIRuntime

/// Sends the header parameters of openapi.yaml (`If-Match`, `Idempotency-Key`) as written. The OpenAPI runtime
/// percent-encodes every header parameter, so an entity tag `"7"` would leave as `%227%22`, which is no entity tag:
/// the server refuses it with 400. The runtime's encoding is always reversible, so decoding gives back exactly the
/// value the caller passed.
public struct LiteralHeadersMiddleware: ClientMiddleware {
    static let names: [HTTPField.Name] = [.ifMatch, HTTPField.Name("Idempotency-Key")!]

    public init() {}

    public func intercept(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        var request = request
        for name in Self.names {
            if let value = request.headerFields[name], let literal = value.removingPercentEncoding {
                request.headerFields[name] = literal
            }
        }
        return try await next(request, body, baseURL)
    }
}
