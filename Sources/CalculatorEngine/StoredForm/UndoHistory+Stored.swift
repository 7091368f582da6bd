/// The undo steps in a state's stored form (format 3, after the memory): the undo steps (count, steps, oldest first),
/// then the redo steps (the same). A step is 0 and its typing (entry · phase · operandText), or 1 and a snapshot:
/// typing · expression · error · 2nd · value · pending · prefix · repeat · memory · variables · waiting command (0
/// none, 1 + its code) · angle (0 for a key that leaves it, 1 + its code), each field as the state's own; or 2, a
/// snapshot as 1's and RPN mode's stack (0 for none, or 1 and the stack as its section writes it). A snapshot that holds
/// a memory list or a data set is 3 (or 4, in RPN mode) and the same, its snapshot followed by the memory list's entries
/// after the first and the data set (`CalculatorState+StoredSections.swift`), so the steps of a session that uses
/// neither are written as before.
extension UndoHistory {
    func write(to writer: inout StoredFormWriter) {
        writer.unsigned(UInt64(undoSteps.count))
        for step in undoSteps { step.write(to: &writer) }
        writer.unsigned(UInt64(redoSteps.count))
        for step in redoSteps { step.write(to: &writer) }
    }

    /// Reads what `write(to:)` wrote; more steps than the limits allow are dropped as they would have been.
    init(from reader: inout StoredFormReader) throws {
        var lists: [[UndoStep]] = []
        for _ in 0..<2 {
            let count = try reader.count(minimumItemBytes: 2)
            var steps: [UndoStep] = []
            steps.reserveCapacity(count)
            for _ in 0..<count { steps.append(try UndoStep(from: &reader)) }
            lists.append(steps)
        }
        self.init(undo: lists[0], redo: lists[1])
    }
}

extension UndoStep {
    func write(to writer: inout StoredFormWriter) {
        switch self {
        case .typing(let typing):
            writer.byte(0)
            typing.write(to: &writer)
        case .state(let box):
            writer.byte(box.snapshot.holdsLists ? 3 : 1)
            Self.write(box, to: &writer)
        case .rpn(let step):
            writer.byte(step.state.snapshot.holdsLists ? 4 : 2)
            Self.write(step.state, to: &writer)
            if let registers = step.registers {
                writer.byte(1)
                writer.rpnRegisters(registers)
            } else {
                writer.byte(0)
            }
        }
    }

    private static func write(_ box: Box, to writer: inout StoredFormWriter) {
        let snapshot = box.snapshot
        snapshot.typing.write(to: &writer)
        writer.string(snapshot.expression)
        writer.calculatorError(snapshot.error)
        writer.bool(snapshot.isSecondActive)
        writer.optionalNumber(snapshot.value)
        writer.pending(snapshot.pending, DecimalArithmetic())
        writer.string(snapshot.prefix)
        writer.repeatOperation(snapshot.lastOperation, DecimalArithmetic())
        writer.optionalNumber(snapshot.memoryValue)
        writer.variables(snapshot.variables)
        writer.byte(snapshot.awaiting.map { 1 + $0.storedCode } ?? 0)
        writer.byte(snapshot.angle.map { 1 + $0.storedCode } ?? 0)
        if snapshot.holdsLists {
            writer.numbers(snapshot.lists.wrappedValue?.memoryList ?? [])
            writer.dataSet(snapshot.lists.wrappedValue?.statistics)
        }
    }

    init(from reader: inout StoredFormReader) throws {
        switch try reader.byte() {
        case 0:
            self = .typing(try Typing(from: &reader))
        case let kind where kind == 1 || kind == 3:
            self = .state(try Self.box(from: &reader, holdingLists: kind == 3))
        case let kind where kind == 2 || kind == 4:
            let box = try Self.box(from: &reader, holdingLists: kind == 4)
            let registers: RPNRegisters? =
                switch try reader.byte() {
                case 0: nil
                case 1: try reader.rpnRegisters()
                case let other: throw StoredFormError("RPN undo step flag \(other)")
                }
            self = .rpn(RPNUndoStep(box, registers: registers))
        case let other:
            throw StoredFormError("undo step kind \(other)")
        }
    }

    private static func box(from reader: inout StoredFormReader, holdingLists: Bool) throws -> Box {
        let typing = try Typing(from: &reader)
        let expression = try reader.string()
        let error = try reader.calculatorError()
        let isSecondActive = try reader.bool()
        let value = try reader.optionalNumber()
        let pending = try reader.pending(DecimalArithmetic())
        let prefix = try reader.string()
        let repeatOperation = try reader.repeatOperation(DecimalArithmetic())
        let memoryValue = try reader.optionalNumber()
        let variables = try reader.variables()
        let awaiting = try reader.byte()
        let angle = try reader.byte()
        let memoryList = holdingLists ? try reader.numbers() : []
        let statistics = holdingLists ? try reader.dataSet() : nil
        return Box(
            Snapshot(
                typing: typing, expression: expression, errorCode: error?.code ?? "", errorMessage: error?.message ?? "",
                isSecondActive: isSecondActive, value: value, pending: pending, prefix: prefix,
                repeatOperator: repeatOperation?.op, repeatOperand: repeatOperation?.operand, memoryValue: memoryValue,
                variables: variables, awaiting: awaiting == 0 ? nil : try VariableCommand(storedCode: awaiting - 1),
                angle: angle == 0 ? nil : try AngleUnit(storedCode: angle - 1),
                lists: Boxed(wrappedValue: KeptLists.kept(memoryList: memoryList.isEmpty ? nil : memoryList, statistics: statistics))))
    }
}

extension UndoStep.Typing {
    func write(to writer: inout StoredFormWriter) {
        writer.entry(entry)
        writer.byte(phase.storedCode)
        writer.optionalString(optionalOperandText)
    }

    init(from reader: inout StoredFormReader) throws {
        let entry = try reader.entry()
        let phase = try Phase(storedCode: reader.byte())
        if phase == .entering && entry == nil { throw StoredFormError("undo step typing without an entry") }
        self.init(entry: entry, phase: phase, operandText: try reader.optionalString())
    }
}
