/// Which browser origins may call the API: any (`*`), or a list of origins such as `https://calc.example` and
/// `http://localhost:5173`. A response to an allowed origin names that origin in `Access-Control-Allow-Origin`; a
/// response to another origin carries no such header, so the browser keeps it from the page.
public struct CORSPolicy: Sendable, Equatable, CustomStringConvertible {
    /// The origins, each as a browser serializes it (lowercase, no default port, no trailing slash); nil for any.
    public let origins: [String]?

    /// Every origin: `Access-Control-Allow-Origin: *`.
    public static let anyOrigin = CORSPolicy(origins: nil)

    private init(origins: [String]?) { self.origins = origins }

    /// Reads `--cors-origin` values: `*`, or origins, each value holding one or several separated by commas (the flag
    /// may be repeated). An origin is `scheme://host[:port]`, with no path.
    public init(parsing values: [String]) throws(InvalidOrigin) {
        var origins: [String] = []
        var any = false
        for value in values {
            for entry in value.split(separator: ",") {
                let text = entry.trimmingSpaces()
                if text.isEmpty { continue }
                if text == "*" {
                    any = true
                } else {
                    let origin = try Self.serialized(text)
                    if !origins.contains(origin) { origins.append(origin) }
                }
            }
        }
        if any {
            guard origins.isEmpty else { throw InvalidOrigin("* allows every origin, so it cannot be listed with others") }
            self = .anyOrigin
        } else {
            guard !origins.isEmpty else { throw InvalidOrigin("give * or at least one origin such as https://calc.example") }
            self.init(origins: origins)
        }
    }

    /// `--cors-origin`'s value: one string with the origins separated by commas.
    public init(parsing text: String) throws(InvalidOrigin) {
        try self.init(parsing: [text])
    }

    /// What `Access-Control-Allow-Origin` says to a request from `origin` (its `Origin` header), or nil when that
    /// origin may not read the response. A listed origin is echoed as the browser sent it, which is what it compares.
    public func allowOrigin(for origin: String) -> String? {
        guard let origins else { return "*" }
        for allowed in origins where Self.equalIgnoringASCIICase(allowed, origin) { return origin }
        return nil
    }

    /// Whether the CORS headers depend on the request's `Origin`, so a cache must keep one copy per origin (`Vary`).
    public var variesByOrigin: Bool { origins != nil }

    public var description: String { origins?.joined(separator: ", ") ?? "*" }

    public struct InvalidOrigin: Error, Equatable, CustomStringConvertible {
        public let description: String
        init(_ description: String) { self.description = description }
    }

    /// An origin as browsers send it in `Origin` (RFC 6454, section 6.2): scheme and host in lowercase, the port only
    /// when it is not the scheme's default.
    static func serialized(_ text: String) throws(InvalidOrigin) -> String {
        let invalid = InvalidOrigin("\(text.prefix(200)) is not an origin: give scheme://host[:port], such as https://calc.example")
        let parts = text.split(separator: "://", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2 else { throw invalid }
        let scheme = parts[0].lowercased()
        var authority = parts[1]
        if authority.hasSuffix("/") { authority = authority.dropLast() }
        let letters = UInt8(ascii: "a")...UInt8(ascii: "z")
        let digits = UInt8(ascii: "0")...UInt8(ascii: "9")
        guard let first = scheme.utf8.first, letters.contains(first),
            scheme.utf8.allSatisfy({ letters.contains($0) || digits.contains($0) || "+-.".utf8.contains($0) }),
            !authority.isEmpty, !authority.contains(where: { "/?#@ \\".contains($0) })
        else { throw invalid }
        var host = authority
        var port: Int?
        if let colon = authority.lastIndex(of: ":"), !authority[colon...].contains("]") {
            guard let number = Int(authority[authority.index(after: colon)...]), (1...65_535).contains(number) else { throw invalid }
            host = authority[..<colon]
            port = number
        }
        guard !host.isEmpty else { throw invalid }
        let defaultPort = ["http": 80, "https": 443][scheme]
        let shownPort = port.flatMap { $0 == defaultPort ? nil : ":\($0)" } ?? ""
        return "\(scheme)://\(host.lowercased())\(shownPort)"
    }

    private static func equalIgnoringASCIICase(_ left: String, _ right: String) -> Bool {
        left.utf8.elementsEqual(right.utf8) { a, b in
            a == b || (a | 0x20 == b | 0x20 && (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(a | 0x20))
        }
    }
}
