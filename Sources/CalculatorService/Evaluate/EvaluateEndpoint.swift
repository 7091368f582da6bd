import CalculatorEngine
import HTTPServer
import SessionStore
import Threading

/// POST /evaluate and GET /evaluate?expr=…: one answer without a session. The keys, or the expression's keys, are
/// pressed on a fresh calculator with the request's settings, which answers as a session's display read would; nothing
/// is stored. Keys count against the client's press rate like a press's. A long evaluation (`isLong`), or one whose
/// numbers pass the in-place `WorkBudget`, is worked out on long work in its client's turn, as a long press is, so that
/// no event loop holds it; there it has the service's work budget.
final class EvaluateEndpoint: Sendable {
    private let replies: SessionReplies
    private let maxKeys: Int
    private let pressLimit: ClientRateLimit?
    private let longWork: LongWork
    private let workBudget: Double
    private let trustProxy: Bool

    init(replies: SessionReplies, configuration: ServiceConfiguration, pressLimit: ClientRateLimit?, longWork: LongWork) {
        self.replies = replies
        self.maxKeys = configuration.maxKeysPerRequest
        self.pressLimit = pressLimit
        self.longWork = longWork
        self.workBudget = configuration.workBudget
        self.trustProxy = configuration.trustProxy
    }

    /// POST /evaluate
    func post(_ request: borrowing Request) throws(Problem) -> Response {
        if request.bodyLimitExceeded { throw Problem(.bodyTooLarge, "the request body is larger than the server accepts") }
        try request.requireJSONBody()
        guard !request.body.isEmpty else { throw Problem(.invalidRequest, "the body needs \"expression\", or \"key\" or \"keys\"") }
        return try answer(EvaluateRequest.parse(body: request.body, maxKeys: maxKeys), request, plainText: false)
    }

    /// GET /evaluate?expr=…, as JSON or, when the client prefers it, plain text.
    func get(_ request: borrowing Request) throws(Problem) -> Response {
        try answer(EvaluateRequest.parse(query: request.query), request, plainText: SessionReplies.prefersPlainText(request.headers[.accept]))
    }

    private func answer(_ evaluation: EvaluateRequest, _ request: borrowing Request, plainText: Bool) throws(Problem) -> Response {
        let cost = try evaluation.cost(maxKeys: maxKeys)
        let limited = try pressLimit?.admit(request, cost: cost)
        if case .keys(let press) = evaluation.input,
            let (index, refusal) = CalculatorState(settings: evaluation.settings).firstRefusal(in: press.keys)
        {
            // A fresh session refuses what it would refuse.
            throw Problem(refused: refusal, index: index)
        }
        if !evaluation.isLong {
            let budget = WorkBudget.inPlace()
            var response = try budget.run { () throws(Problem) -> Response in
                try Self.respond(to: evaluation, replies: replies, plainText: plainText)
            }
            if !budget.wasExceeded {
                limited?.add(to: &response)
                return response
            }
        }
        replies.metrics.handedToLongWork(.evaluate)
        let (client, seconds) = (ClientRateLimit.clientAddress(request, trustProxy: trustProxy), workBudget)
        return .awaiting { [replies] deliver in
            let deliver = limited?.adding(to: deliver) ?? deliver
            let respond: @Sendable () -> Void = {
                do throws(Problem) {
                    deliver(try WorkBudget.longWork(seconds: seconds).run { () throws(Problem) -> Response in
                        try Self.respond(to: evaluation, replies: replies, plainText: plainText)
                    })
                } catch {
                    deliver(error.response(toPath: "/evaluate"))
                }
            }
            // Once the workers have closed (the server is stopping), worked out in place.
            longWork.run(owner: client, respond, ifClosed: respond)
        }
    }

    private static func respond(to evaluation: EvaluateRequest, replies: SessionReplies, plainText: Bool) throws(Problem) -> Response {
        var random = SystemRandom()
        let state: CalculatorState
        var unit: String?
        switch evaluation.input {
        case .keys(let press):
            // Past an Error as a session goes on.
            state = CalculatorState(pressing: press.keys, settings: evaluation.settings, stoppingAtError: false, random: &random)
        case .expression(let expression):
            do throws(ExpressionError) {
                state = try CalculatorState(evaluating: expression, settings: evaluation.settings, random: &random)
            } catch {
                throw Problem(invalidExpression: error)
            }
            // An Error has no unit.
            if state.error == nil { unit = expression.answerUnit?.id }
        }
        guard plainText else { return replies.json(200, Rendering.display(state, unit: unit)) }
        var response = Response(status: 200, body: Array((state.display + "\n").utf8))
        response.headers.set("Content-Type", "text/plain; charset=utf-8")
        response.headers.set("Cache-Control", "no-store")
        return response
    }
}
