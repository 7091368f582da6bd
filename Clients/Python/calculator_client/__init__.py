"""A client of the calculator service.

`Calculator` makes and opens sessions; a `Session` presses keys (each press with an `Idempotency-Key` of its own, so
that a retry is never pressed twice), changes settings, reads its state and follows it live. A refusal is raised as a
`CalculatorError` subclass named for its status (`PreconditionFailed` for a 412) that carries the problem+json; a 429
or 503 with `Retry-After` is waited out and retried (`retries` times, then raised); a 304 is `Unchanged`. The models
(`SessionState`, `Settings`, `Problem`, …) are the ones openapi-python-client generates from openapi.yaml, in
`calculator_client.generated`.
"""

from __future__ import annotations

import json
import time
import uuid
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Literal, Union

import httpx

from .generated.models import (
    Display,
    History,
    IssuedToken,
    Problem,
    SessionEnd,
    SessionState,
    Settings,
    UnitConversionResult,
)
from .generated.models.session_end_reason import SessionEndReason, check_session_end_reason

__all__ = [
    "BadRequest",
    "Calculator",
    "CalculatorError",
    "Conflict",
    "Display",
    "Forbidden",
    "NotFound",
    "PreconditionFailed",
    "Problem",
    "ServiceUnavailable",
    "Session",
    "SessionEnded",
    "SessionEvent",
    "SessionState",
    "Settings",
    "Token",
    "TooManyRequests",
    "Unauthorized",
    "Unchanged",
    "UnprocessableContent",
]

Keys = Union[str, Iterable[str]]
"""Keys as a press takes them: one string of names separated by spaces (`"12 + 30 ="`), or a list of names."""

Version = Union[int, str]
"""A session version (`7`) or its entity tag as the server writes it (`'"7"'`), for `If-Match` and `If-None-Match`."""


class CalculatorError(Exception):
    """A request the server refused: its status and the problem+json it answered with (`problem`, None when the body
    was not one, e.g. from a proxy)."""

    def __init__(self, status: int, problem: Problem | None, body: str, retry_after: float | None) -> None:
        self.status = status
        self.problem = problem
        self.body = body
        self.retry_after = retry_after
        super().__init__(f"{status}: {problem.detail if problem is not None else body[:200]}")

    @property
    def detail(self) -> str:
        return self.problem.detail if self.problem is not None else self.body


class BadRequest(CalculatorError):
    """400: the request was malformed (an unknown key names it in `problem.key` and `problem.index`)."""


class Unauthorized(CalculatorError):
    """401: no token, or one the session does not know (a deleted session answers so too)."""


class Forbidden(CalculatorError):
    """403: a token of too little scope (a viewer's press)."""


class NotFound(CalculatorError):
    """404: no such session (open access) or route."""


class Conflict(CalculatorError):
    """409: an `Idempotency-Key` reused for another request, or one still under way."""


class PreconditionFailed(CalculatorError):
    """412: `If-Match` named a version the session is no longer at."""

    @property
    def current_version(self) -> int | None:
        version = self.problem.current_version if self.problem is not None else None
        return version if isinstance(version, int) else None


class UnprocessableContent(CalculatorError):
    """422: a well-formed request the calculator cannot do (a setting out of range, a key not in this mode)."""


class TooManyRequests(CalculatorError):
    """429: a rate limit; `retry_after` says in how many seconds to try again."""


class ServiceUnavailable(CalculatorError):
    """503: the store is unreachable or the server is busy or stopping; `retry_after` says when to try again."""


_ERRORS: dict[int, type[CalculatorError]] = {
    400: BadRequest,
    401: Unauthorized,
    403: Forbidden,
    404: NotFound,
    409: Conflict,
    412: PreconditionFailed,
    422: UnprocessableContent,
    429: TooManyRequests,
    503: ServiceUnavailable,
}


@dataclass(frozen=True)
class Unchanged:
    """A 304: the session is still at the version `If-None-Match` named."""

    version: int


@dataclass(frozen=True)
class Token:
    """A token just minted: `token` is its secret (shown this once), `id` names it for revoking."""

    id: str
    token: str
    scope: Literal["viewer", "owner"]
    expires_at: int | None


@dataclass(frozen=True)
class SessionEnded:
    """The last event of a followed session: `deleted`, `expired`, or `revoked` (the token it was followed with was
    revoked or expired; the session goes on)."""

    reason: SessionEndReason
    id: str


SessionEvent = Union[SessionState, SessionEnded]
"""What `follow` yields: the session's state at each new version, then at most one `SessionEnded`."""


def _tag(version: Version) -> str:
    return f'"{version}"' if isinstance(version, int) else version


def _version(response: httpx.Response) -> int:
    return int(response.headers.get("ETag", '"0"').strip('"').split("-")[0])


def _retry_after(response: httpx.Response) -> float | None:
    try:
        return float(response.headers["Retry-After"])
    except (KeyError, ValueError):
        return None


def _error(response: httpx.Response) -> CalculatorError:
    problem: Problem | None
    try:
        problem = Problem.from_dict(response.json())
    except (ValueError, KeyError, TypeError):
        problem = None
    kind = _ERRORS.get(response.status_code, CalculatorError)
    return kind(response.status_code, problem, response.text, _retry_after(response))


def _settings(settings: Settings | None) -> dict[str, Any]:
    return settings.to_dict() if settings is not None else {}


@dataclass
class _ServerSentEvent:
    name: str = ""
    id: str | None = None
    data: str = ""


def _server_sent_events(lines: Iterator[str]) -> Iterator[_ServerSentEvent]:
    """The events of a `text/event-stream` (the WHATWG rules: fields until a blank line, `:` lines are comments)."""
    event = _ServerSentEvent()
    data: list[str] = []
    for line in lines:
        if not line:
            if data:
                event.data = "\n".join(data)
                yield event
            event, data = _ServerSentEvent(), []
            continue
        if line.startswith(":"):
            continue
        field, _, value = line.partition(":")
        value = value[1:] if value.startswith(" ") else value
        if field == "event":
            event.name = value
        elif field == "data":
            data.append(value)
        elif field == "id":
            event.id = value


class Calculator:
    """A calculator service at `base_url`. `api_key` is the operator's key of a server run with `--api-key`;
    `retries` is how many times a 429 or 503 is waited out (for at most `max_wait` seconds each) before it is raised,
    and how many times a followed stream reconnects in a row."""

    def __init__(
        self,
        base_url: str,
        *,
        api_key: str | None = None,
        retries: int = 3,
        max_wait: float = 30.0,
        timeout: float = 30.0,
    ) -> None:
        self.base_url = base_url.rstrip("/")
        self.api_key = api_key
        self.retries = retries
        self.max_wait = max_wait
        self._http = httpx.Client(base_url=self.base_url, timeout=timeout)

    def __enter__(self) -> Calculator:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    def close(self) -> None:
        self._http.close()

    def request(
        self,
        method: str,
        path: str,
        *,
        token: str | None = None,
        body: Mapping[str, Any] | None = None,
        headers: Mapping[str, str] | None = None,
        params: Mapping[str, str] | None = None,
    ) -> httpx.Response:
        """One request, its 429s and 503s waited out; a 2xx or 304 is returned, any other status raised."""
        sent = self._authorized(headers or {}, token)
        for attempt in range(self.retries + 1):
            response = self._http.request(method, path, json=body, headers=sent, params=params)
            if response.is_success or response.status_code == 304:
                return response
            error = _error(response)
            if not self._waited_out(error, attempt):
                raise error
        raise AssertionError("unreachable: the last attempt returns or raises")

    def _authorized(self, headers: Mapping[str, str], token: str | None) -> dict[str, str]:
        sent = dict(headers)
        credential = token or self.api_key
        if credential is not None:
            sent["Authorization"] = f"Bearer {credential}"
        return sent

    def _waited_out(self, error: CalculatorError, attempt: int) -> bool:
        """Whether `error` (after `attempt` retries) is a 429 or 503 to try again after, once its wait is over."""
        if not isinstance(error, (TooManyRequests, ServiceUnavailable)) or attempt >= self.retries:
            return False
        time.sleep(min(error.retry_after if error.retry_after is not None else 1.0, self.max_wait))
        return True

    def create_session(self, settings: Settings | None = None) -> Session:
        """A new session with `settings` (the defaults without); with session tokens it carries its owner token."""
        response = self.request("POST", "/sessions", body=_settings(settings))
        state = SessionState.from_dict(response.json())
        return Session(self, state.id, state.token if isinstance(state.token, str) else None, state)

    def session(self, id: str, token: str | None = None) -> Session:
        """An existing session, by its id and a token of it (owner or viewer)."""
        return Session(self, id, token)

    def evaluate(self, expression: str, settings: Settings | None = None, *, ans: str | None = None) -> Display:
        """One expression's answer on a fresh calculator; nothing is stored. Of `settings`, the mode (scientific or
        immediate), angle, digits and locale apply (the locale's marks read the expression's numbers); `ans` is the
        value of `ans` in the expression, GNOME's last answer: a session's `exact` (`1/3`) or a decimal."""
        body: dict[str, Any] = {**_settings(settings), "expression": expression}
        if ans is not None:
            body["ans"] = ans
        return Display.from_dict(self.request("POST", "/evaluate", body=body).json())

    def evaluate_keys(self, keys: Keys, settings: Settings | None = None) -> Display:
        """Keys pressed on a fresh calculator; nothing is stored."""
        body = {**_settings(settings), "keys": keys if isinstance(keys, str) else list(keys)}
        return Display.from_dict(self.request("POST", "/evaluate", body=body).json())

    def convert(self, value: str, from_: str, to: str) -> UnitConversionResult:
        """`value` in the unit `from_` converted to `to`, exact where the definitions are."""
        body = {"value": value, "from": from_, "to": to}
        return UnitConversionResult.from_dict(self.request("POST", "/convert", body=body).json())

    def follow(self, id: str, token: str | None = None, last_event_id: int | None = None) -> Iterator[SessionEvent]:
        """The session's state now and at every new version, on a connection of its own, until it ends with a
        `SessionEnded`. A dropped connection is opened again with `Last-Event-ID`, so no version is yielded twice;
        a refusal (401, 404, a 429 or 503 beyond `retries`) is raised."""
        last = last_event_id
        failures = 0
        while True:
            headers = self._authorized({"Accept": "text/event-stream"}, token)
            if last is not None:
                headers["Last-Event-ID"] = str(last)
            # Heartbeats come every 15 s: a minute of silence is a dead connection.
            timeout = httpx.Timeout(10.0, read=60.0)
            try:
                with self._http.stream("GET", f"/sessions/{id}/events", headers=headers, timeout=timeout) as response:
                    if response.status_code != 200:
                        response.read()
                        error = _error(response)
                        if not self._waited_out(error, failures):
                            raise error
                        failures += 1
                        continue
                    for event in _server_sent_events(response.iter_lines()):
                        failures = 0
                        if event.name:
                            yield SessionEnded(check_session_end_reason(event.name), SessionEnd.from_dict(json.loads(event.data)).id)
                            return
                        state = SessionState.from_dict(json.loads(event.data))
                        last = state.version
                        yield state
            except httpx.TransportError:
                if failures >= self.retries:
                    raise
            # The stream closed without its end (a slow reader is dropped, a proxy timed out): open it again.
            failures += 1
            time.sleep(min(0.25 * 2**failures, self.max_wait))


class Session:
    """One session: its id, the token its requests carry, and its last state read (`state`, None until one is)."""

    def __init__(self, calculator: Calculator, id: str, token: str | None, state: SessionState | None = None) -> None:
        self.calculator = calculator
        self.id = id
        self.token = token
        self.state = state

    def __repr__(self) -> str:
        return f"Session({self.id!r}, version={self.state.version if self.state else None})"

    def _path(self, tail: str = "") -> str:
        return f"/sessions/{self.id}{tail}"

    def _keep(self, response: httpx.Response) -> SessionState:
        self.state = SessionState.from_dict(response.json())
        return self.state

    def press(
        self, keys: Keys, *, if_match: Version | None = None, trace: bool = False, idempotency_key: str | None = None
    ) -> SessionState:
        """Presses `keys` in order and answers the state after them. The press carries an `Idempotency-Key` (a new
        one unless given), so a retry after a 503 or a lost answer is replayed, not pressed again."""
        headers = {"Idempotency-Key": idempotency_key or uuid.uuid4().hex}
        if if_match is not None:
            headers["If-Match"] = _tag(if_match)
        body: dict[str, Any] = {"keys": keys if isinstance(keys, str) else list(keys)}
        if trace:
            body["trace"] = True
        return self._keep(self.calculator.request("POST", self._path("/press"), token=self.token, body=body, headers=headers))

    def update(self, settings: Settings, *, if_match: Version | None = None) -> SessionState:
        """Changes the settings `settings` names (PATCH)."""
        headers = {"If-Match": _tag(if_match)} if if_match is not None else {}
        response = self.calculator.request("PATCH", self._path(), token=self.token, body=settings.to_dict(), headers=headers)
        return self._keep(response)

    def read(self, *, if_none_match: Version | None = None) -> SessionState | Unchanged:
        """The session's state, or `Unchanged` when it is still at `if_none_match`."""
        headers = {"If-None-Match": _tag(if_none_match)} if if_none_match is not None else {}
        response = self.calculator.request("GET", self._path(), token=self.token, headers=headers)
        return Unchanged(_version(response)) if response.status_code == 304 else self._keep(response)

    def display(self, *, if_none_match: Version | None = None) -> Display | Unchanged:
        """The display fields alone, or `Unchanged` when the session is still at `if_none_match`."""
        headers = {"If-None-Match": _tag(if_none_match)} if if_none_match is not None else {}
        response = self.calculator.request("GET", self._path("/display"), token=self.token, headers=headers)
        return Unchanged(_version(response)) if response.status_code == 304 else Display.from_dict(response.json())

    def history(self) -> History:
        return History.from_dict(self.calculator.request("GET", self._path("/history"), token=self.token).json())

    def mint_token(self, scope: Literal["viewer", "owner"] = "viewer", expires_in: int | None = None) -> Token:
        """A new token of this session (owner only): `viewer` reads and follows, `owner` may do everything."""
        body: dict[str, Any] = {"scope": scope}
        if expires_in is not None:
            body["expiresIn"] = expires_in
        issued = IssuedToken.from_dict(self.calculator.request("POST", self._path("/tokens"), token=self.token, body=body).json())
        if not isinstance(issued.token, str):
            raise ValueError("the server minted a token without its secret")
        return Token(issued.id, issued.token, scope, issued.expires_at)

    def revoke_token(self, token_id: str) -> None:
        """Revokes a token of this session (owner only); the streams it opened end with `revoked`."""
        self.calculator.request("DELETE", self._path(f"/tokens/{token_id}"), token=self.token)

    def delete(self, *, if_match: Version | None = None) -> None:
        headers = {"If-Match": _tag(if_match)} if if_match is not None else {}
        self.calculator.request("DELETE", self._path(), token=self.token, headers=headers)

    def follow(self, last_event_id: int | None = None) -> Iterator[SessionEvent]:
        """`Calculator.follow` of this session with its token."""
        return self.calculator.follow(self.id, self.token, last_event_id)
