import { Calculator, PreconditionFailed, TooManyRequests } from "calculator-client";
const session = await new Calculator(process.argv[2] ?? "http://127.0.0.1:8080", { retries: 0 }).createSession({ angle: "rad" });  // retries 0: a 429 throws at once
for await (const event of session.follow()) {  // a second connection: the state now, then each new version, then the end
    if (event.type !== "state") { console.log("ended:", event.type); continue; }  // deleted
    if (event.state.version === 1) { await session.press("12 + 30 ="); continue; }
    console.log(event.state.display, event.state.mode, event.state.angle);  // 42 scientific rad
    await session.press("× 2 =").catch((e) => { if (!(e instanceof TooManyRequests)) throw e; console.log(`429: again in ${e.retryAfter} s`); });
    await session.update({ digits: 20 }, { ifMatch: 1 }).catch((e) => { if (!(e instanceof PreconditionFailed)) throw e; console.log("412: now at version", e.currentVersion); });
    await session.delete();
}
