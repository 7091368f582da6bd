import Glibc

/// Values of the `:name` (or `{name}`) segments of the pattern that matched, not percent-decoded (like
/// `Request.pathUTF8`), and the pattern itself.
public struct RouteParameters: Sendable {
    /// The pattern that matched, as registered ("/sessions/{id}/press"): a label for logs and metrics that does not
    /// grow with the paths clients send.
    public let route: String
    // Names and the pattern are shared with the route, and the values are where they are in the path's bytes (the
    // request's own buffer, shared), so a match allocates nothing for one parameter. The first value is kept apart:
    // most routes have one parameter, and an array for it would be an allocation per request.
    @usableFromInline let names: [String]
    @usableFromInline let path: [UInt8]
    @usableFromInline let first: Range<Int>?
    @usableFromInline let rest: [Range<Int>]

    init(route: String = "", names: [String] = [], path: [UInt8] = [], first: Range<Int>? = nil, rest: [Range<Int>] = []) {
        self.route = route
        self.names = names
        self.path = path
        self.first = first
        self.rest = rest
    }

    public subscript(_ name: String) -> Substring? {
        withUTF8(name) { Substring(String(decoding: $0, as: UTF8.self)) }
    }

    /// The value's bytes, lent for the call, or nil when there is no such parameter: for a caller that parses them,
    /// cheaper than the Substring, which is text made for the call. Inlinable, so that it is specialized for the
    /// caller's result: generic, its call into the array's buffer was not (0.4k instructions per request).
    @inlinable
    public func withUTF8<Result>(_ name: String, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result? {
        guard let offsets = offsets(of: name) else { return nil }
        return try path.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[offsets])) }
    }

    @usableFromInline
    func offsets(of name: String) -> Range<Int>? {
        guard let index = names.firstIndex(of: name) else { return nil }
        if index == 0 { return first }
        return index - 1 < rest.count ? rest[index - 1] : nil
    }
}

public enum RouteMatch: Sendable {
    case found(@Sendable (borrowing Request, RouteParameters) -> Response, RouteParameters)
    /// The path exists under other methods; sorted, ready for an `Allow` header.
    case methodNotAllowed(allowed: [String])
    case notFound
}

/// Maps a method and a path to a handler. Knows nothing else.
///
/// Patterns are '/'-separated segments; a `:name` or `{name}` segment matches one non-empty segment. Matching is exact:
/// a trailing slash is significant ("/sessions/" does not match "/sessions"), there is no wildcard and no
/// percent-decoding. Where two patterns match one path, the one with a literal segment at the first position
/// where they differ wins ("/sessions/new" before "/sessions/:id"). HEAD falls back to the GET handler when no
/// HEAD handler is registered (the server then sends the headers without the body), so `allowed` lists HEAD
/// wherever GET is.
public struct Router: Sendable {
    public typealias Handler = @Sendable (borrowing Request, RouteParameters) -> Response

    /// A struct, not a tuple: a closure inside a tuple inside an array is stored at maximal abstraction, and
    /// every call then goes through reabstraction thunks that copy the whole `Request`.
    private struct Endpoint: Sendable {
        let method: String
        let handler: Handler
    }

    /// One pattern segment: a literal at `start..<start+count` of `Route.literals` (of `MatchTable.literals` in
    /// `MatchTable.segments`), or a parameter (count -1).
    /// Plain integers, so matching copies nothing that is reference-counted.
    private struct Segment: Sendable, Equatable {
        let start: Int
        let count: Int
        var isParameter: Bool { count < 0 }
    }

    private struct Route: Sendable {
        let pattern: String
        let literals: [UInt8]
        let segments: [Segment]
        /// The number of '/' in a path this pattern can match: a cheap first test before walking the segments.
        let slashes: Int
        /// The length of the one path a pattern without parameters matches ("/healthz": 8), nil for the others: routes
        /// with the path's number of slashes are passed over by one comparison unless their length is the path's.
        let fixedLength: Int?
        /// The last segment when it is a literal ("press"): routes that differ only there ("/sessions/{id}/press",
        /// "/sessions/{id}/display") are told apart by the path's end, without walking the id before it.
        let lastLiteral: Segment?
        let parameterNames: [String]
        var endpoints: [Endpoint]

        init(pattern: String) {
            precondition(pattern.hasPrefix("/"), "a route pattern starts with '/': \(pattern)")
            self.pattern = pattern
            var literals: [UInt8] = []
            var segments: [Segment] = []
            var names: [String] = []
            if pattern != "/" {
                for part in pattern.utf8.dropFirst().split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false) {
                    let isBraced = part.first == UInt8(ascii: "{") && part.last == UInt8(ascii: "}") && part.count >= 2
                    if part.first == UInt8(ascii: ":") || isBraced {
                        let name = String(decoding: isBraced ? part.dropFirst().dropLast() : part.dropFirst(), as: UTF8.self)
                        precondition(!name.isEmpty, "a route parameter needs a name: \(pattern)")
                        names.append(name)
                        segments.append(Segment(start: 0, count: -1))
                    } else {
                        segments.append(Segment(start: literals.count, count: part.count))
                        literals.append(contentsOf: part)
                    }
                }
            }
            self.literals = literals
            self.segments = segments
            self.slashes = max(segments.count, 1)
            self.fixedLength = names.isEmpty ? pattern.utf8.count : nil
            self.lastLiteral = segments.last.flatMap { $0.isParameter ? nil : $0 }
            self.parameterNames = names
            self.endpoints = []
        }

        /// Loops over indices, here and in `parameters`: a `for-in` over an array holds a copy of it (a retain and a
        /// release per match).
        func handler(for method: String) -> Handler? {
            for index in endpoints.indices where endpoints[index].method == method { return endpoints[index].handler }
            if method == "HEAD" {
                for index in endpoints.indices where endpoints[index].method == "GET" { return endpoints[index].handler }
            }
            return nil
        }

        func matches(_ path: UnsafeBufferPointer<UInt8>) -> Bool {
            firstParameter(ifMatching: path) != nil
        }

        /// Walks the path once, segment by segment, without allocating. Nil when the path does not match; otherwise
        /// where the first parameter's value is (an empty range when there is none), so that a route with one
        /// parameter need not walk the path again.
        func firstParameter(ifMatching path: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
            guard path.first == UInt8(ascii: "/") else { return nil }
            if segments.isEmpty { return path.count == 1 ? 0..<0 : nil }
            return literals.withUnsafeBufferPointer { literals in
                if let last = lastLiteral {
                    // The path must end in "/" and this literal.
                    guard path.count > last.count, path[path.count - last.count - 1] == UInt8(ascii: "/") else { return nil }
                    let offset = path.count - last.count
                    for index in 0..<last.count where literals[last.start + index] != path[offset + index] { return nil }
                }
                return segments.withUnsafeBufferPointer { segments -> Range<Int>? in
                    var start = 1
                    var first: Range<Int>?
                    for index in 0..<segments.count {
                        guard start <= path.count else { return nil }
                        var end = start
                        while end < path.count, path[end] != UInt8(ascii: "/") { end += 1 }
                        if (index == segments.count - 1) != (end == path.count) { return nil }
                        let segment = segments[index]
                        if segment.isParameter {
                            if end == start { return nil }
                            if first == nil { first = start..<end }
                        } else {
                            if segment.count != end - start { return nil }
                            for offset in 0..<segment.count where literals[segment.start + offset] != path[start + offset] {
                                return nil
                            }
                        }
                        start = end + 1
                    }
                    return first ?? 0..<0
                }
            }
        }

        /// Only called after `matches` said yes, so the shapes agree. Static, given only the fields it reads: as a
        /// method it was handed a copy of the whole route (a retain and a release of each of its arrays).
        static func parameters(
            _ bytes: UnsafeBufferPointer<UInt8>, in path: [UInt8], of segments: [Segment], _ pattern: String, _ parameterNames: [String]
        ) -> RouteParameters {
            if parameterNames.isEmpty { return RouteParameters(route: pattern) }
            var first: Range<Int>?
            var rest: [Range<Int>] = []
            var start = 1
            for index in segments.indices {
                var end = start
                while end < bytes.count, bytes[end] != UInt8(ascii: "/") { end += 1 }
                if segments[index].isParameter {
                    if first == nil { first = start..<end } else { rest.append(start..<end) }
                }
                start = end + 1
            }
            return RouteParameters(route: pattern, names: parameterNames, path: path, first: first, rest: rest)
        }

        /// A literal segment beats a parameter at the first position where the two patterns differ.
        func isMoreSpecific(than other: Route) -> Bool {
            for (mine, theirs) in zip(segments, other.segments) where mine.isParameter != theirs.isParameter {
                return theirs.isParameter
            }
            return false
        }
    }

    /// Kept ordered most specific first, so the first match that has the method is the right one.
    private var routes: [Route] = []
    /// Derived from `routes`, rebuilt whenever one is added.
    private var table = MatchTable()

    /// What matching reads, in flat arrays rather than the routes' own: reading a route's arrays inside the match loop
    /// copied the route (a retain and a release of each of its arrays), and an array of arrays costs a retain and a
    /// release per lookup.
    private struct MatchTable: Sendable {
        /// The indices of the routes a path with n slashes can match (n ≤ `markedSlashes`), in `routes`' order, at
        /// `candidates[candidateRanges[n]]`: a path is compared with those only.
        var candidates: [Int] = []
        var candidateRanges: [Range<Int>] = []
        /// Every route's segments and literal bytes back to back (a route's segments at `segmentRanges[index]`).
        var segments: [Segment] = []
        var literals: [UInt8] = []
        var segmentRanges: [Range<Int>] = []
        /// A route's `fixedLength`, or -1.
        var fixedLengths: [Int] = []

        init() {}

        init(_ routes: [Route]) {
            for slashes in 0...Router.markedSlashes {
                let start = candidates.count
                candidates += routes.indices.filter { routes[$0].slashes == slashes }
                candidateRanges.append(start..<candidates.count)
            }
            for route in routes {
                let base = literals.count
                literals += route.literals
                let start = segments.count
                segments += route.segments.map { $0.isParameter ? $0 : Segment(start: base + $0.start, count: $0.count) }
                segmentRanges.append(start..<segments.count)
            }
            fixedLengths = routes.map { $0.fixedLength ?? -1 }
        }
    }

    public init() {}

    /// Registers `handler` for `method` on `pattern` ("/sessions", "/sessions/:id/press"); registering the same
    /// method and pattern again replaces the handler.
    public mutating func add(_ method: String, _ pattern: String, _ handler: @escaping Handler) {
        let endpoint = Endpoint(method: method, handler: handler)
        if let existing = routes.firstIndex(where: { $0.pattern == pattern }) {
            routes[existing].endpoints.removeAll { $0.method == method }
            routes[existing].endpoints.append(endpoint)
            return
        }
        var route = Route(pattern: pattern)
        route.endpoints = [endpoint]
        let position = routes.firstIndex { route.isMoreSpecific(than: $0) } ?? routes.endIndex
        routes.insert(route, at: position)
        table = MatchTable(routes)
    }

    /// `Route.firstParameter(ifMatching:)` for a path with exactly one slash per segment of the pattern, found at
    /// `slashes`: each segment's bounds are known without walking the path, so only the literal segments are
    /// compared, the last one first (routes sharing a prefix differ at their end).
    private static func firstParameter(
        _ path: UnsafeBufferPointer<UInt8>, slashesAt slashes: UnsafeBufferPointer<Int>,
        _ segments: UnsafeBufferPointer<Segment>, _ literals: UnsafeBufferPointer<UInt8>
    ) -> Range<Int>? {
        guard slashes.first == 0 else { return nil }
        if segments.isEmpty { return path.count == 1 ? 0..<0 : nil }
        guard slashes.count == segments.count, let bytes = path.baseAddress else { return nil }
        var first: Range<Int>?
        for index in stride(from: segments.count - 1, through: 0, by: -1) {
            let start = slashes[index] + 1
            let end = index + 1 < slashes.count ? slashes[index + 1] : path.count
            let segment = segments[index]
            if segment.isParameter {
                if end == start { return nil }
                // Walking backwards, the last parameter seen is the first.
                first = start..<end
            } else {
                guard segment.count == end - start, memcmp(literals.baseAddress! + segment.start, bytes + start, segment.count) == 0
                else { return nil }
            }
        }
        return first ?? 0..<0
    }

    /// Paths with more slashes than this are matched by walking them (no route of this service has so many).
    private static let markedSlashes = 16

    public func match(method: String, path: String) -> RouteMatch {
        match(method: method, pathUTF8: Array(path.utf8))
    }

    /// The match for a path's bytes (`Request.pathUTF8`), which the parameters share.
    public func match(method: String, pathUTF8 path: [UInt8]) -> RouteMatch {
        path.withUnsafeBufferPointer { bytes in
            withUnsafeTemporaryAllocation(of: Int.self, capacity: Self.markedSlashes) { marks in
                // One pass finds where the slashes are; routes are then compared segment by segment at those places.
                // memchr scans many bytes per step: a session's path is mostly its id.
                var slashes = 0
                if let start = bytes.baseAddress {
                    var cursor = UnsafeRawPointer(start)
                    let end = cursor + bytes.count
                    while cursor < end, let found = memchr(cursor, Int32(UInt8(ascii: "/")), end - cursor) {
                        let index = UnsafeRawPointer(found) - UnsafeRawPointer(start)
                        if slashes < marks.count { marks[slashes] = index }
                        slashes += 1
                        cursor = UnsafeRawPointer(found) + 1
                    }
                }
                let marked = slashes <= marks.count ? UnsafeBufferPointer(rebasing: marks[..<slashes]) : nil
                return match(method: method, bytes, of: path, slashes: slashes, at: marked)
            }
        }
    }

    /// The first route that matches and has the method; `marks` holds where the path's slashes are, or is nil
    /// when there were too many to note (then every route with that many segments is walked).
    private func match(
        method: String, _ bytes: UnsafeBufferPointer<UInt8>, of path: [UInt8], slashes: Int, at marks: UnsafeBufferPointer<Int>?
    ) -> RouteMatch {
        if let marks {
            let matched = table.segments.withUnsafeBufferPointer { segments in
                table.literals.withUnsafeBufferPointer { literals -> RouteMatch? in
                    for position in table.candidateRanges[slashes] {
                        let index = table.candidates[position]
                        let length = table.fixedLengths[index]
                        if length >= 0, length != bytes.count { continue }
                        let route = UnsafeBufferPointer(rebasing: segments[table.segmentRanges[index]])
                        guard let first = Self.firstParameter(bytes, slashesAt: marks, route, literals) else { continue }
                        if let found = found(index, method: method, first: first, bytes, of: path) { return found }
                    }
                    return nil
                }
            }
            if let matched { return matched }
        } else {
            for index in routes.indices where routes[index].slashes == slashes {
                guard let first = routes[index].firstParameter(ifMatching: bytes) else { continue }
                if let found = found(index, method: method, first: first, bytes, of: path) { return found }
            }
        }
        return unmatched(bytes)
    }

    /// The match for the route at `index`, whose pattern matched the path, when it has the method.
    private func found(_ index: Int, method: String, first: Range<Int>, _ bytes: UnsafeBufferPointer<UInt8>, of path: [UInt8]) -> RouteMatch? {
        guard let handler = routes[index].handler(for: method) else { return nil }
        let names = routes[index].parameterNames
        if names.count == 1 {
            return .found(handler, RouteParameters(route: routes[index].pattern, names: names, path: path, first: first))
        }
        return .found(handler, Route.parameters(bytes, in: path, of: routes[index].segments, routes[index].pattern, names))
    }

    /// The 404/405 decision, off the hot path.
    private func unmatched(_ path: UnsafeBufferPointer<UInt8>) -> RouteMatch {
        var allowed = Set<String>()
        for route in routes where route.matches(path) {
            allowed.formUnion(route.endpoints.map(\.method))
        }
        if allowed.isEmpty { return .notFound }
        if allowed.contains("GET") { allowed.insert("HEAD") }
        return .methodNotAllowed(allowed: allowed.sorted())
    }
}
