import CalculatorEngine

extension Rendering {
    /// A session's display format, in its state (only when it is not the standard one, so that the replies of
    /// every other session stay as they were).
    static func formatFields(_ format: DisplayFormat, into json: inout JSONWriter) {
        json.field("notation", format.notation.rawValue)
        json.field("decimals", format.decimals)
        json.field("grouping", format.grouping)
        json.field("fraction", format.fraction.rawValue)
        json.field("locale", format.symbols.locale.isEmpty ? nil : format.symbols.locale)
    }
}
