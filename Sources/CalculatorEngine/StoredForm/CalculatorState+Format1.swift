/// Format 1: the JSON form of a state that the stores wrote before the binary stored form
/// (`CalculatorState+Stored.swift`). It is only read, to migrate what still holds it, and this file is the only
/// engine code that knows it.
///
/// A JSON object with `"format": 1`, the settings (`mode`, `angle`, `digits`, each defaulting when absent), the
/// public fields (`display`, `expression`, `error` {`code`, `message`}, `second`, `history` [{`expression`,
/// `result`}]) and the key machine's (`entry` and `entryPristine`, `value`, `phase`, `pending` [{`op`, `left`} or
/// {`open`}], `prefix`, `operandText`, `repeat` {`op`, `operand`}, `memory`). Numbers are strings that read back
/// exactly (`Number.encoded`): "p" or "p/q" for a rational, a hexadecimal binary float for an MPFR value; the
/// typed entry is its text ("1.50", "-0", "1e-3").
extension CalculatorState {
    /// A state read from its format-1 JSON, with any `Decoder`:
    /// `try JSONDecoder().decode(CalculatorState.Format1.self, from: data).state`, or as the type of a member of a
    /// larger format-1 object. Another format number, a malformed number, entry, operator or phase, or typing
    /// without an entry throws `DecodingError`.
    public struct Format1: Decodable, Sendable {
        public let state: CalculatorState

        private enum CodingKeys: String, CodingKey {
            case format, settings, display, expression, error, second, history
            case entry, entryPristine, value, phase, pending, prefix, operandText, repeatOperation = "repeat", memory
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            func corrupted(_ key: CodingKeys, _ message: String) -> DecodingError {
                DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: message)
            }
            func number(_ text: String, _ key: CodingKeys) throws -> Number {
                guard let number = Number(encoded: text) else { throw corrupted(key, "Not a stored number: \(text.prefix(80))") }
                return number
            }
            func binaryOperator(_ text: String, _ key: CodingKeys) throws -> BinaryOperator {
                guard let op = Self.operators[text] else { throw corrupted(key, "Unknown operator: \(text.prefix(80))") }
                return op
            }

            let format = try container.decode(Int.self, forKey: .format)
            guard format == 1 else { throw corrupted(.format, "Format \(format) is not format 1") }
            var state = CalculatorState(settings: try container.decode(StoredSettings.self, forKey: .settings).settings)
            state.display = try container.decode(String.self, forKey: .display)
            state.expression = try container.decode(String.self, forKey: .expression)
            state.error = try container.decodeIfPresent(StoredError.self, forKey: .error).map {
                CalculatorError(code: $0.code, message: $0.message)
            }
            state.isSecondActive = try container.decode(Bool.self, forKey: .second)
            state.history = try container.decode([StoredHistoryEntry].self, forKey: .history).suffix(CalculatorState.historyLimit).map {
                HistoryEntry(expression: $0.expression, result: $0.result)
            }
            if let text = try container.decodeIfPresent(String.self, forKey: .entry) {
                guard InputBuffer.isWellFormed(text) else { throw corrupted(.entry, "Malformed entry: \(text.prefix(80))") }
                let pristine = try container.decodeIfPresent(Bool.self, forKey: .entryPristine) ?? false
                state.stack.entry = InputBuffer(text: text, isPristine: pristine && text == "0")
            } else {
                state.stack.entry = nil
            }
            state.stack.value = try container.decodeIfPresent(String.self, forKey: .value).map { try number($0, .value) }
            let phase = try container.decode(String.self, forKey: .phase)
            guard let knownPhase = Self.phases[phase] else { throw corrupted(.phase, "Unknown phase: \(phase.prefix(80))") }
            state.stack.phase = knownPhase
            if state.stack.phase == .entering && state.stack.entry == nil { throw corrupted(.entry, "Typing without an entry") }
            state.stack.pending = try container.decode([StoredPending].self, forKey: .pending).map { item in
                if let open = item.open { return .openParenthesis(outerPrefix: open) }
                guard let op = item.op, let left = item.left else { throw corrupted(.pending, "Malformed pending item") }
                return .operation(left: try number(left, .pending), op: try binaryOperator(op, .pending))
            }
            state.stack.prefix = try container.decode(String.self, forKey: .prefix)
            state.stack.operandText = try container.decodeIfPresent(String.self, forKey: .operandText)
            if let stored = try container.decodeIfPresent(StoredRepeat.self, forKey: .repeatOperation) {
                state.stack.lastOperation = DecimalStack.Repeat(
                    op: try binaryOperator(stored.op, .repeatOperation), operand: try number(stored.operand, .repeatOperation))
            }
            state.memoryValue = try container.decodeIfPresent(String.self, forKey: .memory).map { try number($0, .memory) }
            self.state = state
        }

        /// The operators and phases by the names format 1 gave them.
        private static let operators: [String: BinaryOperator] = [
            "+": .add, "-": .subtract, "*": .multiply, "/": .divide, "pow": .power, "root": .root, "logy": .logBase,
        ]
        private static let phases: [String: Phase] = [
            "entering": .entering, "operand": .operand, "afterOperator": .afterOperator,
            "afterOpenParenthesis": .afterOpenParenthesis, "closedGroup": .closedGroup, "result": .result,
        ]

        /// Settings whose absent members take their defaults: `{"angle": "rad"}` is a valid settings object.
        private struct StoredSettings: Decodable {
            let settings: Settings

            private enum CodingKeys: String, CodingKey { case mode, angle, digits }

            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                var settings = Settings()
                if let text = try container.decodeIfPresent(String.self, forKey: .mode) {
                    // Format 1 knew scientific and immediate mode, degrees and radians only.
                    guard let mode = CalculationMode(rawValue: text), mode == .scientific || mode == .immediate else {
                        throw DecodingError.dataCorruptedError(forKey: .mode, in: container, debugDescription: "Unknown mode: \(text.prefix(80))")
                    }
                    settings.mode = mode
                }
                if let text = try container.decodeIfPresent(String.self, forKey: .angle) {
                    guard let angle = AngleUnit(rawValue: text), angle != .grad else {
                        throw DecodingError.dataCorruptedError(forKey: .angle, in: container, debugDescription: "Unknown angle: \(text.prefix(80))")
                    }
                    settings.angle = angle
                }
                settings.digits = try container.decodeIfPresent(Int.self, forKey: .digits) ?? settings.digits
                self.settings = settings
            }
        }

        private struct StoredError: Decodable {
            let code: String
            let message: String
        }

        private struct StoredHistoryEntry: Decodable {
            let expression: String
            let result: String
        }

        private struct StoredPending: Decodable {
            let op: String?
            let left: String?
            let open: String?
        }

        private struct StoredRepeat: Decodable {
            let op: String
            let operand: String
        }
    }
}
