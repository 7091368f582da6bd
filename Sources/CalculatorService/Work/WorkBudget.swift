import CalculatorEngine
import Synchronization

/// What one request's engine work may take where it runs, as a `ClimbMeter` the engine asks before each doubling of a
/// certified result's precision.
///
/// In place (an event loop, a store's thread, where other requests wait behind it) a climb may reach `inPlaceBits`
/// within `inPlaceTime`; past either the work stops, and the request is worked out again as long work
/// (`MovesToLongWork`), so that what costs little by its keys' names but much by its numbers (`rcl x − rcl y =` on two
/// equal values reached two ways) never holds a shared thread. On long work the climb may go to the engine's own
/// budget within the service's `--work-budget` seconds; past them the result is Error (precision), a clear answer.
final class WorkBudget: ClimbMeter {
    /// 1,024 bits: the first two doublings, tens of microseconds for the engine's functions.
    static let inPlaceBits = 1_024
    static let inPlaceTime: Int64 = 1_000_000

    private let started = ServiceMetrics.now()
    private let maxBits: Int
    private let nanoseconds: Int64
    private let said = Atomic<Bool>(false)

    private init(maxBits: Int, nanoseconds: Int64) {
        self.maxBits = maxBits
        self.nanoseconds = nanoseconds
    }

    static func inPlace() -> WorkBudget { WorkBudget(maxBits: inPlaceBits, nanoseconds: inPlaceTime) }

    static func longWork(seconds: Double) -> WorkBudget { WorkBudget(maxBits: .max, nanoseconds: Int64(seconds * 1e9)) }

    func permits(precision: Int) -> Bool {
        guard precision > maxBits || ServiceMetrics.now() - started > nanoseconds else { return true }
        said.store(true, ordering: .relaxed)
        return false
    }

    /// Whether the work was stopped: in place, it is to be done again as long work; on long work, its Error stands.
    var wasExceeded: Bool { said.load(ordering: .relaxed) }

    /// `body` with this budget on the engine's climbs.
    func run<Value, Failure: Error>(_ body: () throws(Failure) -> Value) throws(Failure) -> Value {
        let result: Result<Value, Failure> = Climbs.$meter.withValue(self) { Result(catching: body) }
        return try result.get()
    }
}

/// Thrown by an update worked out in place whose work passed `WorkBudget`'s in-place limits: nothing is written, and
/// the endpoint hands the same update to long work.
struct MovesToLongWork: Error {}
