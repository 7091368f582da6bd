"""The hand-written client against the real server: typed errors, retries after Retry-After, idempotent presses, 304s
and following a session (its ends, and a reconnection from Last-Event-ID).

Usage: test_client.py SERVER_BINARY (scripts/client-test); each check starts servers of its own on port 0."""

from __future__ import annotations

import socket
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx

from calculator_client import (
    BadRequest,
    Calculator,
    Forbidden,
    PreconditionFailed,
    SessionEnded,
    SessionState,
    Settings,
    TooManyRequests,
    Unauthorized,
    Unchanged,
)

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "Tests" / "support"))
import fixture  # type: ignore[import-not-found]  # noqa: E402 (untyped, after the path it is found on)

results: list[bool] = []


def check(name: str, condition: bool, detail: object = "") -> None:
    results.append(condition)
    print(f"ok   {name}" if condition else f"FAIL {name} {detail}")


@contextmanager
def server(binary: str, *flags: str) -> Iterator[str]:
    """The real binary on port 0 (the repository's Tests/support/fixture.py reads the bound port back), stopped when
    the block ends."""
    with fixture.calculator_server(binary, ["--store", "memory", "--log-level", "warning", *flags]) as started:
        base: str = started.base
        yield base


class CuttingProxy:
    """A TCP proxy to the server that cuts its first connection once `cut_after` has passed through from the server,
    and records what each connection's request said."""

    def __init__(self, base: str, cut_after: bytes) -> None:
        self.target = int(base.rsplit(":", 1)[1])
        self.cut_after = cut_after
        self.requests: list[bytes] = []
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.base = f"http://127.0.0.1:{self.listener.getsockname()[1]}"
        threading.Thread(target=self.accept, daemon=True).start()

    def accept(self) -> None:
        while True:
            client, _ = self.listener.accept()
            upstream = socket.create_connection(("127.0.0.1", self.target))
            first = not self.requests
            self.requests.append(b"")
            index = len(self.requests) - 1
            threading.Thread(target=self.pipe, args=(client, upstream, lambda data: self.record(index, data), None), daemon=True).start()
            threading.Thread(target=self.pipe, args=(upstream, client, None, self.cutter(client, upstream) if first else None), daemon=True).start()

    def record(self, index: int, data: bytes) -> None:
        self.requests[index] += data

    def cutter(self, client: socket.socket, upstream: socket.socket) -> Callable[[bytes], bool]:
        seen = b""

        def cut(data: bytes) -> bool:
            nonlocal seen
            seen += data
            return self.cut_after in seen

        return cut

    @staticmethod
    def pipe(source: socket.socket, target: socket.socket, record: Callable[[bytes], None] | None, cut: Callable[[bytes], bool] | None) -> None:
        """Copies source to target. `record` sees each chunk before it is passed on, so that a request is on record
        before the server can answer it; `cut` after, so that the chunk it cuts after still reaches the client."""
        try:
            while data := source.recv(65536):
                if record is not None:
                    record(data)
                target.sendall(data)
                if cut is not None and cut(data):
                    break
        except OSError:
            pass
        for end in (source, target):
            try:
                end.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            end.close()


def typed_errors_and_304(base: str) -> None:
    calculator = Calculator(base)
    session = calculator.create_session(Settings(digits=12))
    check("a created session carries its owner token", session.token is not None and session.state is not None)
    state = session.press("1 ÷ 3 =")
    check("a press answers the state", state.display == "0.333333333333" and state.digits == 12, state)
    unchanged = session.read(if_none_match=state.version)
    check("a read at the same version is Unchanged (304)", unchanged == Unchanged(state.version), unchanged)
    display = session.display(if_none_match=state.version - 1)
    check("a read at an older version is the display", not isinstance(display, Unchanged) and display.display == state.display)
    try:
        session.update(Settings(digits=20), if_match=1)
        check("a stale If-Match raises", False)
    except PreconditionFailed as stale:
        check("a stale If-Match raises PreconditionFailed with the version", stale.current_version == state.version, stale)
    try:
        session.press(["1", "+", "banana"])
        check("an unknown key raises", False)
    except BadRequest as bad:
        check("an unknown key raises BadRequest naming it", bad.problem is not None and bad.problem.key == "banana", bad)
    viewer = calculator.session(session.id, session.mint_token("viewer").token)
    try:
        viewer.press("7")
        check("a viewer's press raises", False)
    except Forbidden as refused:
        check("a viewer's press raises Forbidden", refused.status == 403, refused)
    try:
        calculator.session(session.id, "not-a-token").read()
        check("an unknown token raises", False)
    except Unauthorized as unknown:
        check("an unknown token raises Unauthorized", unknown.status == 401, unknown)


def idempotent_presses(base: str) -> None:
    sent: list[httpx.Request] = []
    calculator = Calculator(base)
    calculator._http.event_hooks["request"].append(sent.append)
    session = calculator.create_session()
    session.press("7")
    session.press("7")
    keys = [request.headers.get("Idempotency-Key") for request in sent if request.url.path.endswith("/press")]
    check("each press carries an Idempotency-Key of its own", len(keys) == 2 and None not in keys and keys[0] != keys[1], keys)
    first = session.press("AC 5", idempotency_key="fixed-key")
    again = session.press("AC 5", idempotency_key="fixed-key")
    check("a press retried with its key is replayed, not pressed again", again.version == first.version, (first, again))


def retries_after_retry_after(binary: str) -> None:
    with server(binary, "--press-rate", "1") as base:
        impatient = Calculator(base, retries=0)
        session = impatient.create_session()
        session.press("1 + 2 + 3 =")
        try:
            session.press("4")
            check("past the rate, a press raises", False)
        except TooManyRequests as busy:
            check("past the rate, TooManyRequests with Retry-After", busy.retry_after is not None and busy.retry_after > 0, busy)
        # The same session through a client that waits: the press goes through once the bucket has refilled.
        patient = Calculator(base, retries=3).session(session.id, session.token)
        pressed = patient.press("4")
        check("a client that retries waits out Retry-After and presses", pressed.display == "4" and pressed.version == 3, pressed)


def following(base: str) -> None:
    calculator = Calculator(base)
    session = calculator.create_session()
    events = session.follow()
    first = next(events)
    check("following starts with the current state", isinstance(first, SessionState) and first.version == 1, first)
    session.update(Settings(mode="immediate", notation="fixed", decimals=2, locale="de-DE"))
    changed = next(events)
    check(
        "a settings change is an event carrying the settings",
        isinstance(changed, SessionState) and changed.mode == "immediate" and changed.notation == "fixed"
        and changed.locale == "de-DE" and changed.version == 2,
        changed,
    )
    session.delete()
    end = next(events)
    check("deleting ends the stream with SessionEnded('deleted')", end == SessionEnded("deleted", session.id), end)
    check("nothing follows the end", next(events, None) is None)

    owned = calculator.create_session()
    minted = owned.mint_token("viewer")
    watching = calculator.follow(owned.id, minted.token)
    check("a viewer follows", isinstance(next(watching), SessionState))
    owned.revoke_token(minted.id)
    end = next(watching)
    check("revoking its token ends the stream with SessionEnded('revoked')", end == SessionEnded("revoked", owned.id), end)


def reconnecting(base: str) -> None:
    owner = Calculator(base).create_session()
    proxy = CuttingProxy(base, cut_after=b'"version":1}\n\n')
    events = Calculator(proxy.base).follow(owner.id, owner.token)
    first = next(events)
    check("the first connection brings version 1", isinstance(first, SessionState) and first.version == 1, first)
    owner.press("9")
    second = next(events)
    check("after the cut, the next version comes on a new connection", isinstance(second, SessionState) and second.version == 2, second)
    check("the new connection said Last-Event-ID: 1", len(proxy.requests) == 2 and b"last-event-id: 1\r\n" in proxy.requests[1].lower(), proxy.requests)


def evaluating(base: str) -> None:
    calculator = Calculator(base)
    third = calculator.evaluate("1 ÷ 3")
    check("evaluate answers the display and the exact value", third.display == "0.3333333333333333" and third.exact == "1/3", third)
    doubled = calculator.evaluate("ans × 2", ans=str(third.exact))
    check("evaluate takes ans, a session's exact value", doubled.display == "0.6666666666666667" and doubled.exact == "2/3", doubled)
    german = calculator.evaluate("1.000,5 + 1", Settings(locale="de"))
    check("evaluate reads and shows numbers in the settings' locale", german.display == "1001,5" and german.exact == "2003/2", german)
    length = calculator.evaluate("5 ft + 3 in to cm")
    check("an answer with units says its unit", length.display == "160.02" and length.unit == "cm", length)
    check("a plain number has no unit", not third.unit, third)
    keys = calculator.evaluate_keys("2 sqrt")
    check("evaluate_keys answers the display, and nothing exact for a root", keys.display == "1.414213562373095" and not keys.exact, keys)
    try:
        calculator.evaluate("ans + 1")
        check("ans without a value raises", False)
    except BadRequest as refused:
        check("ans without a value raises BadRequest", refused.problem is not None and "ans" in (refused.problem.detail or ""), refused)


def main(binary: str) -> bool:
    with server(binary) as base:
        typed_errors_and_304(base)
        evaluating(base)
        idempotent_presses(base)
        following(base)
        reconnecting(base)
    retries_after_retry_after(binary)
    print(f"python client package: {results.count(True)} passed, {results.count(False)} failed")
    return all(results)


if __name__ == "__main__":
    sys.exit(0 if main(sys.argv[1]) else 1)
