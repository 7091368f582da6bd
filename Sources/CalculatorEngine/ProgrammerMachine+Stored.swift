/// Programmer mode's engine in format 3's last section (`CalculatorState+StoredSections.swift`). Fields in order:
/// entry (0 none, 1 typed: magnitude, negative; 2 pristine) · value · phase · pending (count; 0 op left | 1 open
/// outerPrefix) · prefix · operandText · repeat (flag, op, operand). Values are signed varints; the error is the
/// state's. Decoding checks that every value and the entry fit the word and radix and that typing has an entry.
extension ProgrammerMachine {
    func write(to writer: inout StoredFormWriter) {
        if let entry {
            if entry.isPristine {
                writer.byte(2)
            } else {
                writer.byte(1)
                writer.unsigned(entry.magnitude)
                writer.bool(entry.isNegative)
            }
        } else {
            writer.byte(0)
        }
        writer.signed(Int(value))
        writer.byte(phase.storedCode)
        writer.unsigned(UInt64(pending.count))
        for item in pending {
            switch item {
            case .operation(let left, let op):
                writer.byte(0)
                writer.byte(op.storedCode)
                writer.signed(Int(left))
            case .openParenthesis(let outer):
                writer.byte(1)
                writer.string(outer)
            }
        }
        writer.string(prefix)
        writer.optionalString(operandText)
        if let lastOperation {
            writer.byte(1)
            writer.byte(lastOperation.op.storedCode)
            writer.signed(Int(lastOperation.operand))
        } else {
            writer.byte(0)
        }
    }

    init(from reader: inout StoredFormReader, settings: Settings, error: CalculatorError?) throws {
        let word = settings.word
        func wordValue() throws -> Int64 {
            let value = Int64(try reader.signed())
            guard word.truncating(value) == value else { throw StoredFormError("\(value) outside a \(word.bits)-bit word") }
            return value
        }
        self.init()
        switch try reader.byte() {
        case 0:
            entry = nil
        case 1:
            let magnitude = try reader.unsigned()
            let negative = try reader.bool()
            guard let typed = WordEntry(magnitude: magnitude, isNegative: negative, isPristine: false, radix: settings.radix, word: word)
            else { throw StoredFormError("entry \(negative ? "-" : "")\(magnitude) outside the word or radix") }
            entry = typed
        case 2:
            entry = WordEntry()
        case let other:
            throw StoredFormError("entry flag \(other)")
        }
        value = try wordValue()
        phase = try Phase(storedCode: reader.byte())
        if phase == .entering && entry == nil { throw StoredFormError("typing without an entry") }
        let pendingCount = try reader.count(minimumItemBytes: 2)
        var pending: [WordPendingItem] = []
        pending.reserveCapacity(pendingCount)
        for _ in 0..<pendingCount {
            switch try reader.byte() {
            case 0:
                let op = try WordOperator(storedCode: reader.byte())
                pending.append(.operation(left: try wordValue(), op: op))
            case 1:
                pending.append(.openParenthesis(outerPrefix: try reader.string()))
            case let other:
                throw StoredFormError("pending item kind \(other)")
            }
        }
        self.pending = pending
        prefix = try reader.string()
        operandText = try reader.optionalString()
        switch try reader.byte() {
        case 0:
            lastOperation = nil
        case 1:
            let op = try WordOperator(storedCode: reader.byte())
            lastOperation = WordRepeat(op: op, operand: try wordValue())
        case let other:
            throw StoredFormError("repeat flag \(other)")
        }
        self.error = error
    }
}

extension WordOperator {
    var storedCode: UInt8 {
        switch self {
        case .add: 0
        case .subtract: 1
        case .multiply: 2
        case .divide: 3
        case .remainder: 4
        case .and: 5
        case .or: 6
        case .xor: 7
        case .nand: 8
        case .nor: 9
        case .shiftLeft: 10
        case .shiftRight: 11
        }
    }

    init(storedCode: UInt8) throws {
        switch storedCode {
        case 0: self = .add
        case 1: self = .subtract
        case 2: self = .multiply
        case 3: self = .divide
        case 4: self = .remainder
        case 5: self = .and
        case 6: self = .or
        case 7: self = .xor
        case 8: self = .nand
        case 9: self = .nor
        case 10: self = .shiftLeft
        case 11: self = .shiftRight
        default: throw StoredFormError("operator \(storedCode)")
        }
    }
}
