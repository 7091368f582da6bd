public import Foundation
import OpenAPIRuntime
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What following a session yields: its state at each new version, then at most one end.
public enum SessionEvent: Sendable, Hashable {
    /// The session's state at a new version, settings included (openapi.yaml's `SessionEvent`).
    case state(Components.Schemas.SessionState)
    /// The stream's last event: the session was deleted, it expired, or the token it was followed with was revoked or
    /// expired (the session goes on).
    case ended(Components.Schemas.SessionEndReason, sessionID: String)
}

/// A refusal of an event stream: its status and the problem+json it answered with (nil when the body was not one).
public struct SessionStreamRefused: Error, Sendable {
    public let status: Int
    public let problem: Components.Schemas.Problem?
    public let retryAfter: Int?
}

/// Follows the session `id` at `serverURL` on a connection of its own (`GET /sessions/{id}/events`, with `token` as
/// its bearer token): its state now and at every new version, until an `.ended` event. The platform's URLSession
/// reads the body as it comes (the generated client's transport buffers it on Linux, where a stream never ends).
/// A dropped connection is opened again with `Last-Event-ID`, so no version comes twice, up to `retries` times in a
/// row; a refusal (401, 404, a 429 or 503 beyond `retries`) is thrown as `SessionStreamRefused`.
public func followSession(
    at serverURL: URL, id: String, token: String?, lastEventID: Int? = nil, retries: Int = 3
) -> AsyncThrowingStream<SessionEvent, any Error> {
    followSession(at: serverURL, id: id, token: token, lastEventID: lastEventID, retries: retries) { request in
        let connection = StreamingConnection(request)
        return (connection.body, { connection.cancel() })
    }
}

/// The body of one stream request as it comes, and how to close its connection.
typealias StreamOpener = @Sendable (URLRequest) -> (AsyncThrowingStream<ArraySlice<UInt8>, any Error>, @Sendable () -> Void)

/// `followSession` over the connections `open` makes (the tests' cut some short).
func followSession(
    at serverURL: URL, id: String, token: String?, lastEventID: Int?, retries: Int, open: @escaping StreamOpener
) -> AsyncThrowingStream<SessionEvent, any Error> {
    AsyncThrowingStream { continuation in
        let task = Task {
            do {
                var last = lastEventID
                var failures = 0
                while true {
                    var request = URLRequest(url: serverURL.appendingPathComponent("sessions").appendingPathComponent(id).appendingPathComponent("events"))
                    request.setValue("text/event-stream", forHTTPHeaderField: "Accept")
                    if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
                    if let last { request.setValue(String(last), forHTTPHeaderField: "Last-Event-ID") }
                    let (body, close) = open(request)
                    defer { close() }
                    do {
                        for try await event in body.asDecodedServerSentEvents() {
                            failures = 0
                            let data = Data((event.data ?? "").utf8)
                            if let name = event.event, let reason = Components.Schemas.SessionEndReason(rawValue: name) {
                                let end = try JSONDecoder().decode(Components.Schemas.SessionEnd.self, from: data)
                                continuation.yield(.ended(reason, sessionID: end.id))
                                continuation.finish()
                                return
                            }
                            let state = try JSONDecoder().decode(Components.Schemas.SessionState.self, from: data)
                            last = state.version
                            continuation.yield(.state(state))
                        }
                    } catch let refused as SessionStreamRefused {
                        guard refused.status == 429 || refused.status == 503, failures < retries else { throw refused }
                        failures += 1
                        try await Task.sleep(for: .seconds(refused.retryAfter ?? 1))
                        continue
                    } catch is CancellationError {
                        throw CancellationError()
                    } catch let error as URLError {
                        guard failures < retries else { throw error }
                    }
                    // The stream closed without its end (a slow reader is dropped, a proxy timed out): open it again.
                    failures += 1
                    try await Task.sleep(for: .milliseconds(250 << min(failures, 6)))
                }
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in task.cancel() }
    }
}

/// One GET whose body comes as it arrives, from a URLSession delegate: the platform's `bytes(for:)` is missing from
/// Linux's Foundation.
final class StreamingConnection: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    let body: AsyncThrowingStream<ArraySlice<UInt8>, any Error>
    private let continuation: AsyncThrowingStream<ArraySlice<UInt8>, any Error>.Continuation
    /// Set in `init` and cleared by `cancel`, both on the follower's task.
    private var session: URLSession?
    /// A refusal's body, collected until it ends. Touched only on the session's delegate queue.
    private var refusal: (status: Int, retryAfter: Int?, body: Data)?

    init(_ request: URLRequest) {
        (body, continuation) = AsyncThrowingStream.makeStream()
        super.init()
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        let session = URLSession(configuration: .ephemeral, delegate: self, delegateQueue: queue)
        self.session = session
        session.dataTask(with: request).resume()
    }

    func cancel() {
        session?.invalidateAndCancel()
        session = nil
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        if let http = response as? HTTPURLResponse, http.statusCode != 200 {
            refusal = (http.statusCode, (http.value(forHTTPHeaderField: "Retry-After")).flatMap { Int($0) }, Data())
        }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        if refusal != nil {
            refusal?.body.append(data)
        } else {
            continuation.yield(ArraySlice(data))
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        if let refusal {
            let problem = try? JSONDecoder().decode(Components.Schemas.Problem.self, from: refusal.body)
            continuation.finish(throwing: SessionStreamRefused(status: refusal.status, problem: problem, retryAfter: refusal.retryAfter))
        } else if let error {
            continuation.finish(throwing: error)
        } else {
            continuation.finish()
        }
        session.finishTasksAndInvalidate()
    }
}
