import Foundation
import HTTPServer

/// The bundled web front end: read once at start-up from the resources beside the binary, served by name only
/// (no file-system paths come from requests). Each asset carries an entity tag, so a browser revalidates it with a
/// 304 instead of fetching it again, and text assets are gzipped once for the clients that accept gzip.
struct WebAssets: Sendable {
    struct Asset: Sendable {
        let body: [UInt8]
        let contentType: String
        /// The body's tag, quoted; the gzipped body is tagged weak with the same value (the same content).
        let entityTag: String
        /// Nil when compressing does not make it smaller (an image).
        let gzipped: [UInt8]?

        init(body: [UInt8], contentType: String) {
            self.body = body
            self.contentType = contentType
            entityTag = "\"\(String(WebAssets.fingerprint(body), radix: 16))\""
            let gzipped = Gzip.compress(body)
            self.gzipped = gzipped.count < body.count ? gzipped : nil
        }
    }

    private let assets: [String: Asset]

    private static let acceptEncoding = HeaderName("Accept-Encoding")

    static func load() -> WebAssets {
        guard let directory = Bundle.module.url(forResource: "web", withExtension: nil, subdirectory: "Resources"),
            let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path)
        else { return WebAssets(assets: [:]) }
        var assets: [String: Asset] = [:]
        for name in names {
            guard let type = contentType(of: name),
                let data = try? Data(contentsOf: directory.appendingPathComponent(name))
            else { continue }
            assets[name] = Asset(body: Array(data), contentType: type)
        }
        return WebAssets(assets: assets)
    }

    subscript(name: String) -> Asset? { assets[name] }

    /// The answer to a GET (or HEAD) of the asset `name`: 404 when there is none, 304 when `If-None-Match` names
    /// its tag, else its body, gzipped when the request accepts gzip. Browsers revalidate every time (`no-cache`):
    /// the names carry no version, and a 304 costs no body.
    func response(to request: borrowing Request, asset name: String?) -> Response {
        guard let name, let asset = assets[name] else {
            return Problem.notFound(request).response(to: request)
        }
        let gzipped = asset.gzipped.flatMap { Self.acceptsGzip(request.headers[Self.acceptEncoding]) ? $0 : nil }
        var response: Response
        if let tags = IfNoneMatch(request.headers[.ifNoneMatch]), tags.names(asset.entityTag) {
            response = Response(status: 304)
        } else {
            response = Response(status: 200, body: gzipped ?? asset.body)
            response.headers.set("Content-Type", asset.contentType)
            if gzipped != nil { response.headers.set("Content-Encoding", "gzip") }
        }
        response.headers.set("ETag", gzipped != nil ? "W/" + asset.entityTag : asset.entityTag)
        response.headers.set("Cache-Control", "no-cache")
        if asset.gzipped != nil { response.headers.set("Vary", "Accept-Encoding") }
        return response
    }

    /// Whether `Accept-Encoding` takes gzip: named, or covered by `*`, with a q-value above 0 (RFC 9110, 12.5.3).
    static func acceptsGzip(_ header: String?) -> Bool {
        guard let header else { return false }
        var star: Bool?
        for entry in header.split(separator: ",") {
            let parts = entry.split(separator: ";")
            let coding = parts.first.map { $0.trimmingSpaces().lowercased() } ?? ""
            let quality = parts.dropFirst().lazy.map { $0.trimmingSpaces() }.first { $0.hasPrefix("q=") }
                .flatMap { Double($0.dropFirst(2)) } ?? 1
            if coding == "gzip" || coding == "x-gzip" { return quality > 0 }
            if coding == "*" { star = quality > 0 }
        }
        return star ?? false
    }

    /// FNV-1a, 64 bits: tells versions of an asset apart; nothing depends on it being hard to forge.
    static func fingerprint(_ bytes: [UInt8]) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        return hash
    }

    private static func contentType(of name: String) -> String? {
        switch name.split(separator: ".").last {
        case "html": "text/html; charset=utf-8"
        case "js": "text/javascript; charset=utf-8"
        case "css": "text/css; charset=utf-8"
        case "svg": "image/svg+xml"
        case "png": "image/png"
        case "ico": "image/x-icon"
        case "webmanifest": "application/manifest+json"
        default: nil
        }
    }
}
