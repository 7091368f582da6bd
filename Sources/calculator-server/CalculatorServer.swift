import ArgumentParser
import CalculatorService
import Foundation
import HTTPServer
import Logging
import Metrics
import Prometheus
import SessionStore

@main
struct CalculatorServer: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "calculator-server",
        abstract: "A scientific calculator served over HTTP: each session is a calculator brain that receives key presses.",
        discussion: """
            Every option can also be set through the environment variable named beside it; a flag wins over the \
            environment. SIGINT or SIGTERM stops accepting connections, lets requests in flight finish, closes the \
            store and exits 0.
            """
    )

    @Option(help: "Address to listen on. [env: CALC_HOST] (default: 127.0.0.1)")
    var host: String?

    @Option(help: "TCP port; 0 picks a free one and prints it. [env: CALC_PORT] (default: 8080)")
    var port: Int?

    @Option(help: "HTTP event-loop threads. [env: CALC_THREADS] (default: the cores this process may run on)")
    var threads: Int?

    @Option(help: "Session store: memory, sqlite:PATH or redis://HOST:PORT[/DB]. [env: CALC_STORE] (default: sqlite:<data-dir>/sessions.sqlite)")
    var store: String?

    @Option(help: "Directory for the default SQLite store. [env: CALC_DATA_DIR] (default: ./data)")
    var dataDir: String?

    @Option(help: "Idle time after which a session expires: seconds or 90s, 30m, 24h, 7d. [env: CALC_SESSION_TTL] (default: 24h)")
    var sessionTtl: String?

    @Option(help: "Most live sessions; new ones are refused with 503 beyond it. [env: CALC_MAX_SESSIONS] (default: 1000000)")
    var maxSessions: Int?

    @Option(help: "Largest request body in bytes; larger ones get 413. [env: CALC_MAX_BODY] (default: 65536)")
    var maxBody: Int?

    @Option(help: "Most keys in one press request; more get 413. [env: CALC_MAX_KEYS] (default: 1000)")
    var maxKeys: Int?

    @Option(help: "Most concurrent connections. [env: CALC_MAX_CONNECTIONS] (default: 10000)")
    var maxConnections: Int?

    @Option(help: "Seconds a connection may stay idle before it is closed. [env: CALC_CONNECTION_TIMEOUT] (default: 30)")
    var connectionTimeout: Int?

    @Option(help: "Most concurrent connections from one client address; 0 = no limit. [env: CALC_MAX_CONNECTIONS_PER_IP] (default: 0)")
    var maxConnectionsPerIp: Int?

    @Option(help: "Memory per connection in bytes; bounds the request line and headers (larger ones get 431). [env: CALC_MAX_HEADER_BYTES] (default: 32768)")
    var maxHeaderBytes: Int?

    @Option(help: "Require Authorization: Bearer <key> on /sessions routes. Prefer the environment variable: flags show in ps. [env: CALC_API_KEY] (default: none)")
    var apiKey: String?

    @Option(help: "Key presses a second per client (token bucket, bursts of twice that); 0 = no limit. [env: CALC_PRESS_RATE] (default: 0)")
    var pressRate: Double?

    @Option(help: "New sessions a minute per client (token bucket); 0 = no limit. [env: CALC_SESSION_RATE] (default: 0)")
    var sessionRate: Double?

    @Flag(help: "Identify clients by the last X-Forwarded-For entry; only behind a proxy that sets it. [env: CALC_TRUST_PROXY=1]")
    var trustProxy = false

    @Option(help: "Access-Control-Allow-Origin sent to browsers. [env: CALC_CORS_ORIGIN] (default: *)")
    var corsOrigin: String?

    @Option(help: "Log level: trace, debug, info, notice, warning, error, critical. [env: CALC_LOG_LEVEL] (default: info)")
    var logLevel: String?

    @Option(help: "Log format: text, or json (one object per line). [env: CALC_LOG_FORMAT] (default: text)")
    var logFormat: String?

    func run() throws {
        let setting = Setting(environment: ProcessInfo.processInfo.environment)
        let levelName = setting.string(logLevel, "CALC_LOG_LEVEL", default: "info")
        guard let level = Logger.Level(rawValue: levelName) else {
            throw ValidationError("--log-level must be one of \(Logger.Level.allCases.map(\.rawValue).joined(separator: ", ")), not \(levelName)")
        }
        let format = setting.string(logFormat, "CALC_LOG_FORMAT", default: "text")
        guard format == "text" || format == "json" else { throw ValidationError("--log-format must be text or json, not \(format)") }
        LoggingSystem.bootstrap { label in
            if format == "json" {
                var handler = JSONLogHandler(label: label)
                handler.logLevel = level
                return handler
            }
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        // Request counts and durations are the service's own (`RouteMetrics`); the rest goes through swift-metrics.
        let registry = PrometheusCollectorRegistry()
        MetricsSystem.bootstrap(PrometheusMetricsFactory(registry: registry))
        let logger = Logger(label: "calculator-server")

        var server = ServerConfiguration()
        server.host = setting.string(host, "CALC_HOST", default: "127.0.0.1")
        server.port = try setting.number(port, "CALC_PORT", default: 8080, in: 0...65_535, option: "--port")
        // One loop per usable core, for every store: no loop waits on a store (SQLite's writes answer from its
        // committer thread, Redis's from its pipeline thread), so more loops would only contend.
        server.threads = try setting.number(threads, "CALC_THREADS", default: server.threads, in: 1...256, option: "--threads")
        server.maxBodySize = try setting.number(maxBody, "CALC_MAX_BODY", default: 65_536, in: 1...(64 << 20), option: "--max-body")
        server.connectionLimit = try setting.number(maxConnections, "CALC_MAX_CONNECTIONS", default: 10_000, in: 1...1_000_000, option: "--max-connections")
        server.connectionTimeout = try setting.number(connectionTimeout, "CALC_CONNECTION_TIMEOUT", default: 30, in: 1...86_400, option: "--connection-timeout")

        server.perIPConnectionLimit = try setting.number(
            maxConnectionsPerIp, "CALC_MAX_CONNECTIONS_PER_IP", default: 0, in: 0...1_000_000, option: "--max-connections-per-ip")
        server.connectionMemoryLimit = try setting.number(maxHeaderBytes, "CALC_MAX_HEADER_BYTES", default: 32_768, in: 4_096...(16 << 20), option: "--max-header-bytes")

        var service = ServiceConfiguration()
        service.apiKey = (apiKey ?? setting.environment["CALC_API_KEY"]).flatMap { $0.isEmpty ? nil : $0 }
        service.pressesPerSecond = try setting.number(pressRate, "CALC_PRESS_RATE", default: 0, in: 0...1_000_000, option: "--press-rate")
        service.sessionsPerMinute = try setting.number(sessionRate, "CALC_SESSION_RATE", default: 0, in: 0...1_000_000, option: "--session-rate")
        service.trustProxy = trustProxy || setting.environment["CALC_TRUST_PROXY"] == "1"
        service.maxKeysPerRequest = try setting.number(maxKeys, "CALC_MAX_KEYS", default: 1_000, in: 1...1_000_000, option: "--max-keys")
        service.corsOrigin = setting.string(corsOrigin, "CALC_CORS_ORIGIN", default: "*")

        service.sessions.ttl = try parseDuration(setting.string(sessionTtl, "CALC_SESSION_TTL", default: "24h"), option: "--session-ttl")
        service.sessions.maxSessions = try setting.number(
            maxSessions, "CALC_MAX_SESSIONS", default: 1_000_000, in: 1...100_000_000, option: "--max-sessions")

        let directory = setting.string(dataDir, "CALC_DATA_DIR", default: "./data")
        let storeText = setting.string(store, "CALC_STORE", default: "sqlite:\(directory)/sessions.sqlite")
        guard let location = StoreLocation(storeText) else {
            throw ValidationError("--store must be memory, sqlite:PATH or redis://HOST:PORT[/DB], not \(storeText)")
        }
        service.store = location

        // Block the stop signals before the server starts its threads, so they inherit the mask and sigwait below receives them.
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGINT)
        sigaddset(&signals, SIGTERM)
        pthread_sigmask(SIG_BLOCK, &signals, nil)

        let calculator: CalculatorService
        do {
            calculator = try CalculatorService.make(service, logger: logger, metricsExposition: { registry.emitToBuffer() })
        } catch {
            logger.critical("could not open the session store", metadata: ["store": "\(location.logDescription)", "error": "\(error)"])
            throw ExitCode.failure
        }
        let http = Server(configuration: server, responder: calculator.responder)
        do {
            try http.start()
        } catch {
            logger.critical("could not start the HTTP server", metadata: ["error": "\(error)"])
            throw ExitCode.failure
        }
        // Tests and scripts read the bound port from this line.
        print("calculator-server listening on http://\(server.host.contains(":") ? "[\(server.host)]" : server.host):\(http.port)")
        fflush(nil)  // all streams: stdout is a C global Swift 6 will not touch
        logger.info("started", metadata: ["store": "\(location.logDescription)", "threads": "\(server.threads)"])

        var received: Int32 = 0
        sigwait(&signals, &received)
        logger.info("stopping", metadata: ["signal": "\(received == SIGTERM ? "SIGTERM" : "SIGINT")"])
        http.shutdown(drainTimeout: .seconds(10))
        calculator.close()
        logger.info("stopped")
    }
}
