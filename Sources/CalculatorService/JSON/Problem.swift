import HTTPServer

/// Every failure the API reports, with its HTTP meaning. Rendered in exactly one place (`response`) as
/// RFC 9457 application/problem+json.
struct Problem: Error, Sendable, Equatable {
    enum Kind: String, Sendable, CaseIterable {
        case malformedJSON = "malformed-json"
        case invalidRequest = "invalid-request"
        case unknownKey = "unknown-key"
        case keyRefused = "key-refused"
        case invalidExpression = "invalid-expression"
        case tooManyKeys = "too-many-keys"
        case invalidSettings = "invalid-settings"
        case invalidSessionID = "invalid-session-id"
        case sessionNotFound = "session-not-found"
        case notFound = "not-found"
        case methodNotAllowed = "method-not-allowed"
        case unsupportedMediaType = "unsupported-media-type"
        case bodyTooLarge = "body-too-large"
        case preconditionFailed = "precondition-failed"
        case invalidIdempotencyKey = "invalid-idempotency-key"
        case idempotencyKeyReused = "idempotency-key-reused"
        case sessionTooLarge = "session-too-large"
        case unauthorized = "unauthorized"
        case forbidden = "forbidden"
        case tokenNotFound = "token-not-found"
        case tooManyTokens = "too-many-tokens"
        case rateLimited = "rate-limited"
        case tooManySessions = "too-many-sessions"
        case tooManyWatchers = "too-many-watchers"
        case tooManySessionWatchers = "too-many-session-watchers"
        case storeUnavailable = "store-unavailable"
        case outcomeUnknown = "outcome-unknown"
        case internalError = "internal-error"
        /// A well-formed conversion the units or the value cannot make (issue 37).
        case invalidConversion = "invalid-conversion"
        /// A date that does not exist, or a result outside the calendar (issue 37).
        case invalidDate = "invalid-date"
        /// Well-formed points a data set cannot take: a coordinate that is no number in range, values mixed with pairs,
        /// a point the set does not have (issue 48).
        case invalidData = "invalid-data"

        var status: Int {
            switch self {
            case .malformedJSON, .invalidRequest, .unknownKey, .invalidExpression, .invalidSessionID, .invalidIdempotencyKey: 400
            case .unauthorized: 401
            case .forbidden: 403
            case .tokenNotFound: 404
            case .tooManyTokens: 422
            case .sessionNotFound, .notFound: 404
            case .methodNotAllowed: 405
            case .preconditionFailed: 412
            case .bodyTooLarge, .tooManyKeys: 413
            case .unsupportedMediaType: 415
            case .rateLimited, .tooManyWatchers: 429
            case .invalidSettings, .keyRefused, .idempotencyKeyReused, .sessionTooLarge, .invalidConversion, .invalidDate, .invalidData: 422
            case .internalError: 500
            case .tooManySessions, .tooManySessionWatchers, .storeUnavailable, .outcomeUnknown: 503
            }
        }

        var title: String {
            switch self {
            case .malformedJSON: "Malformed JSON"
            case .invalidRequest: "Invalid request"
            case .unknownKey: "Unknown key"
            case .keyRefused: "Key refused"
            case .invalidExpression: "Invalid expression"
            case .tooManyKeys: "Too many keys"
            case .invalidSettings: "Invalid settings"
            case .invalidSessionID: "Invalid session id"
            case .sessionNotFound: "Session not found"
            case .notFound: "Not found"
            case .methodNotAllowed: "Method not allowed"
            case .unsupportedMediaType: "Unsupported media type"
            case .bodyTooLarge: "Request body too large"
            case .preconditionFailed: "Precondition failed"
            case .invalidIdempotencyKey: "Invalid Idempotency-Key"
            case .idempotencyKeyReused: "Idempotency-Key reused with a different request"
            case .sessionTooLarge: "Session too large"
            case .unauthorized: "Unauthorized"
            case .forbidden: "Forbidden"
            case .tokenNotFound: "Token not found"
            case .tooManyTokens: "Too many tokens"
            case .rateLimited: "Too many requests"
            case .tooManySessions: "Too many sessions"
            case .tooManyWatchers: "Too many watchers from this client"
            case .tooManySessionWatchers: "Too many watchers of this session"
            case .storeUnavailable: "Session store unavailable"
            case .outcomeUnknown: "Outcome unknown"
            case .internalError: "Internal error"
            case .invalidConversion: "Invalid conversion"
            case .invalidDate: "Invalid date"
            case .invalidData: "Invalid data"
            }
        }
    }

    let kind: Kind
    let detail: String
    /// Extension members (RFC 9457 §3.2), e.g. the offending key and its index.
    var extensions: [(String, ExtensionValue)] = []
    /// Headers the status calls for: Allow, Retry-After.
    var headers: [(String, String)] = []

    enum ExtensionValue: Equatable, Sendable {
        case string(String)
        case int(Int)
    }

    init(_ kind: Kind, _ detail: String, extensions: [(String, ExtensionValue)] = [], headers: [(String, String)] = []) {
        self.kind = kind
        self.detail = detail
        self.extensions = extensions
        self.headers = headers
    }

    var status: Int { kind.status }

    static func == (lhs: Problem, rhs: Problem) -> Bool {
        lhs.kind == rhs.kind && lhs.detail == rhs.detail && lhs.extensions.elementsEqual(rhs.extensions, by: { $0 == $1 })
            && lhs.headers.elementsEqual(rhs.headers, by: { $0 == $1 })
    }

    /// The reply to `request`: this problem with the request's path as its `instance`.
    func response(to request: borrowing Request) -> Response {
        response(toPath: request.path)
    }

    /// The reply to a request for `path`: responses that come later keep the path, not the whole request with its
    /// headers and body.
    func response(toPath path: String) -> Response {
        response(instance: String(path.prefix(256)))
    }

    /// No route or file answers this path.
    static func notFound(_ request: borrowing Request) -> Problem {
        Problem(.notFound, "no resource at \(request.path.prefix(128))")
    }

    /// The body and headers of this problem; `instance` is the request path.
    func response(instance: String) -> Response {
        var json = JSONWriter()
        json.beginObject()
        json.field("type", "https://calculator.invalid/problems/\(kind.rawValue)")
        json.field("title", kind.title)
        json.field("status", status)
        json.field("detail", detail)
        json.field("instance", instance)
        for (name, value) in extensions {
            switch value {
            case let .string(text): json.member(name, text)
            case let .int(number): json.member(name, number)
            }
        }
        json.endObject()
        var response = Response(status: status, body: json.bytes)
        response.headers.set("Content-Type", "application/problem+json")
        for (name, value) in headers { response.headers.set(name, value) }
        return response
    }
}
