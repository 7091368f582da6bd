/// What a key does to one entry of the memory list.
enum MemoryCommand: String, Sendable, CaseIterable {
    case clear = "mc", add = "m+", subtract = "m-", recall = "mr"

    /// The key's name for the entry at `entry` (0-based): `m+:2` for the second.
    func keyName(entry: Int) -> String { "\(rawValue):\(entry + 1)" }
}

/// Windows' memory list: MS puts the shown value first, the entries before it move down one; M+, M−, MR and MC act on
/// the entry chosen (`m+:2`, …), and the plain keys on the first, so a session that never presses MS has today's
/// single memory. `mc` clears the whole list, as Windows' MC does.
enum MemoryList {
    /// Entries kept: MS with a full list lets the last (oldest) go, as the history tape does.
    static let entryLimit = 8
}

/// The memory list's entries after the first and statistics mode's data set, as `CalculatorState.lists` keeps them.
struct KeptLists: Sendable, Equatable {
    var memoryList: [Number]?
    var statistics: DataSet?

    /// The two, or nil for neither: no box is made for two nils, and a state without lists equals any other.
    static func kept(memoryList: [Number]?, statistics: DataSet?) -> KeptLists? {
        memoryList == nil && statistics == nil ? nil : KeptLists(memoryList: memoryList, statistics: statistics)
    }
}

extension CalculatorState {
    /// The memory list's entries after the first, `memoryValue`; nil for none.
    var memoryList: [Number]? {
        get { lists?.memoryList }
        set { lists = KeptLists.kept(memoryList: newValue, statistics: statistics) }
    }

    /// The memory list, first entry first, formatted like the display; empty when memory is.
    public var memoryEntries: [String] {
        guard let first = memoryValue else { return [] }
        return [shownText(first)] + (memoryList ?? []).map(shownText)
    }

    /// Whether the memory list holds entries past the first, or a data set is kept: one look at a pointer, nil in most
    /// states, before a renderer asks for either.
    public var holdsLists: Bool { $lists.holdsValue }

    /// How many entries the memory list holds.
    public var memoryEntryCount: Int { memoryValue == nil ? 0 : 1 + (memoryList?.count ?? 0) }

    /// Whether `action` acts on an entry past the list's end but the first: `refusal(of:)` refuses it, and a press
    /// leaves everything as it is.
    func actsOnMissingMemoryEntry(_ action: KeyAction?) -> Bool {
        guard case .memoryEntry(_, let entry)? = action else { return false }
        return entry > 0 && Int(entry) >= memoryEntryCount
    }

    /// The list's entry at `index` (0 is `memoryValue`); nil past its end.
    func memoryEntry(_ index: Int) -> Number? {
        index == 0 ? memoryValue : memoryList.flatMap { index - 1 < $0.count ? $0[index - 1] : nil }
    }

    mutating func setMemoryEntry(_ index: Int, _ value: Number) {
        if index == 0 {
            memoryValue = value
        } else if var list = memoryList {
            list[index - 1] = value
            memoryList = list
        }
    }

    /// MC: the whole list.
    mutating func clearMemory() {
        memoryValue = nil
        memoryList = nil
    }

    /// MS: the current operand as the new first entry.
    mutating func pressMemoryStore(_ arithmetic: DecimalArithmetic) throws(StackFailure) {
        storeInMemory(try stack.takeOperand(arithmetic))
    }

    /// `number` as the new first entry, the others moved down one; the oldest goes when the list is full.
    mutating func storeInMemory(_ number: Number) {
        if let first = memoryValue {
            var list = [first] + (memoryList ?? [])
            if list.count >= MemoryList.entryLimit { list.removeLast(list.count - MemoryList.entryLimit + 1) }
            memoryList = list
        }
        memoryValue = number
    }

    /// MC of one entry: the ones after it move up.
    mutating func clearMemoryEntry(_ index: Int) {
        if index == 0 {
            memoryValue = memoryList?.first
            if let list = memoryList { memoryList = list.count > 1 ? Array(list.dropFirst()) : nil }
        } else if var list = memoryList {
            list.remove(at: index - 1)
            memoryList = list.isEmpty ? nil : list
        }
    }

    /// MC, M+, M− or MR on the entry at `index`; a key of one past the list's end but the first never comes here
    /// (`actsOnMissingMemoryEntry`).
    mutating func pressMemory(_ command: MemoryCommand, entry index: Int, _ arithmetic: DecimalArithmetic) throws(StackFailure) {
        switch command {
        case .clear: clearMemoryEntry(index)
        case .add, .subtract:
            if index == 0 { return try pressMemory(add: command == .add, arithmetic) }
            let operand = try stack.takeOperand(arithmetic)
            switch arithmetic.apply(command == .add ? .add : .subtract, memoryEntry(index) ?? .integer(0), operand) {
            case .success(let result): setMemoryEntry(index, result)
            case .failure(let failure): throw StackFailure(error: failure, attempted: Self.joined(stack.prefix, stack.operandText ?? ""))
            }
        case .recall:
            let number = memoryEntry(index) ?? .integer(0)
            stack.put(number, text: arithmetic.string(number))
        }
    }
}
