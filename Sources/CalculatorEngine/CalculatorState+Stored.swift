/// The stored form of a state (formats 2 and 3; `CalculatorState+Format1.swift` reads the JSON form before them).
/// See `StoredFormWriter` for the encoding and why it is binary. Fields in order:
/// format byte · settings (mode, angle, digits) · display · expression · error (flag, code, message) · 2nd ·
/// history (count, expression/result pairs) · entry (0 none, 1 typed, 2 pristine; text) · value · phase · pending
/// (count; 0 op left | 1 open outerPrefix) · prefix · operandText · repeat (flag, op, operand) · memory, and in
/// format 3 the sections of `CalculatorState+StoredSections.swift` (radix and word, variables, a waiting sto or
/// rcl, programmer mode's engine, the undo steps). A state that needs none of them is written in format 2, byte for
/// byte what earlier versions wrote and read.
/// Numbers are their exact text (`Number.encoded`), optional ones as an optional string. Operator and phase codes
/// are spelled out below, not taken from declaration order, so reordering a Swift enum cannot change stored data.
/// Decoding checks that the entry and numbers are well formed, the codes known, and that typing has an entry.
extension CalculatorState {
    /// The newest format this version writes and reads (it reads format 2 too, and writes it when it can).
    public static let storedFormFormat: UInt8 = 3

    /// The state in the binary stored form.
    public var storedBytes: [UInt8] {
        var writer = StoredFormWriter()
        write(to: &writer)
        return writer.bytes
    }

    public init(storedBytes: [UInt8]) throws {
        var reader = StoredFormReader(storedBytes[...])
        try self.init(from: &reader)
        try reader.expectEnd()
    }

    /// Appends the stored form, so a container (the service's session record) can embed it without a copy.
    public func write(to writer: inout StoredFormWriter) {
        let hasSections = hasStoredSections
        writer.byte(hasSections ? 3 : 2)
        writer.byte(settings.mode.storedCode)
        writer.byte(settings.angle.storedCode)
        writer.signed(settings.digits)
        writer.string(display)
        writer.string(expression)
        writer.calculatorError(error)
        writer.bool(isSecondActive)
        writer.unsigned(UInt64(history.count))
        for item in history {
            writer.string(item.expression)
            writer.string(item.result)
        }
        writer.entry(entry)
        writer.optionalNumber(value)
        writer.byte(phase.storedCode)
        writer.pending(pending)
        writer.string(prefix)
        writer.optionalString(operandText)
        writer.repeatOperation(lastOperation)
        writer.optionalNumber(memoryValue)
        if hasSections { writeSections(to: &writer) }
    }

    /// Reads one state written by `write(to:)` and leaves the reader after it.
    public init(from reader: inout StoredFormReader) throws {
        let format = try reader.byte()
        guard format == 2 || format == 3 else {
            throw StoredFormError("unsupported calculator state format \(format); this version reads 2 and 3")
        }
        let mode = try CalculationMode(storedCode: reader.byte())
        let angle = try AngleUnit(storedCode: reader.byte())
        self.init(settings: Settings(mode: mode, angle: angle, digits: try reader.signed()))
        display = try reader.string()
        expression = try reader.string()
        error = try reader.calculatorError()
        isSecondActive = try reader.bool()
        let historyCount = try reader.count(minimumItemBytes: 2)
        guard historyCount <= Self.historyLimit else { throw StoredFormError("history of \(historyCount) entries") }
        var history: [HistoryEntry] = []
        history.reserveCapacity(historyCount)
        for _ in 0..<historyCount {
            history.append(HistoryEntry(expression: try reader.string(), result: try reader.string()))
        }
        self.history = history
        entry = try reader.entry()
        value = try reader.optionalNumber()
        phase = try Phase(storedCode: reader.byte())
        if phase == .entering && entry == nil { throw StoredFormError("typing without an entry") }
        pending = try reader.pending()
        prefix = try reader.string()
        operandText = try reader.optionalString()
        lastOperation = try reader.repeatOperation()
        memoryValue = try reader.optionalNumber()
        if format == 3 { try readSections(from: &reader) }
        if (settings.mode == .programmer) != (programmer != nil) { throw StoredFormError("programmer mode without its engine or the reverse") }
    }

    static func number(_ text: String) throws -> Number {
        guard let number = Number(encoded: text) else { throw StoredFormError("not a stored number: \(text.prefix(80))") }
        return number
    }
}

/// The parts of a state that its undo steps store too.
extension StoredFormWriter {
    mutating func calculatorError(_ error: CalculatorError?) {
        if let error {
            byte(1)
            string(error.code)
            string(error.message)
        } else {
            byte(0)
        }
    }

    mutating func entry(_ entry: InputBuffer?) {
        if let entry {
            byte(entry.isPristine ? 2 : 1)
            string(entry.text)
        } else {
            byte(0)
        }
    }

    mutating func pending(_ pending: [PendingItem]) {
        unsigned(UInt64(pending.count))
        for item in pending {
            switch item {
            case .operation(let left, let op):
                byte(0)
                byte(op.storedCode)
                number(left)
            case .openParenthesis(let outer):
                byte(1)
                string(outer)
            }
        }
    }

    mutating func repeatOperation(_ operation: RepeatOperation?) {
        if let operation {
            byte(1)
            byte(operation.op.storedCode)
            number(operation.operand)
        } else {
            byte(0)
        }
    }
}

extension StoredFormReader {
    mutating func calculatorError() throws -> CalculatorError? {
        switch try byte() {
        case 0: return nil
        case 1: return CalculatorError(code: try string(), message: try string())
        case let other: throw StoredFormError("error flag \(other)")
        }
    }

    mutating func entry() throws -> InputBuffer? {
        switch try byte() {
        case 0:
            return nil
        case let flag where flag <= 2:
            let text = try string()
            guard InputBuffer.isWellFormed(text) else { throw StoredFormError("malformed entry \(text)") }
            return InputBuffer(text: text, isPristine: flag == 2 && text == "0")
        case let other:
            throw StoredFormError("entry flag \(other)")
        }
    }

    mutating func pending() throws -> [PendingItem] {
        let count = try count(minimumItemBytes: 2)
        var pending: [PendingItem] = []
        pending.reserveCapacity(count)
        for _ in 0..<count {
            switch try byte() {
            case 0:
                let op = try BinaryOperator(storedCode: byte())
                pending.append(.operation(left: try number(), op: op))
            case 1:
                pending.append(.openParenthesis(outerPrefix: try string()))
            case let other:
                throw StoredFormError("pending item kind \(other)")
            }
        }
        return pending
    }

    mutating func repeatOperation() throws -> RepeatOperation? {
        switch try byte() {
        case 0:
            return nil
        case 1:
            let op = try BinaryOperator(storedCode: byte())
            return RepeatOperation(op: op, operand: try number())
        case let other:
            throw StoredFormError("repeat flag \(other)")
        }
    }

    mutating func number() throws -> Number {
        try CalculatorState.number(string())
    }

    mutating func optionalNumber() throws -> Number? {
        try optionalString().map(CalculatorState.number)
    }
}

extension CalculationMode {
    var storedCode: UInt8 {
        switch self {
        case .scientific: 0
        case .immediate: 1
        case .programmer: 2
        }
    }

    init(storedCode: UInt8) throws {
        switch storedCode {
        case 0: self = .scientific
        case 1: self = .immediate
        case 2: self = .programmer
        default: throw StoredFormError("calculation mode \(storedCode)")
        }
    }
}

extension AngleUnit {
    var storedCode: UInt8 {
        switch self {
        case .deg: 0
        case .rad: 1
        case .grad: 2
        }
    }

    init(storedCode: UInt8) throws {
        switch storedCode {
        case 0: self = .deg
        case 1: self = .rad
        case 2: self = .grad
        default: throw StoredFormError("angle unit \(storedCode)")
        }
    }
}

extension Phase {
    var storedCode: UInt8 {
        switch self {
        case .entering: 0
        case .operand: 1
        case .afterOperator: 2
        case .afterOpenParenthesis: 3
        case .closedGroup: 4
        case .result: 5
        }
    }

    init(storedCode: UInt8) throws {
        switch storedCode {
        case 0: self = .entering
        case 1: self = .operand
        case 2: self = .afterOperator
        case 3: self = .afterOpenParenthesis
        case 4: self = .closedGroup
        case 5: self = .result
        default: throw StoredFormError("phase \(storedCode)")
        }
    }
}

extension BinaryOperator {
    var storedCode: UInt8 {
        switch self {
        case .add: 0
        case .subtract: 1
        case .multiply: 2
        case .divide: 3
        case .power: 4
        case .root: 5
        case .logBase: 6
        }
    }

    init(storedCode: UInt8) throws {
        switch storedCode {
        case 0: self = .add
        case 1: self = .subtract
        case 2: self = .multiply
        case 3: self = .divide
        case 4: self = .power
        case 5: self = .root
        case 6: self = .logBase
        default: throw StoredFormError("operator \(storedCode)")
        }
    }
}
