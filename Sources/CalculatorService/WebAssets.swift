import Foundation

/// The bundled web front end: read once at start-up from the resources beside the binary, served by name only
/// (no file-system paths come from requests).
struct WebAssets: Sendable {
    struct Asset: Sendable {
        let body: [UInt8]
        let contentType: String
    }

    private let assets: [String: Asset]

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
