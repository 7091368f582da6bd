/// The undo steps in a state's stored form (format 3, after the memory): the undo steps (count, steps, oldest first),
/// then the redo steps (the same). A step is 0 and its typing (entry · phase · operandText), or 1 and a snapshot:
/// typing · expression · error · 2nd · value · pending · prefix · repeat · memory · variables · waiting command (0
/// none, 1 + its code) · angle (0 for a key that leaves it, 1 + its code), each field as the state's own. A snapshot
/// that holds a memory list or a data set is 2 and the same, then the memory list's entries after the first and the
/// data set (`CalculatorState+StoredSections.swift`), so the steps of a session that uses neither are written as before.
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
            let snapshot = box.snapshot
            let extended = snapshot.memoryList.wrappedValue != nil || snapshot.statistics.wrappedValue != nil
            writer.byte(extended ? 2 : 1)
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
            if extended {
                writer.numbers(snapshot.memoryList.wrappedValue ?? [])
                writer.dataSet(snapshot.statistics.wrappedValue)
            }
        }
    }

    init(from reader: inout StoredFormReader) throws {
        switch try reader.byte() {
        case 0:
            self = .typing(try Typing(from: &reader))
        case let kind where kind == 1 || kind == 2:
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
            let memoryList = kind == 2 ? try reader.numbers() : []
            let statistics = kind == 2 ? try reader.dataSet() : nil
            self = .state(
                Box(
                    Snapshot(
                        typing: typing, expression: expression, errorCode: error?.code ?? "", errorMessage: error?.message ?? "",
                        isSecondActive: isSecondActive, value: value, pending: pending, prefix: prefix,
                        repeatOperator: repeatOperation?.op, repeatOperand: repeatOperation?.operand, memoryValue: memoryValue,
                        variables: variables, awaiting: awaiting == 0 ? nil : try VariableCommand(storedCode: awaiting - 1),
                        angle: angle == 0 ? nil : try AngleUnit(storedCode: angle - 1),
                        memoryList: Boxed(wrappedValue: memoryList.isEmpty ? nil : memoryList), statistics: Boxed(wrappedValue: statistics))))
        case let other:
            throw StoredFormError("undo step kind \(other)")
        }
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
