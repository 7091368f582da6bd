/// Where the quantities of an expression (numbers with units, `2 km + 300 m`) may meet: quantities add to and
/// subtract from quantities, a quantity is multiplied or divided by plain numbers, and a quantity divided by a
/// quantity is a plain ratio; a function other than abs, round, floor, ceil and mod takes plain numbers. Everything
/// else (an area from a length times a length, 2 km + 300) is refused, saying what would make sense.
extension Expression {
    /// Checks the nodes (children before parents); returns whether the answer is a quantity of `unit`.
    static func checkQuantities(_ nodes: [Node], of unit: PhysicalUnit) throws(ExpressionError) -> Bool {
        let kind = "a " + unit.category.rawValue
        var isQuantity: [Bool] = []
        isQuantity.reserveCapacity(nodes.count)
        func refuse(_ node: Node, _ expected: String, _ found: String) -> ExpressionError {
            ExpressionError(offset: node.offset, expected: expected, found: found)
        }
        for node in nodes {
            let quantity: Bool
            switch node.kind {
            case .number, .constant: quantity = false
            case .negate(let operand): quantity = isQuantity[operand]
            case .function(let key, let operand):
                guard !isQuantity[operand] else { throw refuse(node, "a plain number in \(key.name) (it takes no unit)", kind) }
                quantity = false
            case .binary(_, let op, let left, let right):
                let (a, b) = (isQuantity[left], isQuantity[right])
                switch op {
                case .add, .subtract:
                    // a ± b% is a ± b% of a, as on a calculator: 2 km + 10% is 2.2 km.
                    if a, !b, case .function(.percent, _) = nodes[right].kind, !nodes[right].isParenthesized {
                        quantity = true
                        break
                    }
                    guard a == b else {
                        throw refuse(node, "a unit on both sides of \(op.symbol) or on neither (2 km + 300 m)", kind + " \(op.symbol) a plain number")
                    }
                    quantity = a
                case .multiply:
                    guard !(a && b) else { throw refuse(node, "a plain number on one side of × (\(kind) times \(kind) is no \(unit.category.rawValue))", "two quantities") }
                    quantity = a || b
                case .divide:
                    guard a || !b else { throw refuse(node, "a quantity before ÷, or a plain number after it", "a plain number ÷ \(kind)") }
                    quantity = a && !b
                case .power, .root, .logBase:
                    guard !a && !b else { throw refuse(node, "plain numbers in \(op.symbol) (it takes no unit)", kind) }
                    quantity = false
                }
            case .computed(let function, let operands):
                let quantities = operands.map { isQuantity[$0] }
                switch function {
                case .abs, .round, .floor, .ceil: quantity = quantities[0]
                case .mod:
                    guard quantities[0] || !quantities[1] else { throw refuse(node, "a quantity before mod, or a plain number after it", "a plain number mod \(kind)") }
                    quantity = quantities[0]
                case .quantity: quantity = true
                case .answer: quantity = false
                case .gcd, .lcm, .combinations, .permutations, .degrees, .median, .statistic:
                    guard !quantities.contains(true) else { throw refuse(node, "plain numbers in \(function.name) (it takes no unit)", kind) }
                    quantity = false
                }
            }
            isQuantity.append(quantity)
        }
        return isQuantity.last ?? false
    }
}
