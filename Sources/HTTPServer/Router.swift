/// Values of the `:name` segments of the pattern that matched, not percent-decoded (like `Request.path`).
public struct RouteParameters: Sendable {
    private var pairs: [(name: String, value: String)]

    init(_ pairs: [(name: String, value: String)] = []) {
        self.pairs = pairs
    }

    public subscript(_ name: String) -> String? {
        pairs.first { $0.name == name }?.value
    }
}

public enum RouteMatch: Sendable {
    case found(@Sendable (Request, RouteParameters) -> Response, RouteParameters)
    /// The path exists under other methods; sorted, ready for an `Allow` header.
    case methodNotAllowed(allowed: [String])
    case notFound
}

/// Maps a method and a path to a handler. Knows nothing else.
///
/// Patterns are '/'-separated segments; a `:name` segment matches one non-empty segment. Matching is exact:
/// a trailing slash is significant ("/sessions/" does not match "/sessions"), there is no wildcard and no
/// percent-decoding. Where two patterns match one path, the one with a literal segment at the first position
/// where they differ wins ("/sessions/new" before "/sessions/:id"). HEAD falls back to the GET handler when no
/// HEAD handler is registered (the server then sends the headers without the body), so `allowed` lists HEAD
/// wherever GET is.
public struct Router: Sendable {
    public typealias Handler = @Sendable (Request, RouteParameters) -> Response

    private enum Segment: Sendable, Equatable {
        case literal([UInt8])
        case parameter(String)
    }

    private struct Route: Sendable {
        let segments: [Segment]
        var handlers: [(method: String, handler: Handler)]

        func handler(for method: String) -> Handler? {
            if let exact = handlers.first(where: { $0.method == method }) { return exact.handler }
            if method == "HEAD" { return handlers.first { $0.method == "GET" }?.handler }
            return nil
        }
    }

    /// Kept ordered most specific first, so the first match that has the method is the right one.
    private var routes: [Route] = []

    public init() {}

    /// Registers `handler` for `method` on `pattern` ("/sessions", "/sessions/:id/press"); registering the same
    /// method and pattern again replaces the handler.
    public mutating func add(_ method: String, _ pattern: String, _ handler: @escaping Handler) {
        let segments = Self.parse(pattern)
        if let existing = routes.firstIndex(where: { $0.segments == segments }) {
            routes[existing].handlers.removeAll { $0.method == method }
            routes[existing].handlers.append((method: method, handler: handler))
            return
        }
        let route = Route(segments: segments, handlers: [(method: method, handler: handler)])
        let position = routes.firstIndex { Self.isMoreSpecific(segments, than: $0.segments) } ?? routes.endIndex
        routes.insert(route, at: position)
    }

    public func match(method: String, path: String) -> RouteMatch {
        var path = path
        return path.withUTF8 { bytes in
            var allowed: [String] = []
            for route in routes where Self.matches(route.segments, bytes) {
                if let handler = route.handler(for: method) {
                    return .found(handler, Self.parameters(route.segments, bytes))
                }
                allowed.append(contentsOf: route.handlers.map(\.method))
            }
            if allowed.isEmpty { return .notFound }
            if allowed.contains("GET") { allowed.append("HEAD") }
            return .methodNotAllowed(allowed: Array(Set(allowed)).sorted())
        }
    }

    private static func parse(_ pattern: String) -> [Segment] {
        precondition(pattern.hasPrefix("/"), "a route pattern starts with '/': \(pattern)")
        if pattern == "/" { return [] }
        return pattern.utf8.dropFirst().split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).map { part in
            if part.first == UInt8(ascii: ":") {
                let name = String(decoding: part.dropFirst(), as: UTF8.self)
                precondition(!name.isEmpty, "a route parameter needs a name: \(pattern)")
                return .parameter(name)
            }
            return .literal(Array(part))
        }
    }

    private static func isMoreSpecific(_ a: [Segment], than b: [Segment]) -> Bool {
        for (x, y) in zip(a, b) {
            switch (x, y) {
            case (.literal, .parameter): return true
            case (.parameter, .literal): return false
            default: continue
            }
        }
        return false
    }

    /// Walks the path once, comparing segment by segment, without allocating.
    private static func matches(_ segments: [Segment], _ path: UnsafeBufferPointer<UInt8>) -> Bool {
        guard path.first == UInt8(ascii: "/") else { return false }
        if segments.isEmpty { return path.count == 1 }
        var start = 1
        for (index, segment) in segments.enumerated() {
            guard start <= path.count else { return false }
            var end = start
            while end < path.count, path[end] != UInt8(ascii: "/") { end += 1 }
            let isLast = index == segments.count - 1
            if isLast != (end == path.count) { return false }
            switch segment {
            case .literal(let literal):
                guard literal.count == end - start else { return false }
                for offset in 0..<literal.count where literal[offset] != path[start + offset] { return false }
            case .parameter:
                guard end > start else { return false }
            }
            start = end + 1
        }
        return true
    }

    /// Only called after `matches` said yes, so the shapes agree.
    private static func parameters(_ segments: [Segment], _ path: UnsafeBufferPointer<UInt8>) -> RouteParameters {
        var pairs: [(name: String, value: String)] = []
        var start = 1
        for segment in segments {
            var end = start
            while end < path.count, path[end] != UInt8(ascii: "/") { end += 1 }
            if case .parameter(let name) = segment {
                pairs.append((name: name, value: String(decoding: UnsafeBufferPointer(rebasing: path[start..<end]), as: UTF8.self)))
            }
            start = end + 1
        }
        return RouteParameters(pairs)
    }
}
