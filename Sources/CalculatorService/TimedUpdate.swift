import SessionStore

/// An update timed from the call to the store to its completion, for `calculator_store_operation_duration_seconds`:
/// it passes the check and the change through, and records the time before the update's own completion renders the
/// reply. Generic, so that the store runs it specialized as it runs the update itself.
struct TimedUpdate<Update: SessionUpdate>: SessionUpdate {
    let update: Update
    let metrics: ServiceMetrics
    let started: Int64

    init(_ update: Update, metrics: ServiceMetrics) {
        self.update = update
        self.metrics = metrics
        self.started = ServiceMetrics.now()
    }

    var id: SessionID { update.id }

    func check(_ value: borrowing Update.Value, version: UInt64) throws -> Check<Update.Output> {
        try update.check(value, version: version)
    }

    func change(_ value: inout Update.Value, version: UInt64) -> Update.Output {
        update.change(&value, version: version)
    }

    func complete(_ result: Result<(version: UInt64, output: Update.Output), any Error>) {
        metrics.storeOperation(.update, since: started)
        update.complete(result)
    }
}
