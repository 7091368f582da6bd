/// Why a key may not be pressed now. A refused key changes nothing (`CalculatorState.apply` ignores it); the service
/// answers 422 and presses nothing of the batch.
public struct KeyRefusal: Error, Sendable, Equatable {
    public enum Reason: String, Sendable {
        /// The key has no meaning in the mode (`sin` in programmer mode, `A` in scientific mode).
        case notInMode = "not_in_mode"
        /// A digit at or above the radix's base (`A` in dec, `2` in bin).
        case notInRadix = "not_in_radix"
        /// `sto` or `rcl` waits for a variable key (or AC).
        case awaitingVariable = "awaiting_variable"
        /// A variable key without `sto` or `rcl` before it.
        case noCommandAwaiting = "no_command_awaiting"
        /// `convert` before the session has units to convert between (`Settings.conversion`).
        case noConversion = "no_conversion"
        /// `=` or a bracket in RPN mode, whose operators take their operands from the stack.
        case notInRPN = "not_in_rpn"
        /// A bit key (`bit0`…`bit63`) at or above the word's size.
        case notInWord = "not_in_word"
        /// A memory list key (`m+:3`) for an entry past the list's end.
        case noMemoryEntry = "no_memory_entry"
    }

    /// The key's canonical name.
    public let key: String
    public let mode: CalculationMode
    public let reason: Reason
    /// The radix of a digit refused as `notInRadix`, or the command of `awaitingVariable`.
    public let detail: String?

    /// A sentence for people.
    public var message: String {
        switch reason {
        case .notInMode: "The key \(key) has no meaning in \(mode.rawValue) mode"
        case .notInRadix: "\(key) is not a digit in \(detail ?? "this radix")"
        case .awaitingVariable: "\(detail ?? "sto or rcl") waits for a variable key (x, y, z, t) or AC, not \(key)"
        case .noCommandAwaiting: "The variable key \(key) completes sto or rcl, and neither waits"
        case .noConversion: "convert converts the display between the session's units, and none are set (PATCH \"convert\")"
        case .notInWord: "\(key) flips a bit outside the \(detail ?? "")-bit word, whose bits are bit0 to bit\((Int(detail ?? "") ?? 64) - 1)"
        case .notInRPN:
            key == "="
                ? "RPN mode has no =: an operator acts at once on Y and X; press enter between two numbers (3 enter 4 +)"
                : "RPN mode has no brackets: enter the operands, then each operator after its operands (2 enter 3 + 4 * is (2 + 3) × 4)"
        case .noMemoryEntry: "\(key) acts on a memory entry the list does not have (it holds \(detail ?? "none"); ms adds one)"
        }
    }
}

extension CalculatorState {
    /// Why `key` may not be pressed now, or nil when it may: a key of another mode, a digit outside the radix, a key
    /// other than a variable or AC while `sto` or `rcl` waits, a variable key while neither waits.
    public func refusal(of key: Key) -> KeyRefusal? {
        let mode = settings.mode
        func refused(_ reason: KeyRefusal.Reason, _ detail: String? = nil) -> KeyRefusal {
            KeyRefusal(key: key.name, mode: mode, reason: reason, detail: detail)
        }
        guard key.works(in: mode) else { return refused(mode == .rpn && key.action?.worksInRPN == false ? .notInRPN : .notInMode) }
        // The key's actions are read once each: every check below asks what the key does.
        let action = key.action
        if let awaiting {
            if !key.answersAwaitingCommand { return refused(.awaitingVariable, awaiting.rawValue) }
        } else if case .variable(.name)? = action {
            return refused(.noCommandAwaiting)
        }
        switch action {
        case .convert? where settings.conversion == nil: return refused(.noConversion)
        case .memoryEntry? where actsOnMissingMemoryEntry(action):
            return refused(.noMemoryEntry, String(memoryEntryCount))
        default: break
        }
        guard mode == .programmer else { return nil }
        switch key.programmerAction {
        case .digit(let digit)? where digit >= settings.radix.base: return refused(.notInRadix, settings.radix.rawValue)
        case .flipBit(let bit)? where Int(bit) >= settings.word.bits: return refused(.notInWord, String(settings.word.bits))
        default: break
        }
        return nil
    }
}

extension CalculatorState {
    /// The first of `keys` that `refusal(of:)` refuses when they are pressed in order, with its place; nil when
    /// every key may be pressed. A refusal depends on the mode (no key changes it), the radix and a waiting `sto` or
    /// `rcl`: without a key that changes those two (undo and redo may restore a waiting command), each key is checked
    /// against this state; otherwise the keys are pressed on a copy, as they will be.
    public func firstRefusal(in keys: some Collection<Key>) -> (index: Int, refusal: KeyRefusal)? {
        if awaiting == nil, !keys.contains(where: \.changesRefusals) {
            for (index, key) in keys.enumerated() {
                if let refusal = refusal(of: key) { return (index, refusal) }
            }
            return nil
        }
        var copy = self
        var random = SystemRandom()
        for (index, key) in keys.enumerated() {
            if let refusal = copy.refusal(of: key) { return (index, refusal) }
            copy.apply(key, random: &random)
        }
        return nil
    }
}

extension Key {
    /// Whether pressing the key can change which keys are refused next: sto, rcl and the variable keys (a waiting
    /// command), undo and redo (they may bring back a waiting command), the radix keys (the digits of the radix) and
    /// the word keys (the bits of the word).
    var changesRefusals: Bool {
        switch action {
        case .variable?, .undo?, .redo?: return true
        // The memory list's length decides which entry keys are refused.
        case .memoryStore?, .memoryClear?, .memoryEntry(.clear, _)?: return true
        default: break
        }
        switch programmerAction {
        case .radix?, .word?: return true
        default: break
        }
        return false
    }
}
