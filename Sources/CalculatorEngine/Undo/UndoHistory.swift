/// The undo and redo steps of a state, newest last, and what bounds them: at most `stepLimit` steps together, whose
/// estimated stored size (`UndoStep.storedSize`) is at most `byteLimit`. Past either, the oldest undo steps go
/// first, then the furthest redo steps; a step bigger than `byteLimit` on its own is not kept, and then neither are
/// the steps before it, which only lead back through it.
struct UndoHistory: Sendable {
    /// The undo steps, in a ring of at most `stepLimit` slots: the oldest is in `slots[oldest]` and the others follow
    /// it, wrapping round. Once the limit is reached, a new step takes the oldest one's slot, so that recording moves
    /// no other step; a slot a step leaves holds an empty typing step, which keeps nothing alive.
    private var slots: [UndoStep] = []
    private var oldest = 0
    private(set) var undoCount = 0
    private(set) var redoSteps: [UndoStep] = []
    /// The estimated stored size of both.
    private(set) var bytes = 0

    static let stepLimit = 32
    static let byteLimit = 16 * 1024
    private static let emptyStep = UndoStep.typing(UndoStep.Typing(entry: nil, phase: .entering, operandText: nil))

    init() {}

    /// Steps read back from the stored form, bounded as if recorded.
    init(undo: [UndoStep], redo: [UndoStep]) {
        slots = Array(undo.suffix(Self.stepLimit))
        undoCount = slots.count
        redoSteps = redo
        bytes = (slots + redo).reduce(0) { $0 + $1.storedSize }
        trim()
    }

    /// The undo steps, oldest first.
    var undoSteps: some RandomAccessCollection<UndoStep> { (0..<undoCount).lazy.map { slots[slot($0)] } }

    var isEmpty: Bool { undoCount == 0 && redoSteps.isEmpty }

    /// A key changed the state: the way back is `step`, and there is no way forward any more.
    mutating func record(_ step: consuming UndoStep) {
        if !redoSteps.isEmpty {
            for forward in redoSteps { bytes -= forward.storedSize }
            redoSteps.removeAll()
        }
        bytes += step.storedSize
        if undoCount == Self.stepLimit {
            bytes -= slots[oldest].storedSize
            slots[oldest] = step
            oldest = slot(1)
        } else {
            push(step)
        }
        trim()
    }

    /// Undo went back over the last undo step; `redo` goes forward over it again.
    mutating func stepBack(redo: UndoStep) {
        let last = slot(undoCount - 1)
        bytes -= slots[last].storedSize
        slots[last] = Self.emptyStep
        undoCount -= 1
        redoSteps.append(redo)
        bytes += redo.storedSize
        trim()
    }

    /// Redo went forward over the last redo step; `undo` goes back over it again.
    mutating func stepForward(undo: UndoStep) {
        bytes -= redoSteps.removeLast().storedSize
        push(undo)
        bytes += undo.storedSize
        trim()
    }

    /// The slot of the undo step `position` steps after the oldest.
    private func slot(_ position: Int) -> Int { (oldest + position) % Self.stepLimit }

    /// `step` after the newest undo step, below the limit. The slots in use are `slots`' first ones until they wrap
    /// round, so the next is either one of them or the next to append.
    private mutating func push(_ step: consuming UndoStep) {
        let next = slot(undoCount)
        if next == slots.count { slots.append(step) } else { slots[next] = step }
        undoCount += 1
    }

    private mutating func trim() {
        while undoCount + redoSteps.count > Self.stepLimit || bytes > Self.byteLimit {
            if undoCount > 0 {
                bytes -= slots[oldest].storedSize
                slots[oldest] = Self.emptyStep
                oldest = slot(1)
                undoCount -= 1
            } else {
                bytes -= redoSteps.removeFirst().storedSize
            }
        }
    }
}

extension UndoHistory: Equatable {
    static func == (lhs: UndoHistory, rhs: UndoHistory) -> Bool {
        lhs.undoSteps.elementsEqual(rhs.undoSteps) && lhs.redoSteps == rhs.redoSteps
    }
}
