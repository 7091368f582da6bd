import CalculatorService

/// The fixture's store as the service opens it in process (`InProcessClient`); apart from `StoreFixture`, which the
/// Swift client's tests share and which so names nothing of the service.
extension StoreFixture {
    var location: StoreLocation {
        switch kind {
        case .memory: .memory
        case .sqlite: .sqlite(path: sqlitePath!)
        case .redis: .redis(url: redisURL!)
        }
    }
}
