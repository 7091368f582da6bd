/// A key of any mode's keypad: a place in `KeyCatalog`, which says what the key is called, how it is drawn and
/// what it does in each mode. Parsed from its canonical ASCII name (for curl) or a Unicode label of Apple's keypad.
/// Its raw value is its place in the catalog: an index into tables (the catalog, the press counters), where a
/// dictionary would hash the key on every press. Not a wire format: names are.
public struct Key: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt8

    /// nil for a value past the end of the catalog.
    public init?(rawValue: UInt8) {
        guard Int(rawValue) < KeyCatalog.definitions.count else { return nil }
        self.rawValue = rawValue
    }

    /// The key at `index` in the catalog, which the catalog itself checks.
    init(catalogIndex index: Int) {
        rawValue = UInt8(index)
    }

    /// A canonical name or any alias listed in `KeyCatalog`; `nil` for anything else.
    public init?(name: String) {
        guard let key = KeyCatalog.byName[name] else { return nil }
        self = key
    }

    /// `Key(name:)` for a name of one ASCII character ("7", "+", "="), the usual press, looked up by its code
    /// without making a String or hashing one.
    public init?(asciiName code: UInt8) {
        guard code < 0x80, let key = KeyCatalog.byASCIIName[Int(code)] else { return nil }
        self = key
    }

    public var name: String { definition.info.name }

    public var description: String { name }

    /// What the key does in scientific and immediate mode; nil where it is refused.
    var action: KeyAction? { definition.action }

    /// What the key does in programmer mode; nil where it is refused.
    var programmerAction: ProgrammerAction? { definition.programmerAction }

    /// What a key of RPN mode only does there; nil for the keys RPN mode shares with scientific mode.
    var rpnAction: RPNAction? { definition.rpnAction }

    /// Whether the key has a meaning in `mode` (a key without one is refused).
    public func works(in mode: CalculationMode) -> Bool { definition.modeBits & mode.bit != 0 }

    /// The key this key acts as while 2nd is on.
    var inverse: Key? { definition.inverse }

    /// Whether pressing the key may draw a random number (`rand`, itself or as a 2nd function): the caller then gives
    /// `apply` a generator worth drawing from.
    public var drawsRandom: Bool { action == .random || inverse?.action == .random }

    private var definition: KeyCatalog.Definition { KeyCatalog.definitions[Int(rawValue)] }
}
