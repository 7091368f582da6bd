/// A named variable of a session (CS193P's M, GNOME's variables): short names that fit a keypad; `M` stays the
/// memory register.
public enum Variable: String, Sendable, CaseIterable {
    case x, y, z, t
}

/// `sto` and `rcl`, which wait for the variable key that completes them (across requests too).
public enum VariableCommand: String, Sendable, CaseIterable {
    case store = "sto", recall = "rcl"
}

/// What a key of the variable group does, in every mode.
enum VariableAction: Sendable, Equatable {
    case command(VariableCommand)
    /// Completes the waiting `sto` or `rcl`; refused when none waits.
    case name(Variable)
}

/// The values of the four variables; nil for one never stored (it recalls 0). Kept like memory: AC keeps them.
/// Boxed (`Boxed`), so a state without variables carries one nil pointer for them.
struct Variables: Sendable, Equatable {
    private struct Values: Sendable, Equatable {
        var x, y, z, t: Number?
    }

    @Boxed private var values: Values? = nil

    init() {}

    subscript(variable: Variable) -> Number? {
        get {
            guard let values else { return nil }
            switch variable {
            case .x: return values.x
            case .y: return values.y
            case .z: return values.z
            case .t: return values.t
            }
        }
        set {
            var changed = values ?? Values()
            switch variable {
            case .x: changed.x = newValue
            case .y: changed.y = newValue
            case .z: changed.z = newValue
            case .t: changed.t = newValue
            }
            values = changed == Values() ? nil : changed
        }
    }

    var isEmpty: Bool { values == nil }

    /// Each stored value changed by `transform` (programmer mode's truncation to the word).
    mutating func update(_ transform: (Number) -> Number) {
        for variable in Variable.allCases { self[variable] = self[variable].map(transform) }
    }
}
