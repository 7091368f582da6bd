public enum RouteMatch: Sendable {
    case found(Router.Handler, RouteParameters)
    /// The path exists under other methods; sorted, ready for an `Allow` header.
    case methodNotAllowed(allowed: [String])
    case notFound
}

/// Maps a method and a path to a handler. Knows nothing else.
///
/// A pattern is '/'-separated segments; a `{name}` (or `:name`) segment matches one non-empty segment, any other
/// segment itself. Matching is exact: a trailing slash is significant ("/sessions/" does not match "/sessions"),
/// there is no wildcard and no percent-decoding. Where two patterns match one path, the one with a literal segment
/// at the first position where they differ wins ("/sessions/new" before "/sessions/{id}"). HEAD falls back to the
/// GET handler when no HEAD handler is registered (the server then sends the headers without the body), so
/// `allowed` lists HEAD wherever GET is.
///
/// The patterns form a tree, one node per segment: a path is matched by one walk over its bytes, segment by
/// segment down the tree, trying a node's literal children before its parameter child.
public struct Router: Sendable {
    public typealias Handler = @Sendable (borrowing Request, RouteParameters) -> Response

    /// The start of every path, before its first segment.
    private var root = Node()

    public init() {}

    /// Registers `handler` for `method` on `pattern` ("/sessions", "/sessions/{id}/press"); registering the same
    /// method and pattern again replaces the handler.
    public mutating func add(_ method: String, _ pattern: String, _ handler: @escaping Handler) {
        precondition(pattern.hasPrefix("/"), "a route pattern starts with '/': \(pattern)")
        var segments: [Segment] = []
        var names: [String] = []
        for part in pattern.utf8.dropFirst().split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false) {
            let text = String(decoding: part, as: UTF8.self)
            if let name = Self.parameterName(text) {
                precondition(!name.isEmpty, "a route parameter needs a name: \(pattern)")
                names.append(name)
                segments.append(.parameter)
            } else {
                segments.append(.literal(Array(part)))
            }
        }
        precondition(names.count <= ParameterValues.capacity, "a route has at most \(ParameterValues.capacity) parameters: \(pattern)")
        root.add(Endpoint(method: method, handler: handler), at: segments[...], pattern: pattern, parameterNames: names)
    }

    /// "id" for "{id}" or ":id", nil for a literal segment.
    private static func parameterName(_ segment: String) -> String? {
        if segment.hasPrefix(":") { return String(segment.dropFirst()) }
        if segment.count >= 2, segment.hasPrefix("{"), segment.hasSuffix("}") { return String(segment.dropFirst().dropLast()) }
        return nil
    }

    public func match(method: String, path: String) -> RouteMatch {
        match(method: method, pathUTF8: Array(path.utf8))
    }

    /// The match for a path's bytes (`Request.pathUTF8`), which the parameters share.
    public func match(method: String, pathUTF8 path: [UInt8]) -> RouteMatch {
        var found: RouteMatch?
        forEachRoute(matching: path) { route, values in
            guard let handler = route.handler(for: method) else { return false }
            found = .found(handler, RouteParameters(route: route.pattern, names: route.parameterNames, path: path, values: values))
            return true
        }
        if let found { return found }
        // The 404/405 decision, off the hot path.
        var allowed = Set<String>()
        forEachRoute(matching: path) { route, _ in
            allowed.formUnion(route.methods)
            return false
        }
        if allowed.isEmpty { return .notFound }
        if allowed.contains("GET") { allowed.insert("HEAD") }
        return .methodNotAllowed(allowed: allowed.sorted())
    }

    /// Calls `visit` with each route whose pattern matches `path`, most specific first, until it returns true.
    private func forEachRoute(matching path: [UInt8], _ visit: (Route, ParameterValues) -> Bool) {
        let bytes = path.span
        guard !bytes.isEmpty, bytes[0] == UInt8(ascii: "/") else { return }
        var values = ParameterValues()
        _ = root.walk(bytes, from: 1, &values, visit)
    }
}

extension Router {
    private enum Segment {
        case literal([UInt8])
        case parameter
    }

    /// A struct, not a tuple: a closure inside a tuple inside an array is stored at maximal abstraction, and every
    /// call then goes through reabstraction thunks that copy the whole `Request`.
    private struct Endpoint: Sendable {
        let method: String
        let handler: Handler
    }

    /// One pattern and its handlers, by method.
    private struct Route: Sendable {
        let pattern: String
        let parameterNames: [String]
        var endpoints: [Endpoint] = []

        var methods: [String] { endpoints.map(\.method) }

        func handler(for method: String) -> Handler? {
            if let endpoint = endpoints.first(where: { $0.method == method }) { return endpoint.handler }
            if method == "HEAD" { return handler(for: "GET") }
            return nil
        }
    }

    /// A literal segment and the node it leads to.
    private struct Branch: Sendable {
        let segment: [UInt8]
        var node: Node

        func matches(_ path: Span<UInt8>, _ range: Range<Int>) -> Bool {
            guard segment.count == range.count else { return false }
            for offset in segment.indices where segment[offset] != path[range.lowerBound + offset] { return false }
            return true
        }
    }

    /// The patterns that share their first segments: the route that ends here, and what follows.
    private struct Node: Sendable {
        var route: Route?
        var literals: [Branch] = []
        /// The node after a parameter segment, if any pattern has one here (an array for the indirection only: it
        /// holds at most one node, whatever the parameters there are named).
        var parameter: [Node] = []

        mutating func add(_ endpoint: Endpoint, at segments: ArraySlice<Segment>, pattern: String, parameterNames: [String]) {
            guard let segment = segments.first else {
                var route = route ?? Route(pattern: pattern, parameterNames: parameterNames)
                precondition(route.pattern == pattern, "\(pattern) is \(route.pattern) spelled differently")
                route.endpoints.removeAll { $0.method == endpoint.method }
                route.endpoints.append(endpoint)
                self.route = route
                return
            }
            let rest = segments.dropFirst()
            switch segment {
            case .literal(let bytes):
                if let index = literals.firstIndex(where: { $0.segment == bytes }) {
                    literals[index].node.add(endpoint, at: rest, pattern: pattern, parameterNames: parameterNames)
                } else {
                    var branch = Branch(segment: bytes, node: Node())
                    branch.node.add(endpoint, at: rest, pattern: pattern, parameterNames: parameterNames)
                    literals.append(branch)
                }
            case .parameter:
                if parameter.isEmpty { parameter.append(Node()) }
                parameter[0].add(endpoint, at: rest, pattern: pattern, parameterNames: parameterNames)
            }
        }

        /// Matches the segment at `start` (just after a '/') against this node's children, then what follows it;
        /// true once `visit` has accepted a route.
        func walk(
            _ path: Span<UInt8>, from start: Int, _ values: inout ParameterValues, _ visit: (Route, ParameterValues) -> Bool
        ) -> Bool {
            var end = start
            while end < path.count, path[end] != UInt8(ascii: "/") { end += 1 }
            for index in literals.indices where literals[index].matches(path, start..<end) {
                if literals[index].node.follow(path, after: end, &values, visit) { return true }
            }
            if !parameter.isEmpty, end > start {
                values.append(start..<end)
                if parameter[0].follow(path, after: end, &values, visit) { return true }
                values.removeLast()
            }
            return false
        }

        /// This node's route when the path ends at `end`, else the path's next segment.
        private func follow(
            _ path: Span<UInt8>, after end: Int, _ values: inout ParameterValues, _ visit: (Route, ParameterValues) -> Bool
        ) -> Bool {
            guard end == path.count else { return walk(path, from: end + 1, &values, visit) }
            guard let route else { return false }
            return visit(route, values)
        }
    }
}
