/**
 * A client of the calculator service, on the platform's `fetch` and stream reader (browsers, Node 18 and later, Deno).
 *
 * `Calculator` makes and opens sessions; a `Session` presses keys (each press with an `Idempotency-Key` of its own, so
 * that a retry is never pressed twice), changes settings, reads its state and follows it live. A refusal is thrown as
 * a `CalculatorError` subclass named for its status (`PreconditionFailed` for a 412) that carries the problem+json; a
 * 429 or 503 with `Retry-After` is waited out and retried (`retries` times, then thrown); a 304 is `Unchanged`. The
 * types follow openapi.yaml's schemas of the same names; members a newer server adds are kept, not refused.
 */

export type Angle = "deg" | "rad" | "grad";
export type Mode = "scientific" | "immediate" | "programmer" | "rpn" | "statistics";
export type Radix = "dec" | "hex" | "oct" | "bin";
export type Word = 8 | 16 | 32 | 64;
export type Notation = "auto" | "fixed" | "scientific" | "engineering";
export type Fraction = "off" | "improper" | "mixed";

/** Why the display shows Error. */
export interface CalculationError {
    code: string;
    message: string;
}

/** The members of `GET /sessions/{id}/display` (the `Display` schema). */
export interface Display {
    display: string;
    /** The shown value as `p/q` or `p` in lowest terms when it is rational; absent when it is not. */
    exact?: string;
    /** `/evaluate` only: the id of the unit the answer is in (`km` for `2 km + 300 m`); absent for a plain number. */
    unit?: string;
    expression: string;
    pending: boolean;
    error: CalculationError | null;
    memory: string | null;
    /** The memory list, first entry first, once it holds two entries (`ms`); `memory` is its first. */
    memories?: string[];
    /** Statistics mode's data set and results, in statistics mode and while a session keeps data. */
    statistics?: Statistics;
    angle: Angle;
    second: boolean;
    radix?: Radix;
    word?: Word;
    radixes?: { hex: string; dec: string; oct: string; bin: string } | null;
    /** RPN mode only: X (the display), Y, Z and T, as the display shows numbers. */
    stack?: { x: string; y: string; z: string; t: string };
    variables: { x?: string; y?: string; z?: string; t?: string };
    awaiting: "sto" | "rcl" | null;
}

/** A point of a data set: a value x, or a pair (x, y), formatted like the display. */
export interface DataPoint {
    x: string;
    y?: string;
}

/** The names of statistics mode's results (its result keys). */
export type StatisticsResult =
    | "n" | "sumx" | "sumx2" | "sumy" | "sumy2" | "sumxy" | "meanx" | "meany" | "varx" | "vary" | "pvarx" | "pvary"
    | "sx" | "sy" | "psx" | "psy" | "slope" | "intercept" | "r";

/** The `Statistics` schema: the points, the x waiting for its y, each result the data define (null where they do not)
 * and the rational ones as `p/q`. */
export interface Statistics {
    points: DataPoint[];
    pendingX: string | null;
    results: Partial<Record<StatisticsResult, string | null>>;
    exact: Partial<Record<StatisticsResult, string>>;
}

/** `GET`, `PUT` and `DELETE /sessions/{id}/data` (the `DataSet` schema). */
export interface DataSet extends Statistics {
    id: string;
    mode: Mode;
    version: number;
}

/** A session's whole state, its settings and its version (the `SessionState` schema), as a read, a press and every
 * event of a followed session (`SessionEvent`) carry it. */
export interface SessionState extends Display, DisplayFormat {
    id: string;
    mode: Mode;
    digits: number;
    version: number;
    token?: string;
    tokenId?: string;
    steps?: { key: string; display: string }[];
}

/** The units the `convert` key converts between and the display format, in a state and in settings (absent from a
 * state in the standard format). */
export interface DisplayFormat {
    convert?: { from: string; to: string } | null;
    notation?: Notation;
    decimals?: number;
    grouping?: boolean;
    fraction?: Fraction;
    locale?: string | null;
}

/** Settings to create a session with or to change (PATCH); each is optional. */
export interface Settings extends DisplayFormat {
    mode?: Mode;
    angle?: Angle;
    digits?: number;
    radix?: Radix;
    word?: Word;
    variables?: { x?: string | null; y?: string | null; z?: string | null; t?: string | null };
}

/** What `/evaluate` takes beside the expression (the `ExpressionEvaluation` schema). */
export interface ExpressionOptions {
    mode?: "scientific" | "immediate";
    angle?: Angle;
    digits?: number;
    /** The locale whose marks the expression's numbers are written with and the answer is shown with. */
    locale?: string | null;
    /** The value of `ans` in the expression, GNOME's last answer: a session's `exact` (`1/3`) or a decimal. */
    ans?: string;
}

/** RFC 9457 problem details, with the members the calculator adds to some. */
export interface Problem {
    type: string;
    title: string;
    status: number;
    detail: string;
    instance?: string;
    key?: string;
    index?: number;
    /** A refused key's mode and reason (`not_in_rpn`, `not_in_word` …), and the word's size for `not_in_word`. */
    mode?: Mode;
    reason?: string;
    word?: Word;
    offset?: number;
    expected?: string;
    found?: string;
    parameter?: string;
    limit?: number;
    currentVersion?: number;
}

export interface History {
    id: string;
    history: { expression: string; result: string }[];
    count: number;
    start: number;
}

/** A token just minted: `token` is its secret (shown this once), `id` names it for revoking. */
export interface Token {
    id: string;
    token: string;
    scope: "viewer" | "owner";
    expiresAt: number | null;
}

/** A converted value, exact where the definitions are (the `UnitConversionResult` schema). */
export interface Conversion {
    value: string;
    from: string;
    to: string;
    display: string;
    exact: string | null;
    isExact: boolean;
}

/** A session's version event: its state at a new version. */
export interface StateEvent {
    type: "state";
    state: SessionState;
}

/** The last event of a followed session: `deleted`, `expired`, or `revoked` (the token it was followed with was
 * revoked or expired; the session goes on). */
export interface EndEvent {
    type: "deleted" | "expired" | "revoked";
    id: string;
}

/** What `follow` yields: the session's state at each new version, then at most one end. */
export type SessionEvent = StateEvent | EndEvent;

/** A 304: the session is still at the version `ifNoneMatch` named. */
export class Unchanged {
    constructor(readonly version: number) {}
}

/** A request the server refused: its status and the problem+json it answered with (`problem`, undefined when the body
 * was not one, e.g. from a proxy). */
export class CalculatorError extends Error {
    constructor(
        readonly status: number,
        readonly problem: Problem | undefined,
        readonly body: string,
        readonly retryAfter: number | undefined,
    ) {
        super(`${status}: ${problem?.detail ?? body.slice(0, 200)}`);
        this.name = new.target.name;
    }
}
/** 400: a malformed request (an unknown key names it in `problem.key` and `problem.index`). */
export class BadRequest extends CalculatorError {}
/** 401: no token, or one the session does not know (a deleted session answers so too). */
export class Unauthorized extends CalculatorError {}
/** 403: a token of too little scope (a viewer's press). */
export class Forbidden extends CalculatorError {}
/** 404: no such session (open access) or route. */
export class NotFound extends CalculatorError {}
/** 409: an `Idempotency-Key` reused for another request, or one still under way. */
export class Conflict extends CalculatorError {}
/** 412: `If-Match` named a version the session is no longer at. */
export class PreconditionFailed extends CalculatorError {
    get currentVersion(): number | undefined {
        return this.problem?.currentVersion;
    }
}
/** 422: a well-formed request the calculator cannot do. */
export class UnprocessableContent extends CalculatorError {}
/** 429: a rate limit; `retryAfter` says in how many seconds to try again. */
export class TooManyRequests extends CalculatorError {}
/** 503: the store is unreachable or the server busy or stopping; `retryAfter` says when to try again. */
export class ServiceUnavailable extends CalculatorError {}

const errors: { [status: number]: typeof CalculatorError } = {
    400: BadRequest,
    401: Unauthorized,
    403: Forbidden,
    404: NotFound,
    409: Conflict,
    412: PreconditionFailed,
    422: UnprocessableContent,
    429: TooManyRequests,
    503: ServiceUnavailable,
};

/** Keys as a press takes them: one string of names separated by spaces (`"12 + 30 ="`), or a list of names. */
export type Keys = string | string[];
/** A session version (`7`) or its entity tag as the server writes it (`'"7"'`). */
export type Version = number | string;

export interface CalculatorOptions {
    /** The operator's key of a server run with `--api-key`. */
    apiKey?: string;
    /** How many times a 429 or 503 is waited out before it is thrown, and a followed stream reopened in a row. */
    retries?: number;
    /** The longest wait, in seconds, for one retry. */
    maxWait?: number;
    /** The `fetch` to use (the platform's by default). */
    fetch?: typeof fetch;
}

function tag(version: Version): string {
    return typeof version === "number" ? `"${version}"` : version;
}

function sleep(seconds: number): Promise<void> {
    return new Promise((resolve) => setTimeout(resolve, seconds * 1000));
}

function isProblem(value: unknown): value is Problem {
    return typeof value === "object" && value !== null && typeof (value as { status?: unknown }).status === "number"
        && typeof (value as { detail?: unknown }).detail === "string";
}

async function refusal(response: Response): Promise<CalculatorError> {
    const body = await response.text();
    let problem: Problem | undefined;
    try {
        const parsed: unknown = JSON.parse(body);
        problem = isProblem(parsed) ? parsed : undefined;
    } catch {
        problem = undefined;
    }
    const retryAfter = Number(response.headers.get("Retry-After") ?? NaN);
    const Kind = errors[response.status] ?? CalculatorError;
    return new Kind(response.status, problem, body, Number.isFinite(retryAfter) ? retryAfter : undefined);
}

interface ServerSentEvent {
    event: string;
    id: string | undefined;
    data: string;
}

/** The events of a `text/event-stream` body (the WHATWG rules: fields until a blank line, `:` lines are comments). */
async function* serverSentEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<ServerSentEvent> {
    const reader = body.getReader();
    const decoder = new TextDecoder();
    let buffered = "";
    let event: ServerSentEvent = { event: "", id: undefined, data: "" };
    let data: string[] = [];
    try {
        for (;;) {
            const { value, done } = await reader.read();
            if (done) return;
            buffered += decoder.decode(value, { stream: true });
            let end: number;
            while ((end = buffered.indexOf("\n")) >= 0) {
                const line = buffered.slice(0, end).replace(/\r$/, "");
                buffered = buffered.slice(end + 1);
                if (line === "") {
                    if (data.length > 0) yield { ...event, data: data.join("\n") };
                    event = { event: "", id: undefined, data: "" };
                    data = [];
                    continue;
                }
                if (line.startsWith(":")) continue;
                const colon = line.indexOf(":");
                const field = colon < 0 ? line : line.slice(0, colon);
                const fieldValue = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
                if (field === "event") event.event = fieldValue;
                else if (field === "data") data.push(fieldValue);
                else if (field === "id") event.id = fieldValue;
            }
        }
    } finally {
        reader.cancel().catch(() => undefined);
    }
}

function isEnd(name: string): name is EndEvent["type"] {
    return name === "deleted" || name === "expired" || name === "revoked";
}

/** A calculator service at `baseURL`. */
export class Calculator {
    readonly baseURL: string;
    readonly retries: number;
    readonly maxWait: number;
    private readonly apiKey: string | undefined;
    private readonly fetch: typeof fetch;

    constructor(baseURL: string, options: CalculatorOptions = {}) {
        this.baseURL = baseURL.replace(/\/+$/, "");
        this.apiKey = options.apiKey;
        this.retries = options.retries ?? 3;
        this.maxWait = options.maxWait ?? 30;
        this.fetch = options.fetch ?? ((input, init) => fetch(input, init));
    }

    private headers(token: string | undefined, extra: Record<string, string> = {}): Record<string, string> {
        const credential = token ?? this.apiKey;
        return credential === undefined ? extra : { ...extra, Authorization: `Bearer ${credential}` };
    }

    /** Whether `error` (after `attempt` retries) is a 429 or 503 to try again after, once its wait is over. */
    private async waitedOut(error: CalculatorError, attempt: number): Promise<boolean> {
        if (!(error instanceof TooManyRequests || error instanceof ServiceUnavailable) || attempt >= this.retries) return false;
        await sleep(Math.min(error.retryAfter ?? 1, this.maxWait));
        return true;
    }

    /** One request, its 429s and 503s waited out; a 2xx or 304 is returned, any other status thrown. */
    async request(
        method: string,
        path: string,
        options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
    ): Promise<Response> {
        const headers = this.headers(options.token, options.headers);
        if (options.body !== undefined) headers["Content-Type"] = "application/json";
        for (let attempt = 0; ; attempt++) {
            const response = await this.fetch(this.baseURL + path, {
                method,
                headers,
                body: options.body === undefined ? undefined : JSON.stringify(options.body),
            });
            if (response.ok || response.status === 304) return response;
            const error = await refusal(response);
            if (!(await this.waitedOut(error, attempt))) throw error;
        }
    }

    /** A new session with `settings`; with session tokens it carries its owner token. */
    async createSession(settings: Settings = {}): Promise<Session> {
        const state = (await (await this.request("POST", "/sessions", { body: settings })).json()) as SessionState;
        return new Session(this, state.id, state.token, state);
    }

    /** An existing session, by its id and a token of it (owner or viewer). */
    session(id: string, token?: string): Session {
        return new Session(this, id, token);
    }

    /** One expression's answer on a fresh calculator; nothing is stored. */
    async evaluate(expression: string, options: ExpressionOptions = {}): Promise<Display> {
        return (await (await this.request("POST", "/evaluate", { body: { ...options, expression } })).json()) as Display;
    }

    /** `value` in the unit `from` converted to `to`, exact where the definitions are. */
    async convert(value: string, from: string, to: string): Promise<Conversion> {
        return (await (await this.request("POST", "/convert", { body: { value, from, to } })).json()) as Conversion;
    }

    /**
     * The session's state now and at every new version, on a connection of its own, until it ends with an
     * `EndEvent`. A dropped connection is opened again with `Last-Event-ID`, so no version comes twice; a refusal
     * (401, 404, a 429 or 503 beyond `retries`) is thrown. Leaving the loop closes the connection.
     */
    async *follow(id: string, token?: string, lastEventID?: number): AsyncGenerator<SessionEvent> {
        let last = lastEventID;
        for (let failures = 0; ; failures++) {
            const headers = this.headers(token, { Accept: "text/event-stream" });
            if (last !== undefined) headers["Last-Event-ID"] = String(last);
            let response: Response;
            try {
                response = await this.fetch(`${this.baseURL}/sessions/${encodeURIComponent(id)}/events`, { headers });
            } catch (error) {
                if (failures >= this.retries) throw error;
                await sleep(Math.min(0.25 * 2 ** failures, this.maxWait));
                continue;
            }
            if (response.status !== 200 || response.body === null) {
                const error = await refusal(response);
                if (!(await this.waitedOut(error, failures))) throw error;
                continue;
            }
            try {
                for await (const event of serverSentEvents(response.body)) {
                    failures = 0;
                    if (isEnd(event.event)) {
                        yield { type: event.event, id: (JSON.parse(event.data) as { id: string }).id };
                        return;
                    }
                    const state = JSON.parse(event.data) as SessionState;
                    last = state.version;
                    yield { type: "state", state };
                }
            } catch (error) {
                if (failures >= this.retries) throw error;
            }
            // The stream closed without its end (a slow reader is dropped, a proxy timed out): open it again.
            await sleep(Math.min(0.25 * 2 ** failures, this.maxWait));
        }
    }
}

/** One session: its id, the token its requests carry, and its last state read (`state`). */
export class Session {
    constructor(
        readonly calculator: Calculator,
        readonly id: string,
        readonly token: string | undefined,
        public state?: SessionState,
    ) {}

    private path(tail = ""): string {
        return `/sessions/${encodeURIComponent(this.id)}${tail}`;
    }

    private async keep(response: Response): Promise<SessionState> {
        this.state = (await response.json()) as SessionState;
        return this.state;
    }

    /** Presses `keys` in order and answers the state after them. The press carries an `Idempotency-Key` (a new one
     * unless given), so a retry after a 503 or a lost answer is replayed, not pressed again. */
    async press(
        keys: Keys,
        options: { ifMatch?: Version; trace?: boolean; idempotencyKey?: string } = {},
    ): Promise<SessionState> {
        const headers: Record<string, string> = { "Idempotency-Key": options.idempotencyKey ?? crypto.randomUUID() };
        if (options.ifMatch !== undefined) headers["If-Match"] = tag(options.ifMatch);
        const body = options.trace ? { keys, trace: true } : { keys };
        return this.keep(await this.calculator.request("POST", this.path("/press"), { token: this.token, body, headers }));
    }

    /** Changes the settings `settings` names (PATCH). */
    async update(settings: Settings, options: { ifMatch?: Version } = {}): Promise<SessionState> {
        const headers: Record<string, string> = options.ifMatch === undefined ? {} : { "If-Match": tag(options.ifMatch) };
        return this.keep(await this.calculator.request("PATCH", this.path(), { token: this.token, body: settings, headers }));
    }

    /** The session's state, or `Unchanged` when it is still at `ifNoneMatch`. */
    async read(options: { ifNoneMatch?: Version } = {}): Promise<SessionState | Unchanged> {
        const response = await this.conditionalGet(this.path(), options.ifNoneMatch);
        return response instanceof Unchanged ? response : this.keep(response);
    }

    /** The display fields alone, or `Unchanged` when the session is still at `ifNoneMatch`. */
    async display(options: { ifNoneMatch?: Version } = {}): Promise<Display | Unchanged> {
        const response = await this.conditionalGet(this.path("/display"), options.ifNoneMatch);
        return response instanceof Unchanged ? response : ((await response.json()) as Display);
    }

    private async conditionalGet(path: string, ifNoneMatch: Version | undefined): Promise<Response | Unchanged> {
        const headers: Record<string, string> = ifNoneMatch === undefined ? {} : { "If-None-Match": tag(ifNoneMatch) };
        const response = await this.calculator.request("GET", path, { token: this.token, headers });
        if (response.status !== 304) return response;
        return new Unchanged(Number((response.headers.get("ETag") ?? '"0"').replace(/"/g, "").split("-")[0]));
    }

    async history(): Promise<History> {
        return (await (await this.calculator.request("GET", this.path("/history"), { token: this.token })).json()) as History;
    }

    /** A new token of this session (owner only): `viewer` reads and follows, `owner` may do everything. */
    async mintToken(scope: "viewer" | "owner" = "viewer", expiresIn?: number): Promise<Token> {
        const body = expiresIn === undefined ? { scope } : { scope, expiresIn };
        return (await (await this.calculator.request("POST", this.path("/tokens"), { token: this.token, body })).json()) as Token;
    }

    /** Revokes a token of this session (owner only); the streams it opened end with `revoked`. */
    async revokeToken(tokenID: string): Promise<void> {
        await this.calculator.request("DELETE", this.path(`/tokens/${encodeURIComponent(tokenID)}`), { token: this.token });
    }

    async delete(options: { ifMatch?: Version } = {}): Promise<void> {
        const headers: Record<string, string> = options.ifMatch === undefined ? {} : { "If-Match": tag(options.ifMatch) };
        await this.calculator.request("DELETE", this.path(), { token: this.token, headers });
    }

    /** `Calculator.follow` of this session with its token. */
    follow(lastEventID?: number): AsyncGenerator<SessionEvent> {
        return this.calculator.follow(this.id, this.token, lastEventID);
    }
}
