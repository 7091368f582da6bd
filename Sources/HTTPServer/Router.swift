public enum RouteMatch: Sendable {
    case found(Router.Handler, RouteParameters)
    /// The path matches `route`, whose methods, sorted and ready for an `Allow` header, are `allowed`.
    case methodNotAllowed(allowed: [String], route: String)
    case notFound

    /// The pattern the path matched, for any method; nil when it matched none.
    public var route: String? {
        switch self {
        case .found(_, let parameters): parameters.route
        case .methodNotAllowed(_, let route): route
        case .notFound: nil
        }
    }
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

    /// The tree, as plain values so that a walk copies nothing reference-counted: each node by its index, the root
    /// (the path's start) first; a node's children are a list through `nextSibling`, literals before the parameter.
    private var nodes = [Node(literal: nil)]
    /// The literal segments' bytes, back to back (a node's `literal` is its range here).
    private var literalBytes: [UInt8] = []
    private var routes: [Route] = []
    /// Every route's handlers, by method.
    private var endpoints: [Endpoint] = []
    /// The methods handlers are registered for, each known by its place here: a node's `methods` has its bit.
    private var methods: [String] = []

    public init() {}

    /// Registers `handler` for `method` on `pattern` ("/sessions", "/sessions/{id}/press"); registering the same
    /// method and pattern again replaces the handler.
    public mutating func add(_ method: String, _ pattern: String, _ handler: @escaping Handler) {
        precondition(pattern.hasPrefix("/"), "a route pattern starts with '/': \(pattern)")
        var node = 0
        var names: [String] = []
        for part in pattern.utf8.dropFirst().split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false) {
            if let name = Self.parameterName(String(decoding: part, as: UTF8.self)) {
                precondition(!name.isEmpty, "a route parameter needs a name: \(pattern)")
                names.append(name)
                node = child(of: node, literal: nil)
            } else {
                node = child(of: node, literal: Array(part))
            }
        }
        precondition(names.count <= ParameterValues.capacity, "a route has at most \(ParameterValues.capacity) parameters: \(pattern)")
        if nodes[node].route == nil {
            nodes[node].route = routes.count
            routes.append(Route(pattern: pattern, parameterNames: names))
        }
        let route = nodes[node].route!
        precondition(routes[route].pattern == pattern, "\(pattern) is \(routes[route].pattern) spelled differently")
        endpoints.removeAll { $0.route == route && $0.method == method }
        endpoints.append(Endpoint(route: route, method: method, handler: handler))
        if !methods.contains(method) { methods.append(method) }
        precondition(methods.count <= 64, "a router knows at most 64 methods")
        nodes[node].methods |= bit(of: method)
    }

    /// "id" for "{id}" or ":id", nil for a literal segment.
    private static func parameterName(_ segment: String) -> String? {
        if segment.hasPrefix(":") { return String(segment.dropFirst()) }
        if segment.count >= 2, segment.hasPrefix("{"), segment.hasSuffix("}") { return String(segment.dropFirst().dropLast()) }
        return nil
    }

    /// The child of `parent` for this segment (nil: a parameter), added when there is none: a literal at the head of
    /// the children, the parameter at their end.
    private mutating func child(of parent: Int, literal: [UInt8]?) -> Int {
        var last: Int?
        var next = nodes[parent].firstChild
        while let index = next {
            let range = nodes[index].literal
            if range.map({ Array(literalBytes[$0]) }) == literal { return index }
            last = index
            next = nodes[index].nextSibling
        }
        var node = Node(literal: literal.map { literalBytes.count..<(literalBytes.count + $0.count) })
        literalBytes += literal ?? []
        let index = nodes.count
        if literal != nil || last == nil {
            node.nextSibling = nodes[parent].firstChild
            nodes[parent].firstChild = index
        } else if let last {
            nodes[last].nextSibling = index
        }
        nodes.append(node)
        return index
    }

    public func match(method: String, path: String) -> RouteMatch {
        match(method: method, pathUTF8: Array(path.utf8))
    }

    /// The match for a path's bytes (`Request.pathUTF8`), which the parameters share.
    public func match(method: String, pathUTF8 path: [UInt8]) -> RouteMatch {
        // HEAD is served by a GET handler where a route has no HEAD handler.
        let wanted = bit(of: method) | (method == "HEAD" ? bit(of: "GET") : 0)
        var values = ParameterValues()
        var seen: UInt64 = 0
        if let node = walk(path, accepting: wanted, &values, &seen), let route = nodes[node].route,
           let endpoint = endpoint(of: route, for: method) ?? (method == "HEAD" ? endpoint(of: route, for: "GET") : nil) {
            let parameters = RouteParameters(route: routes[route].pattern, names: routes[route].parameterNames, path: path, values: values)
            return .found(endpoints[endpoint].handler, parameters)
        }
        // The 404/405 decision, off the hot path: `seen` has the methods of every route whose pattern matched, and
        // a walk accepting any method finds the most specific of them.
        var allowed = methods.indices.filter { seen & 1 << UInt64($0) != 0 }.map { methods[$0] }
        var anyValues = ParameterValues()
        var anySeen: UInt64 = 0
        guard !allowed.isEmpty, let node = walk(path, accepting: .max, &anyValues, &anySeen), let route = nodes[node].route else {
            return .notFound
        }
        if allowed.contains("GET"), !allowed.contains("HEAD") { allowed.append("HEAD") }
        return .methodNotAllowed(allowed: allowed.sorted(), route: routes[route].pattern)
    }

    /// Every pattern registered, in the order of their first registration.
    public var patterns: [String] { routes.map(\.pattern) }

    /// Every method registered on `pattern`, in the order of registration (HEAD served by GET is not one).
    public func methods(of pattern: String) -> [String] {
        endpoints.filter { routes[$0.route].pattern == pattern }.map(\.method)
    }

    /// The method's bit in a node's `methods`; 0 for a method no handler is registered for.
    private func bit(of method: String) -> UInt64 {
        methods.firstIndex(of: method).map { 1 << UInt64($0) } ?? 0
    }

    /// The index in `endpoints` of the route's handler for `method`.
    private func endpoint(of route: Int, for method: String) -> Int? {
        endpoints.indices.first { endpoints[$0].route == route && endpoints[$0].method == method }
    }

    /// The node where the first pattern, most specific first, that matches `path` and has a handler for a method in
    /// `wanted` ends; the parameters' values are left in `values`, and the methods of every route passed over in `seen`.
    private func walk(_ path: [UInt8], accepting wanted: UInt64, _ values: inout ParameterValues, _ seen: inout UInt64) -> Int? {
        let bytes = path.span
        guard !bytes.isEmpty, bytes[0] == UInt8(ascii: "/") else { return nil }
        return Self.walk(bytes, below: 0, from: 1, in: nodes.span, literalBytes.span, accepting: wanted, &values, &seen)
    }

    /// Matches the segment at `start` (just after a '/') against the children of `parent`, literals first, then
    /// the rest of the path below the child that matched. Static, given spans of the router's arrays of plain values:
    /// a walk retains nothing.
    private static func walk(
        _ path: Span<UInt8>, below parent: Int, from start: Int, in nodes: Span<Node>, _ literalBytes: Span<UInt8>,
        accepting wanted: UInt64, _ values: inout ParameterValues, _ seen: inout UInt64
    ) -> Int? {
        var end = start
        while end < path.count, path[end] != UInt8(ascii: "/") { end += 1 }
        var next = nodes[parent].firstChild
        while let index = next {
            let node = nodes[index]
            next = node.nextSibling
            if let literal = node.literal {
                guard literalBytes.extracting(literal).hasSameBytes(as: path.extracting(start..<end)) else { continue }
            } else {
                guard end > start else { continue }
                values.append(start..<end)
            }
            if end < path.count {
                if let found = walk(path, below: index, from: end + 1, in: nodes, literalBytes, accepting: wanted, &values, &seen) {
                    return found
                }
            } else if node.methods & wanted != 0 {
                return index
            } else {
                seen |= node.methods
            }
            if node.literal == nil { values.removeLast() }
        }
        return nil
    }
}

extension Router {
    /// One segment of a pattern, after those of its parent.
    private struct Node: Sendable {
        /// The literal's bytes in `literalBytes`; nil for a parameter segment.
        let literal: Range<Int>?
        var firstChild: Int?
        var nextSibling: Int?
        /// The index in `routes` of the pattern that ends here, and a bit for each method it has a handler for.
        var route: Int?
        var methods: UInt64 = 0

        init(literal: Range<Int>?) {
            self.literal = literal
        }
    }

    /// A struct, not a tuple: a closure inside a tuple inside an array is stored at maximal abstraction, and every
    /// call then goes through reabstraction thunks that copy the whole `Request`.
    private struct Endpoint: Sendable {
        /// The index in `routes` of the pattern this handles.
        let route: Int
        let method: String
        let handler: Handler
    }

    /// One pattern, for the match's parameters.
    private struct Route: Sendable {
        let pattern: String
        let parameterNames: [String]
    }
}
