import CalculatorEngine

/// What `/evaluate` answers: keys (the forms of a press) or an expression, and the settings of the fresh calculator
/// they are pressed on. Validated whole before anything is pressed.
struct EvaluateRequest {
    enum Input {
        case keys(PressRequest)
        case expression(Expression)
    }

    let input: Input
    let settings: Settings

    /// The settings an expression takes (its numbers are written with the locale's marks, and the answer shown with
    /// them); keys also take programmer mode's radix and word.
    static let expressionSettings = ["mode", "angle", "digits", "locale"]
    static let keySettings = expressionSettings + ["radix", "word"]
    static let bodyMembers = ["expression", "keys", "ans"] + keySettings
    static let queryParameters = ["expr", "ans"] + expressionSettings

    /// POST /evaluate: a JSON object with `expression` or `keys` (as a press has them), and the settings each takes.
    static func parse(body: [UInt8], maxKeys: Int) throws(Problem) -> EvaluateRequest {
        let members = try parseObject(body, allowed: bodyMembers)
        let settings = try SettingsChange.parse(members: members).applied(to: Settings())
        if let value = members[member: "expression"] {
            for (name, _) in members where name != "expression" && name != "ans" && !expressionSettings.contains(name) {
                throw Problem(.invalidRequest, "\"\(name)\" goes with keys; an expression takes ans, \(expressionSettings.joined(separator: ", "))")
            }
            guard case let .string(text) = value else { throw Problem(.invalidRequest, "\"expression\" must be a string, not \(value.typeName)") }
            var answer: String?
            if let value = members[member: "ans"] {
                guard case let .string(text) = value else { throw Problem(.invalidRequest, "\"ans\" must be a string (a session's \"exact\", such as \"1/3\", or a decimal), not \(value.typeName)") }
                answer = text
            }
            return EvaluateRequest(input: .expression(try Self.expression(text, settings, answer: answer)), settings: settings)
        }
        if members[member: "ans"] != nil { throw Problem(.invalidRequest, "\"ans\" goes with an expression: keys have no ans") }
        guard members[member: "keys"] != nil else {
            throw Problem(.invalidRequest, "the body needs \"expression\" (text such as \"2 + 3 × 4\") or \"keys\" (as a press has them)")
        }
        return EvaluateRequest(input: .keys(try PressRequest.parse(members: members, maxKeys: maxKeys)), settings: settings)
    }

    /// GET /evaluate?expr=…: the expression and its settings as query parameters.
    static func parse(query: String?) throws(Problem) -> EvaluateRequest {
        let parameters = try QueryParameters(query, allowed: queryParameters)
        guard let text = parameters["expr"] else { throw Problem(.invalidRequest, "the query needs expr, the expression (URL-encoded: + is %2B)") }
        // The settings as the JSON members they would be, so that both forms are checked by one parser.
        var members: [(String, JSONValue)] = []
        for name in expressionSettings {
            guard let value = parameters[name] else { continue }
            members.append((name, name == "digits" || name == "word" ? .number(value) : .string(value)))
        }
        let settings = members.isEmpty ? Settings() : try SettingsChange.parse(members: members).applied(to: Settings())
        return EvaluateRequest(input: .expression(try Self.expression(text, settings, answer: parameters["ans"])), settings: settings)
    }

    /// The expression, read in the scientific or immediate mode; programmer mode has no expression syntax (its keys
    /// are radix digits and word operators), nor has RPN mode (an expression is infix), which is said before anything
    /// is read.
    private static func expression(_ text: String, _ settings: Settings, answer: String? = nil) throws(Problem) -> Expression {
        guard settings.mode != .rpn else {
            throw Problem(
                .invalidRequest,
                "rpn mode takes keys, not an expression: send {\"keys\": \"3 enter 4 +\", \"mode\": \"rpn\"}, or the expression in mode scientific or immediate")
        }
        guard settings.mode != .programmer else {
            throw Problem(
                .invalidRequest,
                "programmer mode takes keys, not an expression: send {\"keys\": \"12 xor 10 =\", \"mode\": \"programmer\"} (with \"radix\" and \"word\" if you like), or the expression in mode scientific or immediate")
        }
        var value: Expression.Answer?
        if let answer {
            guard let given = Expression.Answer(answer) else {
                throw Problem(.invalidRequest, "\"ans\" must be a number: a session's \"exact\" (1/3, -7/2) or a decimal (2.5, -1e5) within 1e-9999 … 1e+9999")
            }
            value = given
        }
        do throws(ExpressionError) {
            return try Expression(text, symbols: settings.format.symbols, answer: value)
        } catch {
            throw Problem(invalidExpression: error)
        }
    }

    /// What the input costs against the client's press rate: its keys, or an expression's length (about a key a
    /// character). An expression whose keys could pass the request's key limit is checked against it here (a press
    /// was when it was read).
    func cost(maxKeys: Int) throws(Problem) -> Int {
        switch input {
        case .keys(let press):
            return press.keyCount
        case .expression(let expression):
            guard 4 * expression.count + 1 > maxKeys else { return expression.count }
            let count: Int
            do throws(ExpressionError) {
                count = try expression.keys(for: settings).count
            } catch {
                throw Problem(invalidExpression: error)
            }
            guard count <= maxKeys else {
                throw Problem(.tooManyKeys, "the expression takes \(count) keys; the limit is \(maxKeys)", extensions: [("limit", .int(maxKeys))])
            }
            return expression.count
        }
    }
}

extension Problem {
    /// 400 for an expression that cannot be read, or typed on a calculator with these settings.
    init(invalidExpression error: ExpressionError) {
        self.init(
            .invalidExpression, "expected \(error.expected) at offset \(error.offset), found \(error.found)",
            extensions: [("offset", .int(error.offset)), ("expected", .string(error.expected)), ("found", .string(String(error.found.prefix(64))))])
    }
}

extension EvaluateRequest {
    /// Expressions longer than this (in Unicode scalars) are worked out off the event loops; a ten-key expression
    /// such as `12+34*5-6` is about ten.
    static let inPlaceExpressionLimit = 64

    /// Whether the work may be long: keys a press would apply off the event loops (`PressRequest.isLong`), or a long
    /// expression, or one whose work may grow with its numbers (`Expression.mayTakeLong`: a 62-character chain of
    /// powers of numbers near 1 takes longer than thousands of additions).
    var isLong: Bool {
        switch input {
        case .keys(let press): press.isLong
        case .expression(let expression): expression.count > Self.inPlaceExpressionLimit || expression.mayTakeLong
        }
    }
}
