import ArgumentParser
import Foundation
import HTTPServer

/// `calculator-server healthcheck`: the check a container runs on the server beside it, with the server's own
/// CALC_HOST and CALC_PORT, so the image names no port twice and needs no HTTP client.
struct HealthCheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "calculator-server \(Self.name)",
        abstract: "Exit 0 when the server answers GET /healthz with 200, and 1 otherwise.",
        discussion: """
            Reads CALC_HOST and CALC_PORT as the server does, so a container's HEALTHCHECK needs neither a port nor \
            curl: HEALTHCHECK CMD ["/app/calculator-server", "healthcheck"]. A server listening on every address \
            (0.0.0.0 or ::) is checked on loopback.
            """
    )

    /// The first argument that runs this command instead of the server.
    static let name = "healthcheck"
    private static let defaultPath = "/healthz"
    private static let defaultTimeout = 2

    @Option(help: help("Address the server listens on.", "CALC_HOST", default: ServerConfiguration.defaults.host))
    var host: String?

    @Option(help: help("Port the server listens on.", "CALC_PORT", default: ServerConfiguration.defaults.port))
    var port: Int?

    @Option(help: ArgumentHelp("Path to get; /readyz also asks whether the store answers."))
    var path = Self.defaultPath

    @Option(help: ArgumentHelp("Seconds to wait for each step: connect, send, receive."))
    var timeout = Self.defaultTimeout

    func validate() throws {
        guard path.hasPrefix("/"), !path.contains(where: { $0.isWhitespace }) else {
            throw ValidationError("--path must start with / and hold no spaces, not \(path)")
        }
        guard (1...60).contains(timeout) else { throw ValidationError("--timeout must be from 1 to 60, not \(timeout)") }
    }

    func run() throws {
        let setting = Setting(environment: ProcessInfo.processInfo.environment)
        let port = try setting.number(port, "CALC_PORT", default: ServerConfiguration.defaults.port, in: 1...65_535, option: "--port")
        let address = Self.reachableAddress(setting.string(host, "CALC_HOST", default: ServerConfiguration.defaults.host))
        guard let status = HealthProbe.status(host: address, port: port, path: path, timeout: timeout) else {
            FileHandle.standardError.write(Data("unhealthy: no HTTP answer from \(address) port \(port)\n".utf8))
            throw ExitCode.failure
        }
        guard status == 200 else {
            FileHandle.standardError.write(Data("unhealthy: GET \(path) answered \(status)\n".utf8))
            throw ExitCode.failure
        }
    }

    /// Where a client on this machine reaches a server listening on `host`.
    static func reachableAddress(_ host: String) -> String {
        let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        switch bare {
        case "0.0.0.0", "": return "127.0.0.1"
        case "::", "::0": return "::1"
        default: return bare
        }
    }
}
