/// The value in each radix, as Windows shows them side by side in programmer mode.
public struct RadixDisplays: Sendable, Equatable {
    public let hex, dec, oct, bin: String
}

extension CalculatorState {
    /// In programmer mode, the shown value in every radix; nil in the other modes and while Error shows.
    public var radixDisplays: RadixDisplays? {
        guard settings.mode == .programmer, error == nil, let programmer else { return nil }
        let value = programmer.stack.shownValue(word: settings.word)
        func string(_ radix: Radix) -> String { RadixFormatter(radix: radix, word: settings.word).string(value) }
        return RadixDisplays(hex: string(.hex), dec: string(.dec), oct: string(.oct), bin: string(.bin))
    }

    /// In programmer mode, the shown value's digits in each radix (hex, dec, oct, bin: `Radix.allCases`), lent to
    /// `body` without making a String (the service writes them into its reply). False, and no call, in the other
    /// modes and while Error shows.
    public func forEachRadixDigits(_ body: (Radix, Span<UInt8>) -> Void) -> Bool {
        guard settings.mode == .programmer, error == nil, let value = programmer?.stack.shownValue(word: settings.word) else { return false }
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

    /// A key in programmer mode: the stack's keys go to programmer mode's operation stack; memory, variables, radix
    /// and word, which outlive the stack, are handled here.
    mutating func applyProgrammer(_ key: Key) {
        guard let action = key.programmerAction else { return }
        // A digit outside the radix is refused.
        if case .digit(let digit) = action, digit >= settings.radix.base { return }
        // So is a bit outside the word, and an entry the memory list does not have.
        if case .flipBit(let bit) = action, Int(bit) >= settings.word.bits { return }
        if actsOnMissingMemoryEntry(key.action) { return }
        if error != nil {
            guard passesErrorLock(action.errorLock) else { return refresh() }
        }
        // Taken out while it changes, so that its arrays and strings stay uniquely referenced.
        guard var programmer = self.programmer else { return }
        self.programmer = nil
        var evaluated: String?
        var failure: StackFailure?
        do throws(StackFailure) {
            evaluated = try press(action, on: &programmer.stack)
        } catch {
            failure = error
        }
        if let failure {
            fail(failure)
            refresh()
        } else {
            programmer.stack.clip()
            refresh(programmer: programmer.stack)
            self.programmer = programmer
        }
        // Recorded with the display the press leaves.
        if let evaluated { record(evaluated, result: display) }
    }

    /// Returns what `=` evaluated, for the history tape.
    private mutating func press(_ action: ProgrammerAction, on stack: inout OperationStack<WordArithmetic>) throws(StackFailure) -> String? {
        let word = settings.word
        let arithmetic = WordArithmetic(settings)
        switch action {
        case .digit(let digit): try stack.pressDigit(digit, arithmetic)
        case .binary(let op): try stack.binary(op, arithmetic)
        case .unary(let function): try stack.pressUnary(function, arithmetic)
        case .flipBit(let bit): try stack.flipBit(bit, arithmetic)
        case .negate: try stack.pressNegate(arithmetic)
        case .radix(let radix):
            settings.radix = radix
            stack.endEntry(WordArithmetic(settings))
        case .word(let size):
            stack.endEntry(arithmetic)
            settings.word = size
            stack.truncate(WordArithmetic(settings))
            truncateRegisters()
        case .openParenthesis: try stack.open(arithmetic)
        case .closeParenthesis: try stack.close(arithmetic)
        case .equals: return try stack.equals(arithmetic)
        case .allClear:
            stack = OperationStack()
            awaiting = nil
        case .clear: stack.clearEntry()
        case .backspace: stack.backspace(arithmetic)
        case .memoryClear: clearMemory()
        case .memoryAdd: try pressMemory(.add, entry: 0, on: &stack)
        case .memorySubtract: try pressMemory(.subtract, entry: 0, on: &stack)
        case .memoryRecall: try pressMemory(.recall, entry: 0, on: &stack)
        case .memoryEntry(let command, let entry): try pressMemory(command, entry: Int(entry), on: &stack)
        case .memoryStore: storeInMemory(.integer(Int(try stack.takeOperand(arithmetic))))
        case .variable(.command(let command)):
            awaiting = command
        case .variable(.name(let variable)):
            guard let command = awaiting else { return nil }
            awaiting = nil
            switch command {
            case .store: variables[variable] = .integer(Int(try stack.takeOperand(arithmetic)))
            case .recall: stack.put(variables[variable]?.truncated(to: word) ?? 0, text: variable.rawValue)
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
            let shown = error != nil ? Number.integer(0) : stack.phase == .entering ? (stack.entry ?? InputBuffer()).value : shownValue
            reset()
            awaiting = waiting
            truncateRegisters()
            programmer = ProgrammerStack(stack: OperationStack(operand: shown.truncated(to: settings.word), WordArithmetic(settings)))
        case (true, false):
            let carried = error == nil ? programmer?.stack.shownValue(word: previous.word) ?? 0 : 0
            programmer = nil
            reset()
            awaiting = waiting
            if carried != 0 {
                let number = Number.integer(Int(carried))
                stack.show(number, text: formatter.string(number))
            }
        case (true, true):
            var stack = programmer?.stack ?? OperationStack()
            programmer = nil
            if settings.radix != previous.radix || settings.word != previous.word {
                var ending = settings
                ending.word = previous.word
                stack.endEntry(WordArithmetic(ending))
            }
            if settings.word != previous.word {
                stack.truncate(WordArithmetic(settings))
                truncateRegisters()
            }
            programmer = ProgrammerStack(stack: stack)
        case (false, false):
            break
        }
        refresh()
    }

    /// MC, M+, M− or MR on the memory list's entry at `index`, in the word's wrapping arithmetic.
    private mutating func pressMemory(_ command: MemoryCommand, entry index: Int, on stack: inout OperationStack<WordArithmetic>) throws(StackFailure) {
        let word = settings.word
        let arithmetic = WordArithmetic(settings)
        let memory = memoryEntry(index)?.truncated(to: word) ?? 0
        switch command {
        case .clear: clearMemoryEntry(index)
        case .add, .subtract:
            let operand = try stack.takeOperand(arithmetic)
            let sum = command == .add ? memory &+ operand : memory &- operand
            setMemoryEntry(index, .integer(Int(word.truncating(sum))))
        case .recall: stack.put(memory, text: arithmetic.string(memory))
        }
    }

    /// Memory, its list and variables as integers of the word.
    private mutating func truncateRegisters() {
        let word = settings.word
        memoryValue = memoryValue.map { .integer(Int($0.truncated(to: word))) }
        memoryList = memoryList.map { $0.map { .integer(Int($0.truncated(to: word))) } }
        variables.update { .integer(Int($0.truncated(to: word))) }
    }
}
