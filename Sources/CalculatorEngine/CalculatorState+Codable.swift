
/// The stored form of a state: a JSON object with `"format": 1`. Numbers are strings that read back exactly:
/// an exact rational as "p" or "p/q" in decimal ("1/3", "-5", "3/20"), an MPFR value as a hexadecimal binary float
/// with all of its 256 bits ("0x0.c90fdaa2…p+2"). The typed entry is kept as its text ("1.50", "-0", "1e-3").
/// Decoding rejects any other format number and malformed numbers or entries with `DecodingError.dataCorrupted`.
/// The stores now write the binary form (format 2, `CalculatorState+Stored.swift`); this one stays readable for rows
/// written before it.
extension CalculatorState: Codable {
    public static let storageFormat = 1

    private enum CodingKeys: String, CodingKey {
        case format, settings, display, expression, error, second, history
        case entry, entryPristine, value, phase, pending, prefix, operandText, repeatOperation = "repeat", memory
    }

    private struct StoredPending: Codable {
        var op: String?
        var left: String?
        var open: String?
    }

    private struct StoredRepeat: Codable {
        var op: String
        var operand: String
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(Self.storageFormat, forKey: .format)
        try container.encode(settings, forKey: .settings)
        try container.encode(display, forKey: .display)
        try container.encode(expression, forKey: .expression)
        try container.encodeIfPresent(error, forKey: .error)
        try container.encode(isSecondActive, forKey: .second)
        try container.encode(history, forKey: .history)
        try container.encodeIfPresent(entry?.text, forKey: .entry)
        if let entry { try container.encode(entry.isPristine, forKey: .entryPristine) }
        try container.encodeIfPresent(value?.encoded, forKey: .value)
        try container.encode(phase, forKey: .phase)
        let stored = pending.map { item -> StoredPending in
            switch item {
            case .operation(let left, let op): StoredPending(op: op.rawValue, left: left.encoded)
            case .openParenthesis(let outer): StoredPending(open: outer)
            }
        }
        try container.encode(stored, forKey: .pending)
        try container.encode(prefix, forKey: .prefix)
        try container.encodeIfPresent(operandText, forKey: .operandText)
        if let lastOperation {
            try container.encode(
                StoredRepeat(op: lastOperation.op.rawValue, operand: lastOperation.operand.encoded), forKey: .repeatOperation)
        }
        try container.encodeIfPresent(memoryValue?.encoded, forKey: .memory)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let format = try container.decode(Int.self, forKey: .format)
        guard format == Self.storageFormat else {
            throw DecodingError.dataCorruptedError(
                forKey: .format, in: container,
                debugDescription: "Unsupported calculator state format \(format); this version reads format \(Self.storageFormat)")
        }
        func number(_ text: String, _ key: CodingKeys) throws -> Number {
            guard let number = Number(encoded: text) else {
                throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: "Not a stored number: \(text)")
            }
            return number
        }
        func binaryOperator(_ text: String, _ key: CodingKeys) throws -> BinaryOperator {
            guard let op = BinaryOperator(rawValue: text) else {
                throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: "Unknown operator: \(text)")
            }
            return op
        }
        self.init(settings: try container.decode(Settings.self, forKey: .settings))
        display = try container.decode(String.self, forKey: .display)
        expression = try container.decode(String.self, forKey: .expression)
        error = try container.decodeIfPresent(CalculatorError.self, forKey: .error)
        isSecondActive = try container.decode(Bool.self, forKey: .second)
        history = Array(try container.decode([HistoryEntry].self, forKey: .history).suffix(Self.historyLimit))
        if let text = try container.decodeIfPresent(String.self, forKey: .entry) {
            guard InputBuffer.isWellFormed(text) else {
                throw DecodingError.dataCorruptedError(forKey: .entry, in: container, debugDescription: "Malformed entry: \(text)")
            }
            let pristine = try container.decodeIfPresent(Bool.self, forKey: .entryPristine) ?? false
            entry = InputBuffer(text: text, isPristine: pristine && text == "0")
        } else {
            entry = nil
        }
        value = try container.decodeIfPresent(String.self, forKey: .value).map { try number($0, .value) }
        phase = try container.decode(Phase.self, forKey: .phase)
        if phase == .entering && entry == nil {
            throw DecodingError.dataCorruptedError(forKey: .entry, in: container, debugDescription: "Typing without an entry")
        }
        pending = try container.decode([StoredPending].self, forKey: .pending).map { item in
            if let open = item.open { return .openParenthesis(outerPrefix: open) }
            guard let op = item.op, let left = item.left else {
                throw DecodingError.dataCorruptedError(forKey: .pending, in: container, debugDescription: "Malformed pending item")
            }
            return .operation(left: try number(left, .pending), op: try binaryOperator(op, .pending))
        }
        prefix = try container.decode(String.self, forKey: .prefix)
        operandText = try container.decodeIfPresent(String.self, forKey: .operandText)
        if let stored = try container.decodeIfPresent(StoredRepeat.self, forKey: .repeatOperation) {
            lastOperation = RepeatOperation(
                op: try binaryOperator(stored.op, .repeatOperation), operand: try number(stored.operand, .repeatOperation))
        }
        memoryValue = try container.decodeIfPresent(String.self, forKey: .memory).map { try number($0, .memory) }
    }
}
