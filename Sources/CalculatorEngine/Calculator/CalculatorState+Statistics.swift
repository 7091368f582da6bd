/// Statistics mode: scientific mode's keypad with a data set (`DataSet`) that Σ+ and Σ− change and the result keys
/// read. The data set outlives AC and a change of mode, like memory; CLΣ and a client's `replaceData` empty it.
extension CalculatorState {
    /// As many points as a data set holds (`PUT …/data` refuses more, Σ+ shows Error data_full).
    public static let dataPointLimit = DataSet.pointLimit

    /// Whether a data set (or a pair's waiting x) is kept.
    public var hasData: Bool { statistics != nil }

    /// Statistics mode's data set; nil while empty.
    var statistics: DataSet? {
        get { lists?.statistics }
        set { lists = KeptLists.kept(memoryList: memoryList, statistics: newValue) }
    }

    /// The data set's points, in the order they were entered.
    public var dataPoints: [DataPoint] { statistics?.points ?? [] }

    /// A point's coordinates formatted like the display, and their exact texts (nil for a certified real).
    public func shownPoint(_ point: DataPoint) -> (x: String, y: String?) {
        (shownText(point.x), point.y.map(shownText))
    }

    /// The x waiting for its y (`,`), formatted like the display.
    public var pendingX: String? { statistics?.pendingX.map(shownText) }

    /// Every result of the data set, in `StatisticsResult.allCases` order, formatted like the display; nil for one the
    /// data do not define (a sample's deviation of one point, a flat regression line); those of y and the regression
    /// only for pairs. Empty without data.
    /// `exact` is the value's `p/q` text where it is rational.
    public var statisticsResults: [(result: StatisticsResult, text: String?, exact: String?)] {
        guard let points = statistics?.points, !points.isEmpty,
            let sums = try? statistics!.sums()
        else { return [] }
        return StatisticsResult.allCases.compactMap { result in
            if result.needsPairs && !sums.hasPairs { return nil }
            let value = try? sums.value(result)
            return (result, value.map(shownText), value?.exactText)
        }
    }

    /// A result's value, exactly as the engine works it out (tests compare it with fractions).
    func statisticsValue(_ result: StatisticsResult) -> Result<Number, CalculatorError> {
        do throws(CalculatorError) {
            return .success(try (statistics ?? DataSet()).sums().value(result))
        } catch {
            return .failure(error)
        }
    }

    /// Replaces the data set with `points` (the service's `PUT …/data`), which the caller has checked against
    /// `DataSet.pointLimit` and for one kind; empties it for none. A pair's waiting x is forgotten.
    public mutating func replaceData(with points: [DataPoint]) {
        statistics = points.isEmpty ? nil : DataSet(points: points.map { DataPoint(x: DataSet.kept($0.x), y: $0.y.map(DataSet.kept)) })
    }

    /// Takes out the point at `index` (the service's `DELETE …/data?point=`), which the caller has checked is one.
    public mutating func removeDataPoint(at index: Int) {
        guard var data = statistics, data.points.indices.contains(index) else { return }
        data.points.remove(at: index)
        statistics = data.isEmpty ? nil : data
    }

    mutating func pressStatistics(_ action: StatisticsAction, _ arithmetic: DecimalArithmetic) throws(StackFailure) {
        switch action {
        case .pair:
            var data = statistics ?? DataSet()
            data.pendingX = DataSet.kept(try stack.takeOperand(arithmetic))
            statistics = data
            // The y is typed next, as after an operator.
            stack.clearEntry()
        case .add, .remove:
            let operand = DataSet.kept(try stack.takeOperand(arithmetic))
            var data = statistics ?? DataSet()
            let point = data.pendingX.map { DataPoint(x: $0, y: operand) } ?? DataPoint(x: operand, y: nil)
            data.pendingX = nil
            if action == .add {
                guard data.points.isEmpty || data.hasPairs == (point.y != nil) else { throw failure(Self.mixedData) }
                guard data.points.count < DataSet.pointLimit else { throw failure(Self.dataFull) }
                data.points.append(point)
            } else {
                guard let index = data.points.lastIndex(of: point) else { throw failure(Self.notInData) }
                data.points.remove(at: index)
            }
            statistics = data.isEmpty ? nil : data
            // Shows n, as HP's and Casio's do after each entry.
            stack.put(.integer(data.points.count), text: StatisticsResult.n.symbol)
        case .clear:
            statistics = nil
        case .result(let result):
            switch statisticsValue(result) {
            case .success(let value): stack.put(value, text: result.symbol)
            case .failure(let error): throw failure(error, attempted: result.symbol)
            }
        case .estimate(let estimate):
            let (operand, text) = try stack.currentOperand(arithmetic)
            let described = estimate.symbol + "(" + text + ")"
            do throws(CalculatorError) {
                stack.show(try (statistics ?? DataSet()).sums().estimate(estimate, from: operand), text: described)
            } catch {
                throw failure(error, attempted: described)
            }
        }
    }

    private func failure(_ error: CalculatorError, attempted: String? = nil) -> StackFailure {
        StackFailure(error: error, attempted: Self.joined(stack.prefix, attempted ?? stack.operandText ?? ""))
    }

    static let mixedData = CalculatorError(code: "domain", message: "A data set holds values or (x, y) pairs, not both")
    static let dataFull = CalculatorError(code: "data_full", message: "The data set holds at most \(DataSet.pointLimit) points")
    static let notInData = CalculatorError(code: "domain", message: "Σ− takes out a point of the data set, and this one is not in it")
}
