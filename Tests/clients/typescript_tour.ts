// The README tour through the TypeScript client that openapi-generator (typescript-fetch) makes from openapi.yaml.
// scripts/client-test copies this file beside the generated index.ts, compiles both with tsc and runs the result
// with node (its built-in fetch): node typescript_tour.js BASE_URL.
import { Configuration, DatesApi, KeyName, KeysApi, ResponseError, SessionsApi, SessionState, UnitsApi } from "./index";

// Node's own, declared here: Debian's TypeScript comes without @types/node.
declare const process: { argv: string[]; exit(code: number): never };

let passed = 0;
let failed = 0;

function check(name: string, condition: boolean, detail: unknown = ""): void {
    if (condition) {
        passed += 1;
        console.log(`ok   ${name}`);
    } else {
        failed += 1;
        console.log(`FAIL ${name} ${JSON.stringify(detail)}`);
    }
}

/// The status and problem+json body of a refused request.
async function refusal(request: Promise<unknown>): Promise<{ status: number; problem: any }> {
    try {
        await request;
    } catch (error) {
        if (error instanceof ResponseError) {
            return { status: error.response.status, problem: await error.response.json() };
        }
        throw error;
    }
    return { status: 0, problem: null };
}

async function main(base: string): Promise<boolean> {
    const configuration = new Configuration({ basePath: base });
    const anonymous = new SessionsApi(configuration);

    const created = await anonymous.putSessionRaw({ id: "tour-ts" });
    const fresh: SessionState = await created.value();
    check("PUT makes the session", created.raw.status === 201 && created.raw.headers.get("ETag") === '"1"');
    check("a new session shows 0, no error, an empty memory", fresh.display === "0" && fresh.error === null && fresh.memory === null, fresh);
    check("with its owner token", typeof fresh.token === "string" && fresh.token.length >= 22, fresh);
    // The session's routes take its token as `Authorization: Bearer` (openapi.yaml's sessionToken scheme).
    const sessions = new SessionsApi(new Configuration({ basePath: base, accessToken: fresh.token }));
    const refused = await refusal(anonymous.getDisplay({ id: "tour-ts" }));
    check("without the token, 401", refused.status === 401 && refused.problem.status === 401, refused);

    let state = await sessions.pressKeys({ id: "tour-ts", pressRequest: { keys: "0.1 + 0.2 =" } });
    check("0.1 + 0.2 = 0.3", state.display === "0.3" && state.expression === "0.1 + 0.2", state);
    state = await sessions.pressKeys({ id: "tour-ts", pressRequest: { keys: [KeyName.DIGIT_3, KeyName.DIGIT_0, KeyName.SIN], trace: true } });
    check("a traced batch has its steps", JSON.stringify(state.steps?.map((step) => step.display)) === '["3","30","0.5"]', state);
    const display = await sessions.getDisplay({ id: "tour-ts" });
    check("the display reads back", display.display === "0.5" && display.expression === "sin(30)", display);

    state = await sessions.pressKeys({ id: "tour-ts", pressRequest: { keys: "AC 1 ÷ 3 × 3 = m+ 2 xʸ 0.5 =" } });
    check("aliases, memory and powers", state.display === "1.414213562373095" && state.memory === "1", state);
    const history = await sessions.getHistory({ id: "tour-ts" });
    check("the history", JSON.stringify(history.history.map((item) => item.result)) === '["0.3","1","1.414213562373095"]', history);

    state = await sessions.patchSession({ id: "tour-ts", settings: { digits: 8 }, ifMatch: '"4"' });
    check("PATCH with the current ETag", state.display === "1.4142136" && state.digits === 8 && state.version === 5, state);

    const unknown = await refusal(sessions.pressKeys({ id: "tour-ts", pressRequest: { keys: ["1", "+", "banana"] } }));
    check("an unknown key is a problem naming it", unknown.status === 400 && unknown.problem.key === "banana" && unknown.problem.index === 2, unknown);
    const stale = await refusal(sessions.pressKeys({ id: "tour-ts", pressRequest: { key: "7" }, ifMatch: '"1"' }));
    check("a stale If-Match is 412 with the current version", stale.status === 412 && stale.problem.currentVersion === 5, stale);

    const first = await sessions.pressKeysRaw({ id: "tour-ts", pressRequest: { keys: "AC 7" }, idempotencyKey: "5b0c8e1e" });
    const again = await sessions.pressKeysRaw({ id: "tour-ts", pressRequest: { keys: "AC 7" }, idempotencyKey: "5b0c8e1e" });
    check("a retried press is replayed", again.raw.headers.get("Idempotent-Replayed") === "true" && (await again.value()).display === "7");
    check("the first press was not", first.raw.headers.get("Idempotent-Replayed") === null);

    state = await sessions.pressKeys({ id: "tour-ts", pressRequest: { keys: "1 / 0 =" } });
    check("a calculator error is typed", state.display === "Error" && state.error?.code === "division_by_zero", state);

    const minted = await sessions.mintToken({ id: "tour-ts", tokenRequest: { scope: "viewer" } });
    check("the owner mints a viewer token", minted.scope === "viewer" && typeof minted.token === "string", minted);
    const viewer = new SessionsApi(new Configuration({ basePath: base, accessToken: minted.token }));
    check("a viewer reads the display", (await viewer.getDisplay({ id: "tour-ts" })).display === "Error");
    const watching = await refusal(viewer.pressKeys({ id: "tour-ts", pressRequest: { key: "7" } }));
    check("a viewer's press is 403", watching.status === 403 && watching.problem.status === 403, watching);

    await sessions.deleteSession({ id: "tour-ts" });
    // With tokens, a session that is gone answers as a token it does not know: 401, so ids cannot be probed.
    check("the session is gone", (await refusal(sessions.getSession({ id: "tour-ts" }))).status === 401);

    const made = await anonymous.createSession({ settings: { angle: "rad" } });
    check("POST /sessions with settings", made.angle === "rad" && made.id.length === 22, made);
    const catalog = await new KeysApi(configuration).listKeys();
    check("the key catalog", catalog.keys.some((key) => key.name === "sqrt" && key.aliases.join(" ") === "√ ²√x"), catalog.keys[0]);

    const converted = await new UnitsApi(configuration).convertQuery({ value: "1", from: "mi", to: "km" });
    check("1 mi is 1.609344 km exactly", converted.display === "1.609344" && converted.exact === "25146/15625", converted);
    const between = await new DatesApi(configuration).dateDifference({ from: "2020-02-29", to: "2024-02-28" });
    check("a date difference", between.years === 3 && between.months === 11 && between.totalDays === 1460, between);
    const owner = new SessionsApi(new Configuration({ basePath: base, accessToken: made.token }));
    await owner.patchSession({ id: made.id, settings: { locale: "fr-FR", grouping: true } });
    const french = await owner.pressKeys({ id: made.id, pressRequest: { keys: "1234.5 =" } });
    check("a session's locale", french.display === "1\u202f234,5", french);

    console.log(`typescript client: ${passed} passed, ${failed} failed`);
    return failed === 0;
}

main(process.argv[2]).then(
    (ok) => process.exit(ok ? 0 : 1),
    (error) => {
        console.error(error);
        process.exit(1);
    },
);
