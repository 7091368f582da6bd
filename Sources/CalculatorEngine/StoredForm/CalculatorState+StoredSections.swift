/// Format 3's sections, after the fields of format 2 (`CalculatorState+Stored.swift`): a count, then each section
/// as its tag and its fields, tags rising, each present only when it is not the default:
/// 1 programmer settings (radix, word bits) · 2 variables (count; variable, number) · 3 waiting command ·
/// 4 programmer mode's operation stack (`OperationStack+Stored.swift`) · 5 the undo steps (`UndoHistory+Stored.swift`) ·
/// 6 the units of `convert` (the ids of from and to, as text: the table's order may change, its ids do not) ·
/// 7 the display format (notation, decimals, grouping, fraction, the locale's tag or "") ·
/// 8 RPN mode's stack above X (Y, Z, T and LASTx as optional numbers, the lift flag), always present in RPN mode ·
/// 9 the memory list's entries after the first (count; numbers) · 10 statistics mode's data set (`dataSet`).
/// Codes are spelled out, not taken from declaration order.
extension CalculatorState {
    private enum Section: UInt8 {
        case programmerSettings = 1, variables, awaiting, programmer, undo, conversion, format
        case rpn = 8, memoryList = 9, statistics = 10
    }

    /// Whether the state needs format 3.
    var hasStoredSections: Bool {
        settings.radix != .dec || settings.word != .qword || !variables.isEmpty || awaiting != nil || settings.mode == .programmer
            || !undoHistory.isEmpty || settings.conversion != nil || settings.format != .standard || settings.mode == .rpn
            || memoryList != nil || statistics != nil
    }

    func writeSections(to writer: inout StoredFormWriter) {
        var sections: [Section] = []
        if settings.radix != .dec || settings.word != .qword { sections.append(.programmerSettings) }
        if !variables.isEmpty { sections.append(.variables) }
        if awaiting != nil { sections.append(.awaiting) }
        if settings.mode == .programmer { sections.append(.programmer) }
        if !undoHistory.isEmpty { sections.append(.undo) }
        if settings.conversion != nil { sections.append(.conversion) }
        if settings.format != .standard { sections.append(.format) }
        if settings.mode == .rpn { sections.append(.rpn) }
        if memoryList != nil { sections.append(.memoryList) }
        if statistics != nil { sections.append(.statistics) }
        writer.unsigned(UInt64(sections.count))
        for section in sections {
            writer.byte(section.rawValue)
            switch section {
            case .programmerSettings:
                writer.byte(settings.radix.storedCode)
                writer.byte(UInt8(settings.word.bits))
            case .variables:
                writer.variables(variables)
            case .awaiting:
                writer.byte(awaiting!.storedCode)
            case .programmer:
                programmer!.stack.write(to: &writer, WordArithmetic(settings))
            case .undo:
                undoHistory.write(to: &writer)
            case .conversion:
                writer.string(settings.conversion!.from.id)
                writer.string(settings.conversion!.to.id)
            case .format:
                writer.format(settings.format)
            case .rpn:
                writer.rpnRegisters(rpn ?? RPNRegisters())
            case .memoryList:
                writer.numbers(memoryList!)
            case .statistics:
                writer.dataSet(statistics)
            }
        }
    }

    /// Reads what `writeSections` wrote: each section once, in order, none empty.
    mutating func readSections(from reader: inout StoredFormReader) throws {
        let count = try reader.count(minimumItemBytes: 2)
        guard count > 0 else { throw StoredFormError("format 3 without sections") }
        var previous: UInt8 = 0
        for _ in 0..<count {
            let tag = try reader.byte()
            guard tag > previous, let section = Section(rawValue: tag) else { throw StoredFormError("section \(tag)") }
            previous = tag
            switch section {
            case .programmerSettings:
                settings.radix = try Radix(storedCode: reader.byte())
                let bits = Int(try reader.byte())
                guard let word = WordSize(rawValue: bits) else { throw StoredFormError("word of \(bits) bits") }
                settings.word = word
                guard settings.radix != .dec || settings.word != .qword else { throw StoredFormError("default programmer settings stored") }
            case .variables:
                variables = try reader.variables()
                guard !variables.isEmpty else { throw StoredFormError("no variables") }
            case .awaiting:
                awaiting = try VariableCommand(storedCode: reader.byte())
            case .programmer:
                programmer = ProgrammerStack(stack: try OperationStack(from: &reader, WordArithmetic(settings)))
            case .undo:
                undoHistory = try UndoHistory(from: &reader)
            case .conversion:
                let (from, to) = (try reader.string(), try reader.string())
                do throws(UnitConversion.Failure) {
                    settings.conversion = try UnitConversion(from: from, to: to)
                } catch {
                    throw StoredFormError("conversion: \(error.message)")
                }
            case .format:
                settings.format = try reader.format()
            case .rpn:
                guard settings.mode == .rpn else { throw StoredFormError("RPN stack outside RPN mode") }
                rpn = try reader.rpnRegisters()
            case .memoryList:
                let list = try reader.numbers()
                guard !list.isEmpty, memoryValue != nil, list.count < MemoryList.entryLimit else {
                    throw StoredFormError("memory list of \(list.count) more entries")
                }
                memoryList = list
            case .statistics:
                guard let data = try reader.dataSet() else { throw StoredFormError("empty data set stored") }
                statistics = data
            }
        }
    }
}

/// RPN mode's stack above X, as its section and its undo steps store it.
extension StoredFormWriter {
    mutating func rpnRegisters(_ registers: RPNRegisters) {
        optionalNumber(registers.y)
        optionalNumber(registers.z)
        optionalNumber(registers.t)
        optionalNumber(registers.lastX)
        bool(registers.liftEnabled)
    }
}

extension StoredFormReader {
    mutating func rpnRegisters() throws -> RPNRegisters {
        RPNRegisters(y: try optionalNumber(), z: try optionalNumber(), t: try optionalNumber(), lastX: try optionalNumber(), liftEnabled: try bool())
    }
}

/// The variables, as their section and the undo steps that keep them store them: a count, then each stored
/// variable's code and number, codes rising.
extension StoredFormWriter {
    mutating func variables(_ variables: Variables) {
        let stored = Variable.allCases.filter { variables[$0] != nil }
        unsigned(UInt64(stored.count))
        for variable in stored {
            byte(variable.storedCode)
            number(variables[variable]!)
        }
    }
}

extension StoredFormReader {
    mutating func variables() throws -> Variables {
        var variables = Variables()
        let stored = try count(minimumItemBytes: 2)
        var last: UInt8?
        for _ in 0..<stored {
            let code = try byte()
            guard last.map({ code > $0 }) ?? true else { throw StoredFormError("variables out of order") }
            last = code
            variables[try Variable(storedCode: code)] = try number()
        }
        return variables
    }
}

extension Radix: StoredCoded {
    static let storedOrder: [Radix] = [.dec, .hex, .oct, .bin]
    static let storedName = "radix"
}

extension Variable: StoredCoded {
    static let storedOrder: [Variable] = [.x, .y, .z, .t]
    static let storedName = "variable"
}

extension VariableCommand: StoredCoded {
    static let storedOrder: [VariableCommand] = [.store, .recall]
    static let storedName = "variable command"
}

/// The memory list and the data set, as their sections and the undo steps that keep them store them: a count and
/// numbers; a data set is its kind (0 empty, 1 values, 2 pairs), the count of points and their coordinates, then the
/// waiting x as an optional number.
extension StoredFormWriter {
    mutating func numbers(_ numbers: [Number]) {
        unsigned(UInt64(numbers.count))
        for entry in numbers { number(entry) }
    }

    mutating func dataSet(_ data: DataSet?) {
        guard let data else { return byte(0) }
        byte(data.hasPairs ? 2 : 1)
        unsigned(UInt64(data.points.count))
        for point in data.points {
            number(point.x)
            if let y = point.y { number(y) }
        }
        optionalNumber(data.pendingX)
    }
}

extension StoredFormReader {
    mutating func numbers() throws -> [Number] {
        let stored = try count(minimumItemBytes: 2)
        guard stored <= MemoryList.entryLimit else { throw StoredFormError("\(stored) memory entries") }
        var numbers: [Number] = []
        for _ in 0..<stored { numbers.append(try number()) }
        return numbers
    }

    mutating func dataSet() throws -> DataSet? {
        let kind = try byte()
        guard kind != 0 else { return nil }
        guard kind <= 2 else { throw StoredFormError("data set kind \(kind)") }
        let stored = try count(minimumItemBytes: 2)
        guard stored <= DataSet.pointLimit else { throw StoredFormError("data set of \(stored) points") }
        var data = DataSet()
        for _ in 0..<stored {
            let x = try number()
            data.points.append(DataPoint(x: x, y: kind == 2 ? try number() : nil))
        }
        data.pendingX = try optionalNumber()
        guard !data.isEmpty else { throw StoredFormError("empty data set stored") }
        return data
    }
}
