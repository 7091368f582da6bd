/// A case stored as one byte: its place in `storedOrder`, a list spelled out so that reordering the Swift declaration
/// cannot change stored data. A new case goes at the end of the list.
protocol StoredCoded: Equatable {
    static var storedOrder: [Self] { get }
    /// What the cases are, for the error an unknown code gives ("operator 12").
    static var storedName: String { get }
}

extension StoredCoded {
    var storedCode: UInt8 { UInt8(Self.storedOrder.firstIndex(of: self)!) }

    init(storedCode: UInt8) throws {
        let order = Self.storedOrder
        guard Int(storedCode) < order.count else { throw StoredFormError("\(Self.storedName) \(storedCode)") }
        self = order[Int(storedCode)]
    }
}
