import ArgumentParser
import CalculatorService
import Foundation
import HTTPServer
import Logging
import SessionStore

struct CalculatorServer: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "calculator-server",
        abstract: "A scientific calculator served over HTTP: each session is a calculator brain that receives key presses.",
        discussion: """
            Every option can also be set through the environment variable named beside it; a flag wins over the \
            environment. SIGINT or SIGTERM stops accepting connections, lets requests in flight finish (for up to \
            --drain-timeout), closes the store and exits 0. `calculator-server healthcheck` checks a running server \
            (see `calculator-server healthcheck --help`).
            """,
        version: CalculatorService.version
    )

    // Each flag's default is read from where it is defined (`ServerConfiguration`, `ServiceConfiguration`,
    // `SessionStoreOptions`, or below for the command line's own), for its help as for its value.
    private static let serverDefaults = ServerConfiguration.defaults
    private static let serviceDefaults = ServiceConfiguration()
    private static let storeDefaults = SessionStoreOptions()
    private static let defaultDataDirectory = "./data"
    private static let defaultLogLevel = "info"
    private static let defaultLogFormat = "text"
    /// `docker stop`'s grace period before it kills, so by default a stop by Docker lets requests finish.
    private static let defaultDrainTimeout = Duration.seconds(10)

    @Option(help: help("Address to listen on.", "CALC_HOST", default: Self.serverDefaults.host))
    var host: String?

    @Option(help: help("TCP port; 0 picks a free one and prints it.", "CALC_PORT", default: Self.serverDefaults.port))
    var port: Int?

    @Option(help: help("HTTP event-loop threads.", "CALC_THREADS", default: "the cores this process may run on"))
    var threads: Int?

    @Option(help: help("Session store: memory, sqlite:PATH, redis://[[USER]:PASSWORD@]HOST:PORT[/DB] or redis-cluster://[[USER]:PASSWORD@]HOST:PORT[,HOST:PORT...].", "CALC_STORE", default: "sqlite:<data-dir>/sessions.sqlite"))
    var store: String?

    @Option(help: help("Redis replicas that must hold a write before it is acknowledged (WAIT, up to 1 s; not replicated in time answers 503 outcome-unknown); 0 = the master's word.", "CALC_REDIS_REPLICAS", default: 0))
    var redisReplicas: Int?

    @Option(help: help("Directory for the default SQLite store.", "CALC_DATA_DIR", default: Self.defaultDataDirectory))
    var dataDir: String?

    @Option(help: help("Idle time after which a session expires: seconds or 90s, 30m, 24h, 7d.", "CALC_SESSION_TTL", default: durationText(Self.storeDefaults.ttl)))
    var sessionTtl: String?

    @Option(help: help("Most live sessions; new ones are refused with 503 beyond it.", "CALC_MAX_SESSIONS", default: Self.storeDefaults.maxSessions))
    var maxSessions: Int?

    @Option(help: help("Largest request body in bytes; larger ones get 413.", "CALC_MAX_BODY", default: Self.serverDefaults.maxBodySize))
    var maxBody: Int?

    @Option(help: help("Most keys in one press request; more get 413.", "CALC_MAX_KEYS", default: Self.serviceDefaults.maxKeysPerRequest))
    var maxKeys: Int?

    @Option(help: help("Most concurrent connections.", "CALC_MAX_CONNECTIONS", default: Self.serverDefaults.connectionLimit))
    var maxConnections: Int?

    @Option(help: help("Seconds a connection may stay idle before it is closed.", "CALC_CONNECTION_TIMEOUT", default: Self.serverDefaults.connectionTimeout))
    var connectionTimeout: Int?

    @Option(help: help("Seconds a client has to send a request's line and headers, from when its connection opens or its last request ends (so also the idle time between requests); slower connections are closed.", "CALC_HEADER_TIMEOUT", default: Self.serverDefaults.headerTimeout))
    var headerTimeout: Int?

    @Option(help: help("Most concurrent connections from one client address; 0 = no limit.", "CALC_MAX_CONNECTIONS_PER_IP", default: Self.serverDefaults.perIPConnectionLimit))
    var maxConnectionsPerIp: Int?

    @Option(help: help("Memory per connection in bytes; bounds the request line and headers (larger ones get 431).", "CALC_MAX_HEADER_BYTES", default: Self.serverDefaults.connectionMemoryLimit))
    var maxHeaderBytes: Int?

    @Option(help: help("Require Authorization: Bearer <key> to create sessions (with --session-access open, on every /sessions route). Prefer the environment variable: flags show in ps.", "CALC_API_KEY", default: Self.serviceDefaults.apiKey ?? "none"))
    var apiKey: String?

    @Option(help: help("tokens: a session's routes need its owner or viewer token (creating one answers with the owner's); open: its id is enough (trusted networks, tests).", "CALC_SESSION_ACCESS", default: Self.serviceDefaults.sessionAccess.rawValue))
    var sessionAccess: String?

    @Option(help: help("Key presses a second per client, a request of n keys counting n (token bucket, bursts of twice that; a larger batch is let through when the bucket is full and paid for by waiting); 0 = no limit.", "CALC_PRESS_RATE", default: Self.serviceDefaults.pressesPerSecond))
    var pressRate: Double?

    @Option(help: help("New sessions a minute per client (token bucket); 0 = no limit.", "CALC_SESSION_RATE", default: Self.serviceDefaults.sessionsPerMinute))
    var sessionRate: Double?

    @Option(help: help("Clients following one session's events (GET /sessions/{id}/events); 503 beyond; 0 = no limit.", "CALC_MAX_WATCHERS_PER_SESSION", default: Self.serviceDefaults.watchersPerSession))
    var maxWatchersPerSession: Int?

    @Option(help: help("Event streams one client may follow at once; 429 beyond; 0 = no limit.", "CALC_MAX_WATCHERS_PER_CLIENT", default: Self.serviceDefaults.watchersPerClient))
    var maxWatchersPerClient: Int?

    @Flag(help: "Identify clients by the last X-Forwarded-For entry; only behind a proxy that sets it. [env: CALC_TRUST_PROXY=1]")
    var trustProxy = Self.serviceDefaults.trustProxy

    @Option(help: help("Origins whose pages may call the API: * or origins such as https://calc.example, repeated or separated by commas.", "CALC_CORS_ORIGIN", default: Self.serviceDefaults.cors))
    var corsOrigin: [String] = []

    @Option(help: help("Time requests in flight get to finish on SIGTERM or SIGINT: seconds or 10s, 1m.", "CALC_DRAIN_TIMEOUT", default: durationText(Self.defaultDrainTimeout)))
    var drainTimeout: String?

    @Option(help: help("Engine work one press or evaluation may take on the long-work threads, past which its answer is Error (precision): seconds or 10s, 1m.", "CALC_WORK_BUDGET", default: "\(Int(Self.serviceDefaults.workBudget))s"))
    var workBudget: String?

    @Option(help: help("Log level: trace, debug, info, notice, warning, error, critical.", "CALC_LOG_LEVEL", default: Self.defaultLogLevel))
    var logLevel: String?

    @Option(help: help("Log format: text, or json (one object per line).", "CALC_LOG_FORMAT", default: Self.defaultLogFormat))
    var logFormat: String?

    /// Test runs check every server's log for what must never be in one (a session token); this copy is written at
    /// every level and as JSON, whatever the level and format of the log itself.
    @Option(help: ArgumentHelp("Also write every log line, at every level, as JSON to a file of its own in this directory (test runs). [env: CALC_TEST_LOG_DIR]", visibility: .hidden))
    var testLogDir: String?

    func run() throws {
        let setting = Setting(environment: ProcessInfo.processInfo.environment)
        let levelName = setting.string(logLevel, "CALC_LOG_LEVEL", default: Self.defaultLogLevel)
        guard let level = Logger.Level(rawValue: levelName) else {
            throw ValidationError("--log-level must be one of \(Logger.Level.allCases.map(\.rawValue).joined(separator: ", ")), not \(levelName)")
        }
        let format = setting.string(logFormat, "CALC_LOG_FORMAT", default: Self.defaultLogFormat)
        guard format == "text" || format == "json" else { throw ValidationError("--log-format must be text or json, not \(format)") }
        let copyDirectory = setting.string(testLogDir, "CALC_TEST_LOG_DIR", default: "")
        let copy = copyDirectory.isEmpty ? nil : try LogLineHandler.file(in: copyDirectory)
        let output = try LogOutput(.standardError)
        defer {
            output.close()
            copy?.close()
        }
        LoggingSystem.bootstrap { label in
            var handler = LogLineHandler(label: label, format: format == "json" ? .json : .text, output: output)
            handler.logLevel = level
            guard let copy else { return handler }
            var copied = LogLineHandler(label: label, format: .json, output: copy)
            copied.logLevel = .trace
            return MultiplexLogHandler([handler, copied])
        }
        let logger = Logger(label: "calculator-server")

        var server = ServerConfiguration()
        server.host = setting.string(host, "CALC_HOST", default: server.host)
        server.port = try setting.number(port, "CALC_PORT", default: server.port, in: ServerConfiguration.Accepted.port, option: "--port")
        server.threads = try setting.number(threads, "CALC_THREADS", default: server.threads, in: ServerConfiguration.Accepted.threads, option: "--threads")
        server.maxBodySize = try setting.number(
            maxBody, "CALC_MAX_BODY", default: server.maxBodySize, in: ServerConfiguration.Accepted.maxBodySize, option: "--max-body")
        server.connectionLimit = try setting.number(
            maxConnections, "CALC_MAX_CONNECTIONS", default: server.connectionLimit, in: ServerConfiguration.Accepted.connectionLimit,
            option: "--max-connections")
        server.connectionTimeout = try setting.number(
            connectionTimeout, "CALC_CONNECTION_TIMEOUT", default: server.connectionTimeout, in: ServerConfiguration.Accepted.connectionTimeout,
            option: "--connection-timeout")
        server.headerTimeout = try setting.number(
            headerTimeout, "CALC_HEADER_TIMEOUT", default: server.headerTimeout, in: ServerConfiguration.Accepted.headerTimeout,
            option: "--header-timeout")
        server.perIPConnectionLimit = try setting.number(
            maxConnectionsPerIp, "CALC_MAX_CONNECTIONS_PER_IP", default: server.perIPConnectionLimit,
            in: ServerConfiguration.Accepted.perIPConnectionLimit, option: "--max-connections-per-ip")
        server.connectionMemoryLimit = try setting.number(
            maxHeaderBytes, "CALC_MAX_HEADER_BYTES", default: server.connectionMemoryLimit,
            in: ServerConfiguration.Accepted.connectionMemoryLimit, option: "--max-header-bytes")

        var service = ServiceConfiguration()
        service.apiKey = (apiKey ?? setting.environment["CALC_API_KEY"]).flatMap { $0.isEmpty ? nil : $0 }
        let accessName = setting.string(sessionAccess, "CALC_SESSION_ACCESS", default: service.sessionAccess.rawValue)
        guard let access = SessionAccessMode(rawValue: accessName) else {
            throw ValidationError("--session-access must be tokens or open, not \(accessName)")
        }
        service.sessionAccess = access
        service.pressesPerSecond = try setting.number(
            pressRate, "CALC_PRESS_RATE", default: service.pressesPerSecond, in: 0...1_000_000, option: "--press-rate")
        service.sessionsPerMinute = try setting.number(
            sessionRate, "CALC_SESSION_RATE", default: service.sessionsPerMinute, in: 0...1_000_000, option: "--session-rate")
        service.trustProxy = trustProxy || setting.environment["CALC_TRUST_PROXY"] == "1"
        service.maxKeysPerRequest = try setting.number(
            maxKeys, "CALC_MAX_KEYS", default: service.maxKeysPerRequest, in: 1...1_000_000, option: "--max-keys")
        service.cors = try corsPolicy(setting, default: service.cors.description)
        service.watchersPerSession = try setting.number(
            maxWatchersPerSession, "CALC_MAX_WATCHERS_PER_SESSION", default: service.watchersPerSession, in: 0...1_000_000,
            option: "--max-watchers-per-session")
        service.watchersPerClient = try setting.number(
            maxWatchersPerClient, "CALC_MAX_WATCHERS_PER_CLIENT", default: service.watchersPerClient, in: 0...1_000_000,
            option: "--max-watchers-per-client")

        service.sessions.ttl = try parseDuration(
            setting.string(sessionTtl, "CALC_SESSION_TTL", default: durationText(service.sessions.ttl)), option: "--session-ttl")
        service.sessions.maxSessions = try setting.number(
            maxSessions, "CALC_MAX_SESSIONS", default: service.sessions.maxSessions, in: 1...100_000_000, option: "--max-sessions")

        service.redisReplicas = try setting.number(
            redisReplicas, "CALC_REDIS_REPLICAS", default: service.redisReplicas, in: 0...16, option: "--redis-replicas")

        let drain = try parseDuration(
            setting.string(drainTimeout, "CALC_DRAIN_TIMEOUT", default: durationText(Self.defaultDrainTimeout)), option: "--drain-timeout")

        service.workBudget = Double(try parseDuration(
            setting.string(workBudget, "CALC_WORK_BUDGET", default: "\(Int(service.workBudget))s"), option: "--work-budget").components.seconds)

        let directory = setting.string(dataDir, "CALC_DATA_DIR", default: Self.defaultDataDirectory)
        let storeText = setting.string(store, "CALC_STORE", default: "sqlite:\(directory)/sessions.sqlite")
        guard let location = StoreLocation(storeText) else {
            throw ValidationError(
                "--store must be memory, sqlite:PATH, redis://[[USER]:PASSWORD@]HOST[:PORT][/DB] or redis-cluster://HOST:PORT[,HOST:PORT...], not \(StoreLocation.redacted(storeText))")
        }
        service.store = location
        var requestLines: [AccessLog.Destination] = []
        if level <= .info { requestLines.append(.init(output: output, json: format == "json")) }
        if let copy { requestLines.append(.init(output: copy, json: true)) }
        service.requestLog = requestLines.isEmpty ? nil : AccessLog(label: "calculator-server", destinations: requestLines)

        // Block the stop signals before the server starts its threads, so they inherit the mask and sigwait below receives them.
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGINT)
        sigaddset(&signals, SIGTERM)
        pthread_sigmask(SIG_BLOCK, &signals, nil)

        let calculator: CalculatorService
        do {
            calculator = try CalculatorService.make(service, logger: logger)
        } catch {
            logger.critical("could not open the session store", metadata: ["store": "\(location.logDescription)", "error.message": "\(error)"])
            throw ExitCode.failure
        }
        let http = Server(configuration: server, responder: calculator.responder)
        do {
            try http.start()
        } catch {
            logger.critical("could not start the HTTP server", metadata: ["error.message": "\(error)"])
            throw ExitCode.failure
        }
        announce(host: server.host, port: http.port, json: format == "json")
        logger.info(
            "started",
            metadata: [
                "store": "\(location.logDescription)", "threads": .stringConvertible(server.threads),
                "server.address": "\(server.host)", "server.port": .stringConvertible(http.port),
                "service.version": "\(CalculatorService.version)",
            ])

        var received: Int32 = 0
        sigwait(&signals, &received)
        logger.info("stopping", metadata: ["signal": "\(received == SIGTERM ? "SIGTERM" : "SIGINT")"])
        calculator.beginDraining()
        let interrupted = http.shutdown(drainTimeout: drain)
        if interrupted > 0 {
            logger.warning("drain timed out", metadata: ["http.requests_interrupted": .stringConvertible(interrupted)])
        }
        calculator.close()
        logger.info("stopped")
    }

    /// The line on standard output that tests and scripts read the bound port from: in JSON mode an object, as every
    /// other line, with the port in `server.port`.
    private func announce(host: String, port: Int, json: Bool) {
        let url = "http://\(host.contains(":") ? "[\(host)]" : host):\(port)"
        if json {
            let line = JSONLogLine.render(
                level: .info, message: "listening", label: "calculator-server",
                metadata: ["url.full": "\(url)", "server.address": "\(host)", "server.port": .stringConvertible(port)])
            print(String(decoding: line, as: UTF8.self))
        } else {
            print("calculator-server listening on \(url)")
        }
        fflush(nil)  // all streams: stdout is a C global Swift 6 will not touch
    }

    /// The flags if any were given, else the variable, else the default.
    private func corsPolicy(_ setting: Setting, default fallback: String) throws -> CORSPolicy {
        do throws(CORSPolicy.InvalidOrigin) {
            return try CORSPolicy(parsing: corsOrigin.isEmpty ? [setting.string(nil, "CALC_CORS_ORIGIN", default: fallback)] : corsOrigin)
        } catch {
            throw ValidationError("--cors-origin: \(error)")
        }
    }
}
