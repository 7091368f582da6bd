/// What a key of statistics mode does (`KeyAction.statistics`). The keying follows Casio's: a value is typed and
/// entered with Σ+; a pair is x, `,` (`pair`), y, then Σ+. Σ− takes out one point equal to the one keyed the same way.
enum StatisticsAction: Sendable, Equatable {
    /// Σ+: the shown value (with the x waiting from `pair`, as the pair's y) joins the data set.
    case add
    /// Σ−: the point keyed as for Σ+ leaves the data set.
    case remove
    /// `,`: the shown value waits as the x of a pair, whose y is typed next.
    case pair
    /// CLΣ: the data set empties.
    case clear
    /// A summary of the data set, shown as a constant is.
    case result(StatisticsResult)
    /// ŷ or x̂: the regression line's estimate from the shown value, as a function is.
    case estimate(StatisticsEstimate)
}

/// What statistics mode works out of its data set: the sums, means, variances and standard deviations of x (and of
/// y for pairs), and the linear regression y = a + b·x with its correlation coefficient r. The raw value is the key's
/// name and the state's field.
public enum StatisticsResult: String, Sendable, CaseIterable {
    case n, sumX = "sumx", sumX2 = "sumx2", sumY = "sumy", sumY2 = "sumy2", sumXY = "sumxy"
    case meanX = "meanx", meanY = "meany"
    case varianceX = "varx", varianceY = "vary", populationVarianceX = "pvarx", populationVarianceY = "pvary"
    case deviationX = "sx", deviationY = "sy", populationDeviationX = "psx", populationDeviationY = "psy"
    case slope, intercept, correlation = "r"

    /// How the key is drawn and the expression shows the value.
    public var symbol: String {
        switch self {
        case .n: "n"
        case .sumX: "Σx"
        case .sumX2: "Σx²"
        case .sumY: "Σy"
        case .sumY2: "Σy²"
        case .sumXY: "Σxy"
        case .meanX: "x̄"
        case .meanY: "ȳ"
        case .varianceX: "sx²"
        case .varianceY: "sy²"
        case .populationVarianceX: "σx²"
        case .populationVarianceY: "σy²"
        case .deviationX: "sx"
        case .deviationY: "sy"
        case .populationDeviationX: "σx"
        case .populationDeviationY: "σy"
        case .slope: "slope"
        case .intercept: "intercept"
        case .correlation: "r"
        }
    }

    /// Whether it needs a data set of pairs: those of y and the regression's.
    var needsPairs: Bool {
        switch self {
        case .n, .sumX, .sumX2, .meanX, .varianceX, .populationVarianceX, .deviationX, .populationDeviationX: false
        case .sumY, .sumY2, .sumXY, .meanY, .varianceY, .populationVarianceY, .deviationY, .populationDeviationY, .slope, .intercept,
            .correlation:
            true
        }
    }
}

/// The regression line's estimates: ŷ = a + b·x from x shown, x̂ = (y − a) / b from y shown.
enum StatisticsEstimate: String, Sendable, CaseIterable {
    case y = "yhat", x = "xhat"

    var symbol: String { self == .y ? "ŷ" : "x̂" }
}
