/// The undo and redo steps of a state, newest last, and what bounds them: at most `stepLimit` steps together, whose
/// estimated stored size (`UndoStep.storedSize`) is at most `byteLimit`. Past either, the oldest undo steps go
/// first, then the furthest redo steps; a step bigger than `byteLimit` on its own is not kept, and then neither are
/// the steps before it, which only lead back through it.
struct UndoHistory: Sendable {
    /// The undo steps are `undoStorage[undoStart...]`. A step that goes is emptied in place (an empty typing step
    /// holds nothing to release) and the slots before `undoStart` are removed together once there are `stepLimit` of
    /// them: moving the other steps down on every key, once the limit is reached, would cost more than the rest of
    /// recording one.
    private var undoStorage: [UndoStep] = []
    private var undoStart = 0
    private(set) var redoSteps: [UndoStep] = []
    /// The estimated stored size of both.
    private(set) var bytes = 0

    static let stepLimit = 32
    static let byteLimit = 16 * 1024

    init() {}

    /// Steps read back from the stored form, bounded as if recorded.
    init(undo: [UndoStep], redo: [UndoStep]) {
        undoStorage = undo
        redoSteps = redo
        bytes = (undo + redo).reduce(0) { $0 + $1.storedSize }
        trim()
    }

    var undoSteps: ArraySlice<UndoStep> { undoStorage[undoStart...] }

    var isEmpty: Bool { undoStart == undoStorage.count && redoSteps.isEmpty }

    /// A key changed the state: the way back is `step`, and there is no way forward any more.
    mutating func record(_ step: consuming UndoStep) {
        if !redoSteps.isEmpty {
            for forward in redoSteps { bytes -= forward.storedSize }
            redoSteps.removeAll()
        }
        bytes += step.storedSize
        undoStorage.append(step)
        trim()
    }

    /// Undo went back over the last undo step; `redo` goes forward over it again.
    mutating func stepBack(redo: UndoStep) {
        bytes -= undoStorage.removeLast().storedSize
        redoSteps.append(redo)
        bytes += redo.storedSize
        trim()
    }

    /// Redo went forward over the last redo step; `undo` goes back over it again.
    mutating func stepForward(undo: UndoStep) {
        bytes -= redoSteps.removeLast().storedSize
        undoStorage.append(undo)
        bytes += undo.storedSize
        trim()
    }

    private mutating func trim() {
        while undoStorage.count - undoStart + redoSteps.count > Self.stepLimit || bytes > Self.byteLimit {
            if undoStart < undoStorage.count {
                bytes -= undoStorage[undoStart].storedSize
                undoStorage[undoStart] = .typing(UndoStep.Typing(entry: nil, phase: .entering, operandText: nil))
                undoStart += 1
            } else {
                bytes -= redoSteps.removeFirst().storedSize
            }
        }
        if undoStart >= Self.stepLimit || (undoStart > 0 && undoStart == undoStorage.count) {
            undoStorage.removeFirst(undoStart)
            undoStart = 0
        }
    }
}

extension UndoHistory: Equatable {
    static func == (lhs: UndoHistory, rhs: UndoHistory) -> Bool {
        lhs.undoSteps.elementsEqual(rhs.undoSteps) && lhs.redoSteps == rhs.redoSteps
    }
}
