extension Key {
    /// Whether the key may follow a waiting `sto` or `rcl`: a variable key completes it, AC cancels it, undo takes
    /// it back (and redo, which has nothing to redo then, does nothing).
    var answersAwaitingCommand: Bool {
        switch action {
        case .variable(.name)?, .allClear?, .undo?, .redo?: true
        default: false
        }
    }
}

extension CalculatorState {
    /// A variable formatted like the display; nil for one never stored (it recalls 0).
    public func variable(_ variable: Variable) -> String? {
        variables[variable].map(shownText)
    }

    /// Whether any variable holds a value.
    public var hasVariables: Bool { !variables.isEmpty }

    /// Forgets every variable (`PATCH` with `"variables": {}`).
    public mutating func clearVariables() {
        variables = Variables()
    }

    /// sto and rcl wait for a variable key; the variable key stores the current operand (a typed number becomes a
    /// finished one) or recalls the variable as an operand, as `mr` does, shown in the expression by its name.
    mutating func pressVariable(_ action: VariableAction, _ arithmetic: DecimalArithmetic) throws(StackFailure) {
        switch action {
        case .command(let command):
            awaiting = command
        case .name(let variable):
            guard let command = awaiting else { return }
            awaiting = nil
            switch command {
            case .store: variables[variable] = try stack.takeOperand(arithmetic)
            case .recall: stack.put(variables[variable] ?? .integer(0), text: variable.rawValue)
            }
        }
    }
}
