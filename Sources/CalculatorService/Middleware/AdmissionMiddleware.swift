import HTTPServer

/// The API key and the session rate limit, checked before any route's handler runs. With session tokens the key
/// guards creating a session (POST /sessions, PUT /sessions/{id}), and the session's own routes take its tokens in
/// `Authorization` instead; with open access it guards every /sessions path. The press rate limit counts keys, so the press handler applies it once it has read them. A request the
/// session limit admits gets the limit's header fields on its 2xx reply.
struct AdmissionMiddleware: Middleware {
    let apiKey: [UInt8]?
    let keyGuardsEverySessionRoute: Bool
    let sessionLimit: ClientRateLimit?

    func request(_ request: borrowing Request, _ context: inout CalculatorContext) -> Response? {
        guard apiKey != nil || sessionLimit != nil else { return nil }
        do throws(Problem) {
            try admit(request, &context)
            return nil
        } catch {
            return error.response(to: request)
        }
    }

    func response(_ response: inout Response, _ context: borrowing CalculatorContext) {
        context.rateLimit?.add(to: &response)
    }

    private func admit(_ request: borrowing Request, _ context: inout CalculatorContext) throws(Problem) {
        let path = request.pathUTF8
        guard path.starts(with: "/sessions".utf8) else { return }
        let creates = request.method == "PUT" || (request.method == "POST" && path.elementsEqual("/sessions".utf8))
        if let apiKey, keyGuardsEverySessionRoute || creates,
            AccessCheck.withBearerCredential(request, { Self.matches($0, apiKey) }) != true
        {
            throw Problem(
                .unauthorized, "this server needs Authorization: Bearer <API key> on /sessions",
                headers: [("WWW-Authenticate", #"Bearer realm="calculator""#)])
        }
        switch request.method {
        case "POST" where path.elementsEqual("/sessions".utf8), "PUT": context.rateLimit = try sessionLimit?.admit(request)
        default: return
        }
    }

    /// Compares in time that depends only on the lengths, so the key cannot be guessed byte by byte.
    static func matches(_ given: Span<UInt8>, _ key: [UInt8]) -> Bool {
        var difference = UInt8(truncatingIfNeeded: given.count ^ key.count)
        for index in 0..<max(given.count, key.count) {
            difference |= (index < given.count ? given[index] : 0) ^ (index < key.count ? key[index] : 0)
        }
        return difference == 0
    }
}
