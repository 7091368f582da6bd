import CalculatorEngine
import SessionStore
import Synchronization

extension ServiceMetrics {
    /// Every metric in Prometheus's text format (0.0.4), each family under its `# HELP` and `# TYPE` lines: the
    /// service's own, then the build's and the process's. `liveSessions` is the store's count, nil when the store
    /// could not say; `nodes`, what each server behind the store did (a Redis Cluster's nodes).
    func exposition(liveSessions: Int?, nodes: [StoreNodeStatistics] = []) -> [UInt8] {
        var text = ""
        text.reserveCapacity(16_384)
        Self.family(
            "http_server_request_duration_seconds", .histogram,
            "Duration of HTTP server requests, by method, status code and route (the pattern, never the path).", into: &text)
        requestDurations.write("http_server_request_duration_seconds", routes: Self.routes, into: &text)

        Self.family("http_server_active_requests", .gauge, "HTTP server requests being answered, by method.", into: &text)
        for method in RequestMethod.allCases {
            let active = activeRequests[Int(method.rawValue)].load(ordering: .relaxed)
            text += "http_server_active_requests{http_request_method=\"\(method.label)\"} \(active)\n"
        }

        Self.family(
            "calculator_store_operation_duration_seconds", .histogram,
            "Duration of session store operations, from the call to the store's completion.", into: &text)
        for operation in StoreOperation.allCases {
            storeOperations[operation.index].write(
                "calculator_store_operation_duration_seconds", labels: "store=\"\(store)\",operation=\"\(operation.rawValue)\"",
                into: &text)
        }

        Self.family(
            "calculator_store_errors_total", .counter,
            "Session store operations that failed: the store unreachable (unavailable), a write it did not confirm in time "
                + "(outcome_unknown), or any other failure.", into: &text)
        for operation in StoreOperation.allCases {
            for kind in StoreErrorKind.allCases {
                let count = storeErrors[operation.index * StoreErrorKind.allCases.count + Int(kind.rawValue)].load(ordering: .relaxed)
                text += "calculator_store_errors_total{store=\"\(store)\",operation=\"\(operation.rawValue)\",error=\"\(kind.label)\"} \(count)\n"
            }
        }

        if let liveSessions {
            Self.family("calculator_sessions_live", .gauge, "Sessions in the store that have not expired.", into: &text)
            text += "calculator_sessions_live \(liveSessions)\n"
        }

        if !nodes.isEmpty { Self.writeNodes(nodes, into: &text) }

        Self.family("calculator_key_presses_total", .counter, "Keys pressed, by kind of key.", into: &text)
        for (index, kind) in keyKinds.enumerated() {
            text += "calculator_key_presses_total{kind=\"\(kind.rawValue)\"} \(presses[index].load(ordering: .relaxed))\n"
        }

        Self.family("calculator_rate_limited_total", .counter, "Requests refused by a rate limit, by limit.", into: &text)
        for (index, limit) in Self.rateLimits.enumerated() {
            text += "calculator_rate_limited_total{limit=\"\(limit)\"} \(rateLimited[index].load(ordering: .relaxed))\n"
        }

        Self.family("calculator_session_watchers", .gauge, "Clients following sessions' event streams on this instance.", into: &text)
        text += "calculator_session_watchers \(watchers.load(ordering: .relaxed))\n"
        Self.family(
            "calculator_session_watchers_dropped_total", .counter, "Event stream clients dropped for reading too slowly.", into: &text)
        text += "calculator_session_watchers_dropped_total \(droppedWatchers.load(ordering: .relaxed))\n"
        Self.family(
            "calculator_session_watchers_refused_total", .counter,
            "Event streams refused by a limit: a session's watchers (session) or a client's (client).", into: &text)
        for (index, limit) in Self.watcherLimits.enumerated() {
            text += "calculator_session_watchers_refused_total{limit=\"\(limit)\"} \(refusedWatchers[index].load(ordering: .relaxed))\n"
        }

        Self.family(
            "calculator_long_work_total", .counter,
            "Requests whose work ran on the long-work threads, off the event loops, by kind of work.", into: &text)
        for kind in LongWorkKind.allCases {
            text += "calculator_long_work_total{work=\"\(kind.label)\"} \(longWork[Int(kind.rawValue)].load(ordering: .relaxed))\n"
        }

        Self.family("calculator_build_info", .gauge, "The running build; its version is the label, the value always 1.", into: &text)
        text += "calculator_build_info{version=\"\(CalculatorService.version)\"} 1\n"

        ProcessMetrics.read().write(into: &text)
        return Array(text.utf8)
    }

    enum FamilyType: String {
        case counter, gauge, histogram
    }

    static func family(_ name: String, _ type: FamilyType, _ help: String, into text: inout String) {
        text += "# HELP \(name) \(help)\n# TYPE \(name) \(type.rawValue)\n"
    }

    /// Per node of a Redis Cluster: calls, failed calls, redirects, round trips and their time.
    private static func writeNodes(_ nodes: [StoreNodeStatistics], into text: inout String) {
        let counters: [(String, String, (StoreNodeStatistics) -> String)] = [
            ("calculator_redis_node_calls_total", "Calls sent to each Redis Cluster node.", { "\($0.calls)" }),
            ("calculator_redis_node_failed_calls_total",
             "Calls that failed for a Redis Cluster node's sake (unreachable, a broken connection, a node that cannot serve).",
             { "\($0.failedCalls)" }),
            ("calculator_redis_node_redirects_total", "Calls a Redis Cluster node sent elsewhere (MOVED, ASK).", { "\($0.redirects)" }),
            ("calculator_redis_node_round_trips_total", "Round trips (pipelined batches) to each Redis Cluster node.", { "\($0.roundTrips)" }),
            ("calculator_redis_node_round_trip_seconds_total", "Time spent in round trips to each Redis Cluster node.", { "\($0.roundTripSeconds)" }),
        ]
        for (name, help, value) in counters {
            family(name, .counter, help, into: &text)
            for node in nodes { text += "\(name){node=\"\(node.node)\"} \(value(node))\n" }
        }
    }
}
