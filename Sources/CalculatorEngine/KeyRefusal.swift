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
        case .awaitingVariable: "\(detail ?? "sto or rcl") waits for a variable key (x, y, z, t) or AC"
        case .noCommandAwaiting: "The variable key \(key) completes sto or rcl, and neither waits"
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
        guard key.works(in: mode) else { return refused(.notInMode) }
        if let awaiting {
            if !key.answersAwaitingCommand { return refused(.awaitingVariable, awaiting.rawValue) }
        } else if case .variable(.name)? = key.action {
            return refused(.noCommandAwaiting)
        }
        if mode == .programmer, case .digit(let digit)? = key.programmerAction, digit >= settings.radix.base {
            return refused(.notInRadix, settings.radix.rawValue)
        }
        return nil
    }
}
