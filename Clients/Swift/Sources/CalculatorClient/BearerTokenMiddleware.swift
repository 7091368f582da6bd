public import Foundation
public import HTTPTypes
public import OpenAPIRuntime

/// Sends `Authorization: Bearer <token>` with every request: a session's token (openapi.yaml's `sessionToken` scheme:
/// the owner's comes in `token` of the 201 that creates the session, others from `mintToken`), or the operator's API
/// key for creating sessions. swift-openapi-generator leaves security schemes to a middleware such as this one.
public struct BearerTokenMiddleware: ClientMiddleware {
    let token: String

    public init(token: String) {
        self.token = token
    }

    public func intercept(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        var request = request
        request.headerFields[.authorization] = "Bearer \(token)"
        return try await next(request, body, baseURL)
    }
}
