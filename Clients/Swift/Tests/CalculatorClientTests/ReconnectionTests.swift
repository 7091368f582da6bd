@testable import CalculatorClient
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Synchronization
import Testing

/// A followed session whose connection drops: the follower opens the stream again with `Last-Event-ID`, and no
/// version comes twice.
@Suite struct ReconnectionTests {
    /// Opens real connections, the first of which ends after its first event, as a dropped one does; records the
    /// `Last-Event-ID` of each request.
    final class CuttingOpener: Sendable {
        let lastEventIDs = Mutex<[String?]>([])

        func open(_ request: URLRequest) -> (AsyncThrowingStream<ArraySlice<UInt8>, any Error>, @Sendable () -> Void) {
            let count = lastEventIDs.withLock { ids in
                ids.append(request.value(forHTTPHeaderField: "Last-Event-ID"))
                return ids.count
            }
            let connection = StreamingConnection(request)
            guard count == 1 else { return (connection.body, { connection.cancel() }) }
            let cut = AsyncThrowingStream<ArraySlice<UInt8>, any Error> { continuation in
                Task {
                    var seen: [UInt8] = []
                    do {
                        for try await chunk in connection.body {
                            continuation.yield(chunk)
                            seen += chunk
                            if String(decoding: seen, as: UTF8.self).contains("\n\n") { break }
                        }
                        continuation.finish()
                    } catch {
                        continuation.finish(throwing: error)
                    }
                }
            }
            return (cut, { connection.cancel() })
        }
    }

    @Test func aDroppedStreamIsOpenedAgainFromTheLastVersion() async throws {
        let server = try ServerProcess()
        let client = Client(calculatorAt: server.url)
        let id = try await client.createSession().created.body.json.id
        let opener = CuttingOpener()
        var events = followSession(at: server.url, id: id, token: nil, lastEventID: nil, retries: 3, open: opener.open)
            .makeAsyncIterator()
        guard case .state(let first) = try await events.next() else { Issue.record("no first state"); return }
        #expect(first.version == 1)
        _ = try await client.pressKeys(path: .init(id: id), body: .json(.KeyBatch(.init(keys: .KeySequence("9"))))).ok
        guard case .state(let second) = try await events.next() else { Issue.record("no second state"); return }
        #expect(second.version == 2 && second.display == "9")
        #expect(opener.lastEventIDs.withLock { $0 } == [nil, "1"])
    }
}
