/// The operation stack in the stored form, one layout for every mode: entry · shown value · phase · pending (count;
/// 0 op left | 1 open outerPrefix) · prefix · operandText · repeat (0 none | 1 op operand). How an entry, a value and
/// an operator are written is the mode's (`StackArithmetic`, below); codes are spelled out (`StoredCoded`), not taken
/// from declaration order. Decoding checks that the entry and values are well formed and that typing has an entry.
extension OperationStack {
    func write(to writer: inout StoredFormWriter, _ arithmetic: A) {
        arithmetic.write(entry: entry, to: &writer)
        arithmetic.write(shown: value, to: &writer)
        writer.byte(phase.storedCode)
        writer.pending(pending, arithmetic)
        writer.string(prefix)
        writer.optionalString(operandText)
        writer.repeatOperation(lastOperation, arithmetic)
    }

    init(from reader: inout StoredFormReader, _ arithmetic: A) throws {
        self.init()
        entry = try arithmetic.readEntry(from: &reader)
        value = try arithmetic.readShown(from: &reader)
        phase = try Phase(storedCode: reader.byte())
        if phase == .entering && entry == nil { throw StoredFormError("typing without an entry") }
        pending = try reader.pending(arithmetic)
        prefix = try reader.string()
        operandText = try reader.optionalString()
        lastOperation = try reader.repeatOperation(arithmetic)
    }
}

/// The pending items and the repeated operation, which the undo steps store too.
extension StoredFormWriter {
    mutating func pending<A: StackArithmetic>(_ pending: [PendingItem<A.Value, A.Operator>], _ arithmetic: A) {
        unsigned(UInt64(pending.count))
        for item in pending {
            switch item {
            case .operation(let left, let op):
                byte(0)
                byte(op.storedCode)
                arithmetic.write(operand: left, to: &self)
            case .openParenthesis(let outer):
                byte(1)
                string(outer)
            }
        }
    }

    mutating func repeatOperation<A: StackArithmetic>(_ operation: RepeatOperation<A.Value, A.Operator>?, _ arithmetic: A) {
        if let operation {
            byte(1)
            byte(operation.op.storedCode)
            arithmetic.write(operand: operation.operand, to: &self)
        } else {
            byte(0)
        }
    }
}

extension StoredFormReader {
    mutating func pending<A: StackArithmetic>(_ arithmetic: A) throws -> [PendingItem<A.Value, A.Operator>] {
        let count = try count(minimumItemBytes: 2)
        var pending: [PendingItem<A.Value, A.Operator>] = []
        pending.reserveCapacity(count)
        for _ in 0..<count {
            switch try byte() {
            case 0:
                let op = try A.Operator(storedCode: byte())
                pending.append(.operation(left: try arithmetic.readOperand(from: &self), op: op))
            case 1:
                pending.append(.openParenthesis(outerPrefix: try string()))
            case let other:
                throw StoredFormError("pending item kind \(other)")
            }
        }
        return pending
    }

    mutating func repeatOperation<A: StackArithmetic>(_ arithmetic: A) throws -> RepeatOperation<A.Value, A.Operator>? {
        switch try byte() {
        case 0:
            return nil
        case 1:
            let op = try A.Operator(storedCode: byte())
            return RepeatOperation(op: op, operand: try arithmetic.readOperand(from: &self))
        case let other:
            throw StoredFormError("repeat flag \(other)")
        }
    }
}

/// The decimal modes: the entry as its flag (0 none, 1 typed, 2 pristine) and text, numbers as their exact text
/// (`Number.encoded`), the shown value as an optional one. The settings play no part.
extension DecimalArithmetic {
    func write(entry: InputBuffer?, to writer: inout StoredFormWriter) { writer.entry(entry) }
    func readEntry(from reader: inout StoredFormReader) throws -> InputBuffer? { try reader.entry() }
    func write(shown: Number?, to writer: inout StoredFormWriter) { writer.optionalNumber(shown) }
    func readShown(from reader: inout StoredFormReader) throws -> Number? { try reader.optionalNumber() }
    func write(operand: Number, to writer: inout StoredFormWriter) { writer.number(operand) }
    func readOperand(from reader: inout StoredFormReader) throws -> Number { try reader.number() }
}

/// Programmer mode: the entry as 0 (none), 1 and its magnitude and sign, or 2 (pristine); values as signed varints.
/// Decoding checks that every value fits the word and the entry the word and radix.
extension WordArithmetic {
    func write(entry: WordEntry?, to writer: inout StoredFormWriter) {
        guard let entry else { return writer.byte(0) }
        if entry.isPristine { return writer.byte(2) }
        writer.byte(1)
        writer.unsigned(entry.magnitude)
        writer.bool(entry.isNegative)
    }

    func readEntry(from reader: inout StoredFormReader) throws -> WordEntry? {
        switch try reader.byte() {
        case 0:
            return nil
        case 1:
            let magnitude = try reader.unsigned()
            let negative = try reader.bool()
            guard let typed = WordEntry(magnitude: magnitude, isNegative: negative, isPristine: false, radix: radix, word: word)
            else { throw StoredFormError("entry \(negative ? "-" : "")\(magnitude) outside the word or radix") }
            return typed
        case 2:
            return WordEntry()
        case let other:
            throw StoredFormError("entry flag \(other)")
        }
    }

    func write(shown: Int64, to writer: inout StoredFormWriter) { writer.signed(Int(shown)) }
    func readShown(from reader: inout StoredFormReader) throws -> Int64 { try readOperand(from: &reader) }
    func write(operand: Int64, to writer: inout StoredFormWriter) { writer.signed(Int(operand)) }

    func readOperand(from reader: inout StoredFormReader) throws -> Int64 {
        let value = Int64(try reader.signed())
        guard word.truncating(value) == value else { throw StoredFormError("\(value) outside a \(word.bits)-bit word") }
        return value
    }
}

extension Phase: StoredCoded {
    static let storedOrder: [Phase] = [.entering, .operand, .afterOperator, .afterOpenParenthesis, .closedGroup, .result]
    static let storedName = "phase"
}

extension BinaryOperator: StoredCoded {
    static let storedOrder: [BinaryOperator] = [.add, .subtract, .multiply, .divide, .power, .root, .logBase]
    static let storedName = "operator"
}

extension WordOperator: StoredCoded {
    static let storedOrder: [WordOperator] = [
        .add, .subtract, .multiply, .divide, .remainder, .and, .or, .xor, .nand, .nor, .shiftLeft, .shiftRight,
    ]
    static let storedName = "operator"
}
