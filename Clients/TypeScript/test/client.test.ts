// The client against the real server: typed errors, retries after Retry-After, idempotent presses, 304s and following
// a session (its ends, and a reconnection from Last-Event-ID).
//
// Usage: node client.test.js BASE_URL LIMITED_BASE_URL, the second a server of its own run with --press-rate 1
// (scripts/client-test).
import {
    BadRequest,
    Calculator,
    CalculatorError,
    Forbidden,
    PreconditionFailed,
    SessionEvent,
    TooManyRequests,
    Unauthorized,
    Unchanged,
} from "calculator-client";

const results: boolean[] = [];

function check(name: string, condition: boolean, detail: unknown = ""): void {
    results.push(condition);
    console.log(condition ? `ok   ${name}` : `FAIL ${name} ${JSON.stringify(detail)}`);
}

/** What `body` throws as a `CalculatorError`, or undefined when it does not throw one. */
async function refusal(body: () => Promise<unknown>): Promise<CalculatorError | undefined> {
    try {
        await body();
        return undefined;
    } catch (error) {
        if (error instanceof CalculatorError) return error;
        throw error;
    }
}

async function next(events: AsyncGenerator<SessionEvent>): Promise<SessionEvent | undefined> {
    const result = await events.next();
    return result.done ? undefined : result.value;
}

async function typedErrorsAnd304(base: string): Promise<void> {
    const calculator = new Calculator(base);
    const session = await calculator.createSession({ digits: 12 });
    check("a created session carries its owner token", typeof session.token === "string" && session.state?.version === 1);
    const state = await session.press("1 ÷ 3 =");
    check("a press answers the state", state.display === "0.333333333333" && state.digits === 12, state);
    const unchanged = await session.read({ ifNoneMatch: state.version });
    check("a read at the same version is Unchanged (304)", unchanged instanceof Unchanged && unchanged.version === state.version, unchanged);
    const display = await session.display({ ifNoneMatch: state.version - 1 });
    check("a read at an older version is the display", !(display instanceof Unchanged) && display.display === state.display, display);
    const stale = await refusal(() => session.update({ digits: 20 }, { ifMatch: 1 }));
    check("a stale If-Match throws PreconditionFailed with the version",
        stale instanceof PreconditionFailed && stale.currentVersion === state.version, stale);
    const unknown = await refusal(() => session.press(["1", "+", "banana"]));
    check("an unknown key throws BadRequest naming it", unknown instanceof BadRequest && unknown.problem?.key === "banana", unknown);
    const viewer = calculator.session(session.id, (await session.mintToken("viewer")).token);
    check("a viewer's press throws Forbidden", (await refusal(() => viewer.press("7"))) instanceof Forbidden);
    const stranger = calculator.session(session.id, "not-a-token");
    check("an unknown token throws Unauthorized", (await refusal(() => stranger.read())) instanceof Unauthorized);
}

async function evaluating(base: string): Promise<void> {
    const calculator = new Calculator(base);
    const third = await calculator.evaluate("1 ÷ 3");
    check("evaluate answers the display and the exact value", third.display === "0.3333333333333333" && third.exact === "1/3", third);
    const doubled = await calculator.evaluate("ans × 2", { ans: third.exact });
    check("evaluate takes ans, a session's exact value", doubled.display === "0.6666666666666667" && doubled.exact === "2/3", doubled);
    const german = await calculator.evaluate("1.000,5 + 1", { locale: "de" });
    check("evaluate reads numbers in the locale and shows them in it (no grouping by default)", german.display === "1001,5" && german.exact === "2003/2", german);
    const root = await calculator.evaluate("√2");
    check("nothing exact for a root", root.display === "1.414213562373095" && root.exact === undefined, root);
    const length = await calculator.evaluate("5 ft + 3 in to cm");
    check("an answer with units says its unit", length.display === "160.02" && length.unit === "cm", length);
    check("a plain number has no unit", third.unit === undefined, third);
    const missing = await refusal(() => calculator.evaluate("ans + 1"));
    check("ans without a value throws BadRequest", missing instanceof BadRequest && (missing.problem?.detail ?? "").includes("ans"), missing);
}

async function idempotentPresses(base: string): Promise<void> {
    const keys: (string | null)[] = [];
    const recording: typeof fetch = (input, init) => {
        const headers = new Headers(init?.headers);
        if (String(input).endsWith("/press")) keys.push(headers.get("Idempotency-Key"));
        return fetch(input, init);
    };
    const session = await new Calculator(base, { fetch: recording }).createSession();
    await session.press("7");
    await session.press("7");
    check("each press carries an Idempotency-Key of its own",
        keys.length === 2 && keys[0] !== null && keys[1] !== null && keys[0] !== keys[1], keys);
    const first = await session.press("AC 5", { idempotencyKey: "fixed-key" });
    const again = await session.press("AC 5", { idempotencyKey: "fixed-key" });
    check("a press retried with its key is replayed, not pressed again", again.version === first.version, [first, again]);
}

async function retriesAfterRetryAfter(limited: string): Promise<void> {
    const session = await new Calculator(limited, { retries: 0 }).createSession();
    await session.press("1 + 2 + 3 =");
    const busy = await refusal(() => session.press("4"));
    check("past the rate, TooManyRequests with Retry-After",
        busy instanceof TooManyRequests && busy.retryAfter !== undefined && busy.retryAfter > 0, busy);
    // The same session through a client that waits: the press goes through once the bucket has refilled.
    const patient = new Calculator(limited, { retries: 3 }).session(session.id, session.token);
    const pressed = await patient.press("4");
    check("a client that retries waits out Retry-After and presses", pressed.display === "4" && pressed.version === 3, pressed);
}

async function following(base: string): Promise<void> {
    const calculator = new Calculator(base);
    const session = await calculator.createSession();
    const events = session.follow();
    const first = await next(events);
    check("following starts with the current state", first?.type === "state" && first.state.version === 1, first);
    await session.update({ mode: "immediate", notation: "fixed", decimals: 2, locale: "de-DE" });
    const changed = await next(events);
    check("a settings change is an event carrying the settings",
        changed?.type === "state" && changed.state.mode === "immediate" && changed.state.notation === "fixed"
            && changed.state.locale === "de-DE" && changed.state.version === 2, changed);
    await session.delete();
    const end = await next(events);
    check("deleting ends the stream with a deleted event", end?.type === "deleted" && end.id === session.id, end);
    check("nothing follows the end", (await next(events)) === undefined);

    const owned = await calculator.createSession();
    const minted = await owned.mintToken("viewer");
    const watching = calculator.follow(owned.id, minted.token);
    check("a viewer follows", (await next(watching))?.type === "state");
    await owned.revokeToken(minted.id);
    const revoked = await next(watching);
    check("revoking its token ends the stream with a revoked event", revoked?.type === "revoked" && revoked.id === owned.id, revoked);
}

/** A `fetch` whose first event stream is cut once its first event has come, as a dropped connection is; it records
 * each stream request's Last-Event-ID. */
function cuttingFetch(lastEventIDs: (string | null)[]): typeof fetch {
    return async (input, init) => {
        const response = await fetch(input, init);
        if (!String(input).endsWith("/events")) return response;
        lastEventIDs.push(new Headers(init?.headers).get("Last-Event-ID"));
        if (lastEventIDs.length > 1 || response.body === null) return response;
        const reader = response.body.getReader();
        let seen = "";
        const cut = new ReadableStream<Uint8Array>({
            async pull(controller) {
                const { value, done } = await reader.read();
                if (done) return controller.close();
                controller.enqueue(value);
                seen += new TextDecoder().decode(value);
                if (seen.includes("\n\n")) {
                    await reader.cancel();
                    controller.close();
                }
            },
        });
        return new Response(cut, { status: response.status, headers: response.headers });
    };
}

async function reconnecting(base: string): Promise<void> {
    const owner = await new Calculator(base).createSession();
    const lastEventIDs: (string | null)[] = [];
    const events = new Calculator(base, { fetch: cuttingFetch(lastEventIDs) }).follow(owner.id, owner.token);
    const first = await next(events);
    check("the first connection brings version 1", first?.type === "state" && first.state.version === 1, first);
    await owner.press("9");
    const second = await next(events);
    check("after the cut, the next version comes on a new connection", second?.type === "state" && second.state.version === 2, second);
    check("the new connection said Last-Event-ID: 1", lastEventIDs.length === 2 && lastEventIDs[1] === "1", lastEventIDs);
    await events.return(undefined);
}

const [base, limited] = [process.argv[2], process.argv[3]];
await typedErrorsAnd304(base);
await evaluating(base);
await idempotentPresses(base);
await following(base);
await reconnecting(base);
await retriesAfterRetryAfter(limited);
console.log(`typescript client package: ${results.filter((ok) => ok).length} passed, ${results.filter((ok) => !ok).length} failed`);
process.exitCode = results.every((ok) => ok) ? 0 : 1;
