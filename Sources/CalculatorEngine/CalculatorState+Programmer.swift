/// The value in each radix, as Windows shows them side by side in programmer mode.
public struct RadixDisplays: Sendable, Equatable {
    public let hex, dec, oct, bin: String
}

extension CalculatorState {
    /// In programmer mode, the shown value in every radix; nil in the other modes and while Error shows.
    public var radixDisplays: RadixDisplays? {
        guard settings.mode == .programmer, error == nil, let programmer else { return nil }
        let value = programmer.shownValue(word: settings.word)
        func string(_ radix: Radix) -> String { RadixFormatter(radix: radix, word: settings.word).string(value) }
        return RadixDisplays(hex: string(.hex), dec: string(.dec), oct: string(.oct), bin: string(.bin))
    }

    /// In programmer mode, the shown value's digits in each radix (hex, dec, oct, bin: `Radix.allCases`), lent to
    /// `body` without making a String (the service writes them into its reply). False, and no call, in the other
    /// modes and while Error shows.
    public func forEachRadixDigits(_ body: (Radix, Span<UInt8>) -> Void) -> Bool {
        guard settings.mode == .programmer, error == nil, let value = programmer?.shownValue(word: settings.word) else { return false }
        for radix in Radix.allCases {
            RadixFormatter(radix: radix, word: settings.word).withDigits(value) { body(radix, $0) }
        }
        return true
    }

    /// A number as the display shows one (memory, variables): in the radix in programmer mode.
    func shownText(_ number: Number) -> String {
        guard settings.mode == .programmer else { return formatter.string(number) }
        return RadixFormatter(settings).string(number.truncated(to: settings.word))
    }

    /// A key in programmer mode: the engine's own keys go to `ProgrammerMachine`; memory, variables, radix and word,
    /// which outlive the engine, are handled here.
    mutating func applyProgrammer(_ key: Key) {
        guard let action = key.programmerAction, var machine = programmer else { return }
        // Taken out while it changes, so that its arrays and strings stay uniquely referenced.
        programmer = nil
        let evaluated = press(action, on: &machine)
        store(&machine)
        // Recorded with the display the press leaves.
        if let evaluated { record(evaluated, result: display) }
    }

    /// Returns what `=` evaluated, for the history tape.
    private mutating func press(_ action: ProgrammerAction, on machine: inout ProgrammerMachine) -> String? {
        // A digit outside the radix is refused.
        if case .digit(let digit) = action, digit >= settings.radix.base { return nil }
        if machine.error != nil {
            // While Error shows, only AC, C and ⌫ act, and a digit starts a new number after clearing, as in the
            // other modes; every other key is ignored.
            switch action {
            case .allClear, .clear, .backspace:
                machine = ProgrammerMachine()
                return nil
            case .digit:
                machine = ProgrammerMachine()
            case .binary, .unary, .negate, .radix, .word, .openParenthesis, .closeParenthesis, .equals, .memoryClear,
                .memoryAdd, .memorySubtract, .memoryRecall, .variable:
                return nil
            }
        }
        let word = settings.word
        switch action {
        case .digit(let digit): machine.pressDigit(digit, settings)
        case .binary(let op): machine.pressBinary(op, settings)
        case .unary(let function): machine.pressUnary(function, settings)
        case .negate: machine.pressNegate(settings)
        case .radix(let radix):
            settings.radix = radix
            machine.endEntry(settings)
        case .word(let size):
            machine.endEntry(settings)
            settings.word = size
            machine.truncate(settings)
            truncateRegisters()
        case .openParenthesis: machine.pressOpenParenthesis(settings)
        case .closeParenthesis: machine.pressCloseParenthesis(settings)
        case .equals: return machine.pressEquals(settings)
        case .allClear:
            machine = ProgrammerMachine()
            awaiting = nil
        case .clear: machine.clearEntry()
        case .backspace: machine.backspace(settings)
        case .memoryClear: memoryValue = nil
        case .memoryAdd, .memorySubtract:
            let operand = machine.takeOperand(settings)
            let memory = memoryValue?.truncated(to: word) ?? 0
            let sum = action == .memoryAdd ? memory &+ operand : memory &- operand
            memoryValue = .integer(Int(word.truncating(sum)))
        case .memoryRecall:
            let memory = memoryValue?.truncated(to: word) ?? 0
            machine.put(memory, text: RadixFormatter(settings).string(memory), settings)
        case .variable(.command(let command)):
            awaiting = command
        case .variable(.name(let variable)):
            guard let command = awaiting else { return nil }
            awaiting = nil
            switch command {
            case .store: variables[variable] = .integer(Int(machine.takeOperand(settings)))
            case .recall: machine.put(variables[variable]?.truncated(to: word) ?? 0, text: variable.rawValue, settings)
            }
        }
        return nil
    }

    /// `update(settings:)` into, out of or within programmer mode. Into it, the shown value is truncated toward zero
    /// to an integer of the word, and so are memory and variables; out of it, the integer stays. Within it, a new
    /// word truncates every value, and a new radix or word ends the number being typed, as their keys do.
    mutating func changeProgrammerSettings(from previous: Settings) {
        let waiting = awaiting
        switch (previous.mode == .programmer, settings.mode == .programmer) {
        case (false, true):
            let shown = error != nil ? Number.integer(0) : phase == .entering ? (entry ?? InputBuffer()).value : shownValue
            reset()
            awaiting = waiting
            truncateRegisters()
            var machine = ProgrammerMachine(operand: shown.truncated(to: settings.word), settings: settings)
            store(&machine)
        case (true, false):
            let carried = programmer.map { $0.error == nil ? $0.shownValue(word: previous.word) : 0 } ?? 0
            programmer = nil
            reset()
            awaiting = waiting
            if carried != 0 {
                let number = Number.integer(Int(carried))
                pressValue(number, text: formatter.string(number))
            }
            refresh()
        case (true, true):
            var machine = programmer ?? ProgrammerMachine()
            if settings.radix != previous.radix || settings.word != previous.word {
                var ending = settings
                ending.word = previous.word
                machine.endEntry(ending)
            }
            if settings.word != previous.word {
                machine.truncate(settings)
                truncateRegisters()
            }
            store(&machine)
        case (false, false):
            refresh()
        }
    }

    /// Memory and variables as integers of the word.
    private mutating func truncateRegisters() {
        let word = settings.word
        memoryValue = memoryValue.map { .integer(Int($0.truncated(to: word))) }
        variables.update { .integer(Int($0.truncated(to: word))) }
    }

    /// Keeps `machine` as the engine, with its display and expression stored, as `refresh` does in the other modes.
    private mutating func store(_ machine: inout ProgrammerMachine) {
        machine.clip()
        error = machine.error
        display = machine.display(settings)
        expression = Self.clipped(machine.expression(settings, display: display))
        programmer = machine
    }
}
