@testable import CalculatorEngine
import Testing

private let statistics = Settings(mode: .statistics)

private func c(_ keys: String, _ expected: String, _ settings: Settings = statistics) -> KeyCase {
    KeyCase(keys: keys, expected: expected, settings: settings)
}

/// Statistics mode's keys (Σ+, Σ−, the pair separator `,`, CLΣ, the results and estimates) and the memory list's
/// (MS, `mc:n`, `m+:n`, `m-:n`, `mr:n`): the display each sequence ends with, worked out by hand (standard deviations
/// to 16 digits from Python's decimal at 30).
@Suite struct StatisticsTests {
    static let dataEntryCases: [KeyCase] = [
        // Σ+ and Σ− show n, as HP's and Casio's do.
        c("1 sigma+", "1"), c("1 sigma+ 2 sigma+ 3 sigma+", "3"), c("1 sigma+ 2 sigma+ 2 sigma-", "1"),
        c("1 sigma+ 2 sigma+ 1 sigma- meanx", "2"), c("1 pair 2 sigma+ 3 pair 4 sigma+ 1 pair 2 sigma- meany", "4"),
        // , keeps x and starts y's entry; a result is an operand like any other; AC and a mode change keep the data.
        c("1 pair", "0"), c("1 , 2", "2"), c("1 sigma+ 3 sigma+ AC meanx", "2"), c("1 sigma+ 2 sigma+ meanx * 2 =", "3"),
        c("2 + 3 = sigma+ meanx", "5"), c("1 sigma+ 3 sigma+ clstat n", "0"), c("Σ+ Σ+ n", "2"),
        // Undo takes back the last point, redo puts it back.
        c("1 sigma+ 3 sigma+ undo n", "1"), c("1 sigma+ 3 sigma+ undo redo meanx", "2"),
        // What the data do not allow is Error, as on HP's and Casio's.
        c("5 sigma-", "Error"), c("1 sigma+ 1 pair 2 sigma+", "Error"), c("1 pair 2 sigma+ 1 sigma+", "Error"),
        c("meanx", "Error"), c("1 sigma+ sx", "Error"), c("1 sigma+ meany", "Error"), c("1 sigma+ slope", "Error"),
        c("2 pair 1 sigma+ 2 pair 3 sigma+ slope", "Error"), c("1 pair 2 sigma+ 2 pair 2 sigma+ r", "Error"),
        c("1 pair 2 sigma+ 2 pair 2 sigma+ 5 xhat", "Error"), c("1 sigma+ 5 sigma- C n", "1"),
    ]

    static let resultCases: [KeyCase] = [
        c("n", "0"), c("1 sigma+ 2 sigma+ 3 sigma+ 4 sigma+ n", "4"), c("1 sigma+ 2 sigma+ 3 sigma+ 4 sigma+ sumx", "10"),
        c("1 sigma+ 2 sigma+ 3 sigma+ 4 sigma+ sumx2", "30"), c("1 sigma+ 2 sigma+ 3 sigma+ 4 sigma+ meanx", "2.5"),
        c("1 sigma+ 2 sigma+ 3 sigma+ 4 sigma+ varx", "1.666666666666667"), c("1 sigma+ 2 sigma+ 3 sigma+ 4 sigma+ pvarx", "1.25"),
        c("1 sigma+ 2 sigma+ 3 sigma+ 4 sigma+ sx", "1.290994448735806"), c("1 sigma+ 2 sigma+ 3 sigma+ 4 sigma+ psx", "1.118033988749895"),
        c("2 sigma+ 4 sigma+ sx", "1.414213562373095"), c("3 sigma+ 5 sigma+ psx", "1"),
        // √ of an exact variance stays exact-formed: (√2 + √8) / 2 is 3√2/2.
        c("2 sqrt sigma+ 8 sqrt sigma+ meanx", "2.121320343559643"), c("1 . 5 sigma+ 2 . 5 sigma+ meanx", "2"),
        c("1 pair 2 sigma+ 2 pair 4 sigma+ 3 pair 6 sigma+ sumy", "12"), c("1 pair 2 sigma+ 2 pair 4 sigma+ 3 pair 6 sigma+ sumy2", "56"),
        c("1 pair 2 sigma+ 2 pair 4 sigma+ 3 pair 6 sigma+ sumxy", "28"), c("1 pair 2 sigma+ 2 pair 4 sigma+ 3 pair 6 sigma+ meany", "4"),
        c("1 pair 2 sigma+ 2 pair 4 sigma+ 3 pair 6 sigma+ vary", "4"), c("1 pair 2 sigma+ 2 pair 4 sigma+ 3 pair 6 sigma+ sy", "2"),
        c("1 pair 2 sigma+ 2 pair 4 sigma+ 3 pair 6 sigma+ pvary", "2.666666666666667"),
        c("1 pair 2 sigma+ 2 pair 4 sigma+ 3 pair 6 sigma+ psy", "1.632993161855452"),
        c("1 pair 2 sigma+ 2 pair 4 sigma+ 3 pair 6 sigma+ slope", "2"), c("1 pair 3 sigma+ 2 pair 5 sigma+ intercept", "1"),
        c("1 pair 2 sigma+ 2 pair 4 sigma+ 3 pair 6 sigma+ r", "1"), c("1 pair 6 sigma+ 2 pair 4 sigma+ 3 pair 2 sigma+ r", "-1"),
        c("1 pair 2 sigma+ 2 pair 4 sigma+ 3 pair 6 sigma+ 1 0 yhat", "20"), c("1 pair 2 sigma+ 2 pair 4 sigma+ 3 pair 6 sigma+ 1 0 xhat", "5"),
        c("1 pair 3 sigma+ 2 pair 5 sigma+ 1 0 yhat + 1 =", "22"),
    ]

    static let memoryListCases: [KeyCase] = [
        c("5 ms 7 ms mr", "7", Settings()), c("5 ms 7 ms mr:2", "5", Settings()), c("5 ms 7 ms 3 m+:2 mr:2", "8", Settings()),
        c("5 ms 7 ms 3 m-:2 mr:2", "2", Settings()), c("5 ms 7 ms mc:1 mr", "5", Settings()), c("5 ms 7 ms mc mr", "0", Settings()),
        c("5 ms 7 ms mc:2 mr", "7", Settings()), c("5 m+ 7 ms mr:2", "5", Settings()), c("5 ms m+ mr", "10", Settings()),
        c("5 m+:1 mr:1", "5", Settings()), c("1 ms 2 ms 3 ms 4 ms 5 ms 6 ms 7 ms 8 ms 9 ms mr:8", "2", Settings()),
        c("5 ms 7 ms 2 m+ mr:2", "5", Settings()), c("5 ms 7 ms undo mr:1", "5", Settings()), c("5 ms 7 ms m-:2 mr:2", "-2", Settings()),
        c("5 ms 7 ms mr:2", "5", Settings(mode: .immediate)), c("5 ms 7 ms mr:2", "5"),
    ] + (1...MemoryList.entryLimit).flatMap { n in
        // A full list holds 8, 7, … 1: entry n is 9 − n. Each entry's keys act on it alone: after mc:n the seven
        // left add up to 36 − (9 − n).
        let full = (1...MemoryList.entryLimit).map { "\($0) ms" }.joined(separator: " ")
        let sumOfSeven = (1..<MemoryList.entryLimit).map { "mr:\($0)" }.joined(separator: " + ") + " ="
        return [
            c("\(full) mr:\(n)", "\(9 - n)", Settings()), c("\(full) 1 0 0 m+:\(n) mr:\(n)", "\(109 - n)", Settings()),
            c("\(full) 1 0 0 m-:\(n) mr:\(n)", "\(-91 - n)", statistics), c("\(full) mc:\(n) \(sumOfSeven)", "\(27 + n)", Settings()),
        ]
    }

    @Test(arguments: dataEntryCases + resultCases + memoryListCases)
    func keys(_ test: KeyCase) throws {
        let state = try run(test.keys, settings: test.settings)
        #expect(state.display == test.expected)
        #expect(isWellFormedDisplay(state.display))
    }

    /// A key of an entry the list does not have is refused and changes nothing, in every mode that has the list: not
    /// even the numbers' budget, which a press that changes nothing has no reason to apply (PropertyTests found RPN mode
    /// rounding a large memory to a real on `mc:8`).
    @Test(arguments: [Settings(), Settings(mode: .immediate), Settings(mode: .rpn), statistics])
    func aMissingEntrysKeyChangesNothing(_ settings: Settings) throws {
        let before = try run("7 EE 5 0 9 9 ms 4", settings: settings)
        for name in ["mc:8", "mr:2", "m+:3", "m-:8"] {
            let key = try #require(Key(name: name))
            #expect(before.refusal(of: key)?.reason == .noMemoryEntry, "\(name)")
            var after = before
            var random = SplitMix64(seed: 1)
            after.apply(key, random: &random)
            #expect(after == before, "\(name) in \(settings.mode)")
        }
    }

    @Test func theStateListsTheDataAndTheMemoryList() throws {
        let state = try run("1 pair 2 sigma+ 3 pair 5 sigma+ 4 pair 1 0 ms 7 ms", settings: statistics)
        #expect(state.dataPoints.map { state.shownPoint($0).x } == ["1", "3"])
        #expect(state.dataPoints.map { state.shownPoint($0).y } == ["2", "5"])
        #expect(state.pendingX == "4")
        #expect(state.memoryEntries == ["7", "10"])
        let results = Dictionary(uniqueKeysWithValues: state.statisticsResults.map { ($0.result.rawValue, $0.text) })
        #expect(results["slope"] == "1.5" && results["meanx"] == "2" && results["n"] == "2")
        #expect(results["sx"] == "1.414213562373095")
        // Values have no results of y or of the regression.
        let values = try run("1 sigma+", settings: statistics)
        #expect(values.statisticsResults.map(\.result.rawValue) == ["n", "sumx", "sumx2", "meanx", "varx", "pvarx", "sx", "psx"])
        #expect(values.statisticsResults.first { $0.result == .varianceX }?.text == nil)
    }

    /// A full data set refuses another point with Error (data_full), and the memory list keeps its newest 8.
    @Test func theDataSetAndTheMemoryListAreBounded() throws {
        let full = Array(repeating: "7 sigma+", count: DataSet.pointLimit).joined(separator: " ")
        var state = try run(full, settings: statistics)
        #expect(state.display == "\(DataSet.pointLimit)")
        var random = SplitMix64(seed: 1)
        press(["8", "sigma+"], on: &state, random: &random)
        #expect(state.error?.code == "data_full" && state.dataPoints.count == DataSet.pointLimit)
        let list = try run((1...20).map { "\(String($0).map(String.init).joined(separator: " ")) ms" }.joined(separator: " "))
        #expect(list.memoryEntries == (13...20).reversed().map(String.init))
        #expect(list.refusal(of: Key(name: "mr:8")!) == nil)
        #expect(try run("5 ms").refusal(of: Key(name: "mr:2")!)?.reason == .noMemoryEntry)
        // A huge exact coordinate joins as its certified value, so a point stays small.
        let huge = try run("7 pow 9 9 9 = sigma+", settings: statistics)
        #expect(huge.dataPoints.first.map { !$0.x.isRational } == true)
    }

    /// The data set's part of the stored form stays within `pointLimit` × about 450 bytes however large its
    /// coordinates (past 256 bits each is its certified real), and the memory list within the numbers' budget.
    @Test func theDataSetsStoredSizeIsBounded() throws {
        let huge = "7 pow 9 9 9 = / 3 = neg"
        let point = "\(huge) pair \(huge) sigma+"
        let full = try run(Array(repeating: point, count: DataSet.pointLimit).joined(separator: " "), settings: statistics)
        #expect(full.dataPoints.count == DataSet.pointLimit)
        var withoutData = full
        withoutData.replaceData(with: [])
        let dataBytes = StoredFormTests.withoutUndoSteps(full).storedBytes.count - StoredFormTests.withoutUndoSteps(withoutData).storedBytes.count
        print("a full data set of rounded coordinates stores in \(dataBytes) bytes")
        #expect(dataBytes < 18 * 1024, "\(dataBytes) bytes")
        let list = try run(Array(repeating: "7 pow 9 9 9 9 = ms", count: 8).joined(separator: " "))
        #expect(list.memoryEntryCount == 8)
        #expect(StoredFormTests.withoutUndoSteps(list).storedBytes.count < StateBoundsTests.storedLimit)
        // RPN mode's stack shares the same budget with the memory list.
        // Reciprocals of large powers fill the list with exact entries, and m+ on an entry grows it; each key keeps
        // the stack, memory and the list within the budget together.
        let reciprocals = [2, 3, 5, 7, 11, 13, 17, 19].map { "\(String($0).map(String.init).joined(separator: " ")) enter 9 9 9 9 pow recip ms" }
        let growing = (2...8).map { "3 enter 9 9 9 9 pow recip m+:\($0)" }
        let rpn = try run((reciprocals + growing).joined(separator: " "), settings: Settings(mode: .rpn))
        #expect(rpn.memoryEntryCount >= 4)
        let kept = [rpn.memoryValue].compactMap { $0 } + (rpn.memoryList ?? [])
        #expect(kept.reduce(0) { $0 + $1.rationalBits } <= Budget.standard.maxRationalBits)
        #expect(StoredFormTests.withoutUndoSteps(rpn).storedBytes.count < StateBoundsTests.storedLimit)
    }

    /// Anscombe's quartet (F. J. Anscombe, "Graphs in Statistical Analysis", The American Statistician 27, 1973): four
    /// data sets with the same summary. The exact rationals are Python's `fractions` on the published data
    /// (scripts/statistics-test checks them again); r, an irrational, to 16 digits from Python's decimal at 40.
    @Test(arguments: [
        ("10 8 13 9 11 14 6 4 12 7 5", "8.04 6.95 7.58 8.81 8.33 9.96 7.24 4.26 10.84 4.82 5.68",
         "8251/1100", "1134999/275000", "5501/11000", "33001/11000", "0.8164205163448398"),
        ("10 8 13 9 11 14 6 4 12 7 5", "9.14 8.14 8.74 8.77 9.26 8.10 6.13 3.10 9.13 7.26 4.74",
         "8251/1100", "567549/137500", "1/2", "3301/1100", "0.8162365060002428"),
        ("10 8 13 9 11 14 6 4 12 7 5", "7.46 6.77 12.74 7.11 7.81 8.84 6.08 5.39 8.15 6.42 5.73",
         "15/2", "206131/50000", "5497/11000", "33027/11000", "0.8162867394895982"),
        ("8 8 8 8 8 8 8 19 8 8 8", "6.58 5.76 7.71 8.84 8.47 7.04 5.25 12.50 5.56 7.91 6.89",
         "8251/1100", "2267787/550000", "5499/11000", "33019/11000", "0.8165214368885028"),
    ])
    func anscombesQuartet(
        xs: String, ys: String, meanY: String, varianceY: String, slope: String, intercept: String, r: String
    ) throws {
        let typed = zip(xs.split(separator: " "), ys.split(separator: " ")).map { x, y in
            "\(x.map(String.init).joined(separator: " ")) pair \(y.map(String.init).joined(separator: " ")) sigma+"
        }
        let state = try run(typed.joined(separator: " "), settings: statistics)
        func exact(_ result: StatisticsResult) -> String? { try? state.statisticsValue(result).get().exactText }
        #expect(exact(.n) == "11")
        #expect(exact(.meanX) == "9")
        #expect(exact(.varianceX) == "11")
        #expect(exact(.meanY) == meanY)
        #expect(exact(.varianceY) == varianceY)
        #expect(exact(.slope) == slope)
        #expect(exact(.intercept) == intercept)
        // r is Sxy / √(Sxx·Syy): a certified real, shown to 16 digits.
        #expect(exact(.correlation) == nil)
        #expect(try run(typed.joined(separator: " ") + " r", settings: statistics).display == r)
        #expect(try run(typed.joined(separator: " ") + " sx", settings: statistics).display == "3.3166247903554")
    }
}
