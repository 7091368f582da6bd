import { Calculator, PreconditionFailed, TooManyRequests } from "calculator-client";
const calculator = new Calculator(process.argv[2] ?? "http://127.0.0.1:8080", { retries: 0 });  // 0: throw a 429 at once
const session = await calculator.createSession({ angle: "rad" });
for await (const event of session.follow()) {  // a second connection: the state now, then each new version, then the end
    if (event.type !== "state") console.log("ended:", event.type);  // deleted
    else if (event.state.version === 1) await session.press("12 + 30 =");
    else {
        console.log(event.state.display, event.state.mode, event.state.angle);  // 42 scientific rad
        await session.press("× 2 =").catch((e) => { if (!(e instanceof TooManyRequests)) throw e; console.log(`429: again in ${e.retryAfter} s`); });
        await session.update({ digits: 20 }, { ifMatch: 1 }).catch((e) => { if (!(e instanceof PreconditionFailed)) throw e; console.log("412: now at version", e.currentVersion); });
        await session.delete();
    }
}
