import Foundation
import HTTPServer
import Testing

@testable import CalculatorService

/// The web assets' entity tags, 304s and gzip, in process; and the gzip encoder against the system's `gzip -d`.
@Suite struct WebAssetsTests {
    private let web = WebAssets.load()

    private func get(_ name: String, _ headers: [(String, String)] = []) -> Response {
        web.response(to: Request(method: "GET", path: "/web/\(name)", headers: RequestHeaders(headers)), asset: name)
    }

    /// What `gzip -d` makes of `bytes`.
    private func gunzip(_ bytes: [UInt8]) throws -> [UInt8] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "gzip -dc"]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        // Written from another thread: gzip's output pipe could fill while its input is still being written.
        let writer = Thread { input.fileHandleForWriting.write(Data(bytes)); try? input.fileHandleForWriting.close() }
        writer.start()
        let result = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "gzip -d refused the stream")
        return Array(result)
    }

    @Test func aGetCarriesTheTagAndRevalidation() throws {
        let response = get("app.js")
        #expect(response.status == 200)
        #expect(response.headers["Content-Type"] == "text/javascript; charset=utf-8")
        #expect(response.headers["Cache-Control"] == "no-cache")
        #expect(response.headers["Content-Encoding"] == nil)
        #expect(response.headers["Vary"] == "Accept-Encoding")
        let tag = try #require(response.headers["ETag"])
        #expect(tag.hasPrefix("\"") && tag.hasSuffix("\"") && tag.count > 2)
        #expect(response.body == web["app.js"]?.body)
        #expect(get("style.css").headers["ETag"] != tag, "two assets share a tag")
    }

    @Test func ifNoneMatchWithTheTagIsA304WithoutABody() throws {
        let tag = try #require(get("app.js").headers["ETag"])
        for header in [tag, "W/\(tag)", "\"other\", \(tag)", "*"] {
            let response = get("app.js", [("If-None-Match", header)])
            #expect(response.status == 304, "If-None-Match: \(header)")
            #expect(response.body.isEmpty)
            #expect(response.headers["ETag"] == tag)
        }
        #expect(get("app.js", [("If-None-Match", "\"other\"")]).status == 200)
    }

    @Test func gzipGoesToClientsThatAcceptIt() throws {
        let plain = get("app.js")
        let zipped = get("app.js", [("Accept-Encoding", "gzip, deflate, br")])
        #expect(zipped.status == 200)
        #expect(zipped.headers["Content-Encoding"] == "gzip")
        #expect(zipped.headers["ETag"] == "W/" + (plain.headers["ETag"] ?? ""))
        #expect(zipped.body.count * 100 < plain.body.count * 45, "\(zipped.body.count) of \(plain.body.count) bytes")
        #expect(try gunzip(zipped.body) == plain.body)
        // Its weak tag revalidates the same content.
        let revalidated = get("app.js", [("Accept-Encoding", "gzip"), ("If-None-Match", zipped.headers["ETag"] ?? "")])
        #expect(revalidated.status == 304)
        #expect(revalidated.headers["Content-Encoding"] == nil)
    }

    @Test func everyAssetAndIndexAnswers() throws {
        for name in ["index.html", "location.js", "app.js", "live.js", "style.css", "icon.svg"] {
            let response = get(name, [("Accept-Encoding", "gzip")])
            #expect(response.status == 200, "\(name)")
            let body = try #require(web[name]?.body)
            let sent = response.headers["Content-Encoding"] == "gzip" ? try gunzip(response.body) : response.body
            #expect(sent == body, "\(name)")
        }
        #expect(get("missing.js").status == 404)
        #expect(web.response(to: Request(method: "GET", path: "/web/"), asset: nil).status == 404)
    }

    @Test(arguments: [
        ("gzip", true), ("deflate, gzip;q=0.5", true), ("GZIP", true), ("x-gzip", true), ("gzip;q=0", false),
        ("deflate, br", false), ("*", true), ("*;q=0", false), ("gzip;q=0, *", false), ("identity", false), ("", false),
    ])
    func acceptEncoding(_ header: String, _ accepted: Bool) {
        #expect(WebAssets.acceptsGzip(header) == accepted)
    }

    @Test func gzipRoundTripsThroughTheSystemsGzip() throws {
        var seed: UInt32 = 7
        func random() -> UInt32 {
            seed = seed &* 1_103_515_245 &+ 12_345  // an LCG: repeatable data, quality beside the point
            return seed >> 16
        }
        let cases: [[UInt8]] = [
            [], Array("a".utf8), Array("abc".utf8), [UInt8](repeating: 0x41, count: 100_000),
            Array(String(repeating: "sin cos tan ", count: 3_000).utf8),
            (0..<70_000).map { _ in UInt8(truncatingIfNeeded: random()) },  // beyond the 32 KiB window, no matches
            (0..<70_000).map { _ in UInt8(ascii: "a") + UInt8(truncatingIfNeeded: random() % 4) },
        ]
        for bytes in cases {
            #expect(try gunzip(Gzip.compress(bytes)) == bytes, "\(bytes.count) bytes")
        }
    }
}
