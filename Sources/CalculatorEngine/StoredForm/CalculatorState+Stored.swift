/// The stored form of a state (formats 2 and 3; `CalculatorState+Format1.swift` reads the JSON form before them).
/// See `StoredFormWriter` for the encoding and why it is binary. Fields in order:
/// format byte · settings (mode, angle, digits) · display · expression · error (flag, code, message) · 2nd ·
/// history (count, expression/result pairs) · the operation stack (`OperationStack+Stored.swift`: entry, value,
/// phase, pending, prefix, operandText, repeat) · memory, and in
/// format 3 the sections of `CalculatorState+StoredSections.swift` (radix and word, variables, a waiting sto or
/// rcl, programmer mode's engine, the undo steps). A state that needs none of them is written in format 2, byte for
/// byte what earlier versions wrote and read.
/// Numbers are their exact text (`Number.encoded`), optional ones as an optional string. Codes are spelled out
/// (`StoredCoded`), not taken from declaration order, so reordering a Swift enum cannot change stored data.
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
        stack.write(to: &writer, DecimalArithmetic())
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
        stack = try OperationStack(from: &reader, DecimalArithmetic())
        memoryValue = try reader.optionalNumber()
        // RPN mode's stack comes from its section, which a state in RPN mode always has.
        rpn = nil
        if format == 3 { try readSections(from: &reader) }
        if (settings.mode == .rpn) != (rpn != nil) { throw StoredFormError("RPN mode without its stack or the reverse") }
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

    mutating func number() throws -> Number {
        try number(string())
    }

    mutating func optionalNumber() throws -> Number? {
        guard let text = try optionalString() else { return nil }
        return try number(text)
    }

    /// A certified real written more than once (the memory, variables and undo steps that hold the same value) is
    /// read once, and the places that held it share it again, as they did in the state that wrote them.
    private mutating func number(_ text: String) throws -> Number {
        guard text.hasPrefix(Number.derivationPrefix) else { return try CalculatorState.number(text) }
        if let read = readReals[text] { return read }
        let number = try CalculatorState.number(text)
        readReals[text] = number
        return number
    }
}

extension CalculationMode: StoredCoded {
    static let storedOrder: [CalculationMode] = [.scientific, .immediate, .programmer, .rpn, .statistics]
    static let storedName = "calculation mode"
}

extension AngleUnit: StoredCoded {
    static let storedOrder: [AngleUnit] = [.deg, .rad, .grad]
    static let storedName = "angle unit"
}
