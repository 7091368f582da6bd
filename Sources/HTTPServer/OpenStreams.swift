import Threading

/// The response streams being sent, so that stopping can finish them: a stream lasts as long as its client stays, and
/// neither a drain nor libmicrohttpd's stop (which must find no connection suspended) can wait for that.
final class OpenStreams: Sendable {
    private struct Streams {
        var open: [ObjectIdentifier: ResponseStream] = [:]
        /// Set once stopping has begun: a stream queued after that is finished at once.
        var finishing = false
    }

    private let streams = Lock(Streams())

    /// False once stopping has begun: the caller then finishes the stream.
    func add(_ stream: ResponseStream) -> Bool {
        streams.withLock { streams in
            if streams.finishing { return false }
            streams.open[ObjectIdentifier(stream)] = stream
            return true
        }
    }

    func remove(_ stream: ResponseStream) {
        _ = streams.withLock { $0.open.removeValue(forKey: ObjectIdentifier(stream)) }
    }

    /// Finishes every open stream (each sends what it has queued, then ends), and every stream queued from now on.
    func finishAll() {
        let open = streams.withLock { streams in
            streams.finishing = true
            return Array(streams.open.values)
        }
        for stream in open { stream.finish() }
    }
}
