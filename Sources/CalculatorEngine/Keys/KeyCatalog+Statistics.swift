extension KeyCatalog {
    /// MS and the memory list's entry keys (`CalculatorState+MemoryList.swift`): `mc:2`, `m+:2`, `m-:2`, `mr:2` act on
    /// the second entry, and so on to `MemoryList.entryLimit`. The first entry's `m+:1`, `m-:1` and `mr:1` are
    /// today's `m+`, `m-` and `mr` (aliases there); `mc:1` clears that entry alone, where `mc` clears the list.
    static let memoryListKeys: [Line] =
        [key("ms", .memoryStore, aliases: ["MS"])] + memoryEntryKeys.map { key($0.name, .memoryEntry($0.command, entry: $0.entry)) }

    /// The entry keys' names, commands and entries (0-based), the same in every mode that has the list.
    static let memoryEntryKeys: [(name: String, command: MemoryCommand, entry: UInt8)] =
        (0..<MemoryList.entryLimit).flatMap { index in
            MemoryCommand.allCases.compactMap { command in
                index > 0 || command == .clear ? (command.keyName(entry: index), command, UInt8(index)) : nil
            }
        }

    /// The first entry's keys by their entry form, accepted by `Key(name:)` and not listed as aliases, whose first
    /// is a key's label.
    static let firstEntryAliases = ["m+:1": "m+", "m-:1": "m-", "mr:1": "mr"]

    /// Statistics mode's keys: Σ+, Σ−, the pair separator, CLΣ, then the results and estimates.
    static let statisticsKeys: [Line] =
        [
            key("sigma+", .statistics(.add), aliases: ["Σ+"]),
            key("sigma-", .statistics(.remove), aliases: ["Σ−", "Σ-"]),
            key("pair", .statistics(.pair), aliases: [","]),
            key("clstat", .statistics(.clear), aliases: ["CLΣ"]),
        ]
        + StatisticsResult.allCases.map { result in
            key(result.rawValue, .statistics(.result(result)), aliases: result.rawValue == result.symbol ? [] : [result.symbol])
        }
        + StatisticsEstimate.allCases.map { estimate in key(estimate.rawValue, .statistics(.estimate(estimate)), aliases: [estimate.symbol]) }
}

extension KeyCatalog {
    /// The memory list's keys, said with their entry ("memory 2 add").
    static let memoryListSpokenNames: [String: String] = {
        var names = ["ms": "memory store"]
        for entry in 0..<MemoryList.entryLimit {
            for command in MemoryCommand.allCases where entry > 0 || command == .clear {
                let verb = switch command {
                case .clear: "clear"
                case .add: "add"
                case .subtract: "subtract"
                case .recall: "recall"
                }
                names[command.keyName(entry: entry)] = "memory \(entry + 1) \(verb)"
            }
        }
        return names
    }()

    static let statisticsSpokenNames = [
        "sigma+": "add a data point", "sigma-": "remove a data point", "pair": "x of a pair, then y",
        "clstat": "clear the data", "n": "number of data points", "sumx": "sum of x", "sumx2": "sum of x squared",
        "sumy": "sum of y", "sumy2": "sum of y squared", "sumxy": "sum of x times y", "meanx": "mean of x",
        "meany": "mean of y", "varx": "sample variance of x", "vary": "sample variance of y",
        "pvarx": "population variance of x", "pvary": "population variance of y", "sx": "sample standard deviation of x",
        "sy": "sample standard deviation of y", "psx": "population standard deviation of x",
        "psy": "population standard deviation of y", "slope": "regression slope", "intercept": "regression intercept",
        "r": "correlation coefficient", "yhat": "estimated y", "xhat": "estimated x",
    ]
}
