import CalculatorEngine

extension Problem {
    /// 422 for a key the session refuses now: nothing of the batch is pressed.
    init(refused refusal: KeyRefusal, index: Int) {
        var extensions: [(String, ExtensionValue)] = [
            ("key", .string(refusal.key)), ("mode", .string(refusal.mode.rawValue)), ("reason", .string(refusal.reason.rawValue)),
            ("index", .int(index)),
        ]
        switch refusal.reason {
        case .notInRadix: extensions.append(("radix", .string(refusal.detail ?? "")))
        case .awaitingVariable: extensions.append(("awaiting", .string(refusal.detail ?? "")))
        case .notInWord: extensions.append(("word", .int(Int(refusal.detail ?? "") ?? 64)))
        case .noMemoryEntry: extensions.append(("entries", .int(Int(refusal.detail ?? "") ?? 0)))
        case .notInMode, .noCommandAwaiting, .noConversion, .notInRPN: break
        }
        self.init(.keyRefused, "\(refusal.message) (index \(index)); nothing was pressed", extensions: extensions)
    }
}
