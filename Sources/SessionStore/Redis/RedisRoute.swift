/// Where a Redis store's calls go: the one pipeline of a single server, or the master of each call's slot on a
/// cluster (`RedisCluster`).
@usableFromInline
enum RedisRoute: Sendable {
    case server(RedisEndpoint, RedisPipeline)
    case cluster(RedisCluster)

    /// Queues `call` where its keys live; its completion runs on that pipeline's thread.
    @usableFromInline
    func send(_ call: ScriptCall, completion: @escaping @Sendable (Result<RedisReply, SessionStoreError>, _ isRetry: Bool) -> Void) {
        switch self {
        case .server(_, let pipeline): pipeline.send(call, completion: completion)
        case .cluster(let cluster): cluster.send(call, completion: completion)
        }
    }

    func close() {
        switch self {
        case .server(_, let pipeline): pipeline.close()
        case .cluster(let cluster): cluster.close()
        }
    }
}
