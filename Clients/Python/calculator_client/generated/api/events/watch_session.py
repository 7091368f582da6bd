from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.problem import Problem
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    id: str,
    *,
    ticket: str | Unset = UNSET,
    last_event_id: str | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(last_event_id, Unset):
        headers["Last-Event-ID"] = last_event_id



    

    params: dict[str, Any] = {}

    params["ticket"] = ticket


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/sessions/{id}/events".format(id=quote(str(id), safe=""),),
        "params": params,
    }


    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | str | None:
    if response.status_code == 200:
        response_200 = response.text
        return response_200

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())



        return response_400

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())



        return response_401

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())



        return response_404

    if response.status_code == 429:
        response_429 = Problem.from_dict(response.json())



        return response_429

    if response.status_code == 503:
        response_503 = Problem.from_dict(response.json())



        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Problem | str]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    id: str,
    *,
    client: AuthenticatedClient,
    ticket: str | Unset = UNSET,
    last_event_id: str | Unset = UNSET,

) -> Response[Problem | str]:
    """ Follow the session as it changes (Server-Sent Events)

     A `text/event-stream` (what a browser's `EventSource` reads) that stays open: the session's current
    state at
    once, then one event per new version, whoever made it (this instance, or another one on the same
    Redis). Each
    event's `id` is the version and its `data` one line of JSON: the session's state as `GET
    /sessions/{id}`
    answers it, settings included (`SessionEvent`). Versions only go up; a client that misses some (it
    was dropped, or reconnects) gets the current
    state, not every version in between. A comment line (`:`) comes every 15 s when nothing else does.

    With session tokens, a browser opens it with `?ticket=` (`POST /sessions/{id}/stream-tickets`),
    other clients
    with `Authorization: Bearer <token>` (a viewer's is enough).

    The stream ends with an event named for why: `revoked` (the token it was opened with was revoked or
    has expired,
    within about a second of its expiry; the session goes on), `deleted` (the session was deleted) or
    `expired` (it expired;
    watching does not keep a session alive, and the event comes within about 15 s of the expiry). Its
    data is
    `{"id": "<session id>"}` (`SessionEnd`). A client too slow to read its events is dropped: the
    connection closes without the
    stream's end, and a reconnect (with `Last-Event-ID`) gets the current state.

    Each event's `data:`, by event type (the `event:` line; none is the default type, `message` in
    `EventSource`):

    | event type | `id:` | `data:` (one line of JSON) |
    |---|---|---|
    | none (`message`) | the version | a `SessionEvent`: the session's state as `GET /sessions/{id}`
    answers it (display, settings, `version`, the same as `id:`) |
    | `deleted` | none | a `SessionEnd`, `{"id": string}`, the session's id; the stream ends |
    | `expired` | none | a `SessionEnd`; the stream ends |
    | `revoked` | none | a `SessionEnd`; the stream ends (the session goes on) |

    Lines that start with `:` are heartbeats and carry no event. Any Server-Sent Events client reads the
    stream:
    a browser's `EventSource` (or `@microsoft/fetch-event-source` to send headers such as
    `Authorization`),
    Python's `httpx-sse` or `sseclient-py`, Go's `github.com/r3labs/sse`, OkHttp's `okhttp-sse` on the
    JVM and
    Android; where there is none, read the body line by line (URLSession's `bytes(for:)`, for one) and
    split it at
    blank lines. Register the `deleted`, `expired` and `revoked` types (`addEventListener`), or their
    events are not seen.

    Watchers are connections: they count against the server's connection limits. A session takes at most
    `--max-watchers-per-session` watchers (503 beyond) and a client address at most `--max-watchers-per-
    client`
    (429 beyond).

    Args:
        id (str):
        ticket (str | Unset):
        last_event_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | str]
     """


    kwargs = _get_kwargs(
        id=id,
ticket=ticket,
last_event_id=last_event_id,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    id: str,
    *,
    client: AuthenticatedClient,
    ticket: str | Unset = UNSET,
    last_event_id: str | Unset = UNSET,

) -> Problem | str | None:
    """ Follow the session as it changes (Server-Sent Events)

     A `text/event-stream` (what a browser's `EventSource` reads) that stays open: the session's current
    state at
    once, then one event per new version, whoever made it (this instance, or another one on the same
    Redis). Each
    event's `id` is the version and its `data` one line of JSON: the session's state as `GET
    /sessions/{id}`
    answers it, settings included (`SessionEvent`). Versions only go up; a client that misses some (it
    was dropped, or reconnects) gets the current
    state, not every version in between. A comment line (`:`) comes every 15 s when nothing else does.

    With session tokens, a browser opens it with `?ticket=` (`POST /sessions/{id}/stream-tickets`),
    other clients
    with `Authorization: Bearer <token>` (a viewer's is enough).

    The stream ends with an event named for why: `revoked` (the token it was opened with was revoked or
    has expired,
    within about a second of its expiry; the session goes on), `deleted` (the session was deleted) or
    `expired` (it expired;
    watching does not keep a session alive, and the event comes within about 15 s of the expiry). Its
    data is
    `{"id": "<session id>"}` (`SessionEnd`). A client too slow to read its events is dropped: the
    connection closes without the
    stream's end, and a reconnect (with `Last-Event-ID`) gets the current state.

    Each event's `data:`, by event type (the `event:` line; none is the default type, `message` in
    `EventSource`):

    | event type | `id:` | `data:` (one line of JSON) |
    |---|---|---|
    | none (`message`) | the version | a `SessionEvent`: the session's state as `GET /sessions/{id}`
    answers it (display, settings, `version`, the same as `id:`) |
    | `deleted` | none | a `SessionEnd`, `{"id": string}`, the session's id; the stream ends |
    | `expired` | none | a `SessionEnd`; the stream ends |
    | `revoked` | none | a `SessionEnd`; the stream ends (the session goes on) |

    Lines that start with `:` are heartbeats and carry no event. Any Server-Sent Events client reads the
    stream:
    a browser's `EventSource` (or `@microsoft/fetch-event-source` to send headers such as
    `Authorization`),
    Python's `httpx-sse` or `sseclient-py`, Go's `github.com/r3labs/sse`, OkHttp's `okhttp-sse` on the
    JVM and
    Android; where there is none, read the body line by line (URLSession's `bytes(for:)`, for one) and
    split it at
    blank lines. Register the `deleted`, `expired` and `revoked` types (`addEventListener`), or their
    events are not seen.

    Watchers are connections: they count against the server's connection limits. A session takes at most
    `--max-watchers-per-session` watchers (503 beyond) and a client address at most `--max-watchers-per-
    client`
    (429 beyond).

    Args:
        id (str):
        ticket (str | Unset):
        last_event_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | str
     """


    return sync_detailed(
        id=id,
client=client,
ticket=ticket,
last_event_id=last_event_id,

    ).parsed

async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient,
    ticket: str | Unset = UNSET,
    last_event_id: str | Unset = UNSET,

) -> Response[Problem | str]:
    """ Follow the session as it changes (Server-Sent Events)

     A `text/event-stream` (what a browser's `EventSource` reads) that stays open: the session's current
    state at
    once, then one event per new version, whoever made it (this instance, or another one on the same
    Redis). Each
    event's `id` is the version and its `data` one line of JSON: the session's state as `GET
    /sessions/{id}`
    answers it, settings included (`SessionEvent`). Versions only go up; a client that misses some (it
    was dropped, or reconnects) gets the current
    state, not every version in between. A comment line (`:`) comes every 15 s when nothing else does.

    With session tokens, a browser opens it with `?ticket=` (`POST /sessions/{id}/stream-tickets`),
    other clients
    with `Authorization: Bearer <token>` (a viewer's is enough).

    The stream ends with an event named for why: `revoked` (the token it was opened with was revoked or
    has expired,
    within about a second of its expiry; the session goes on), `deleted` (the session was deleted) or
    `expired` (it expired;
    watching does not keep a session alive, and the event comes within about 15 s of the expiry). Its
    data is
    `{"id": "<session id>"}` (`SessionEnd`). A client too slow to read its events is dropped: the
    connection closes without the
    stream's end, and a reconnect (with `Last-Event-ID`) gets the current state.

    Each event's `data:`, by event type (the `event:` line; none is the default type, `message` in
    `EventSource`):

    | event type | `id:` | `data:` (one line of JSON) |
    |---|---|---|
    | none (`message`) | the version | a `SessionEvent`: the session's state as `GET /sessions/{id}`
    answers it (display, settings, `version`, the same as `id:`) |
    | `deleted` | none | a `SessionEnd`, `{"id": string}`, the session's id; the stream ends |
    | `expired` | none | a `SessionEnd`; the stream ends |
    | `revoked` | none | a `SessionEnd`; the stream ends (the session goes on) |

    Lines that start with `:` are heartbeats and carry no event. Any Server-Sent Events client reads the
    stream:
    a browser's `EventSource` (or `@microsoft/fetch-event-source` to send headers such as
    `Authorization`),
    Python's `httpx-sse` or `sseclient-py`, Go's `github.com/r3labs/sse`, OkHttp's `okhttp-sse` on the
    JVM and
    Android; where there is none, read the body line by line (URLSession's `bytes(for:)`, for one) and
    split it at
    blank lines. Register the `deleted`, `expired` and `revoked` types (`addEventListener`), or their
    events are not seen.

    Watchers are connections: they count against the server's connection limits. A session takes at most
    `--max-watchers-per-session` watchers (503 beyond) and a client address at most `--max-watchers-per-
    client`
    (429 beyond).

    Args:
        id (str):
        ticket (str | Unset):
        last_event_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | str]
     """


    kwargs = _get_kwargs(
        id=id,
ticket=ticket,
last_event_id=last_event_id,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    id: str,
    *,
    client: AuthenticatedClient,
    ticket: str | Unset = UNSET,
    last_event_id: str | Unset = UNSET,

) -> Problem | str | None:
    """ Follow the session as it changes (Server-Sent Events)

     A `text/event-stream` (what a browser's `EventSource` reads) that stays open: the session's current
    state at
    once, then one event per new version, whoever made it (this instance, or another one on the same
    Redis). Each
    event's `id` is the version and its `data` one line of JSON: the session's state as `GET
    /sessions/{id}`
    answers it, settings included (`SessionEvent`). Versions only go up; a client that misses some (it
    was dropped, or reconnects) gets the current
    state, not every version in between. A comment line (`:`) comes every 15 s when nothing else does.

    With session tokens, a browser opens it with `?ticket=` (`POST /sessions/{id}/stream-tickets`),
    other clients
    with `Authorization: Bearer <token>` (a viewer's is enough).

    The stream ends with an event named for why: `revoked` (the token it was opened with was revoked or
    has expired,
    within about a second of its expiry; the session goes on), `deleted` (the session was deleted) or
    `expired` (it expired;
    watching does not keep a session alive, and the event comes within about 15 s of the expiry). Its
    data is
    `{"id": "<session id>"}` (`SessionEnd`). A client too slow to read its events is dropped: the
    connection closes without the
    stream's end, and a reconnect (with `Last-Event-ID`) gets the current state.

    Each event's `data:`, by event type (the `event:` line; none is the default type, `message` in
    `EventSource`):

    | event type | `id:` | `data:` (one line of JSON) |
    |---|---|---|
    | none (`message`) | the version | a `SessionEvent`: the session's state as `GET /sessions/{id}`
    answers it (display, settings, `version`, the same as `id:`) |
    | `deleted` | none | a `SessionEnd`, `{"id": string}`, the session's id; the stream ends |
    | `expired` | none | a `SessionEnd`; the stream ends |
    | `revoked` | none | a `SessionEnd`; the stream ends (the session goes on) |

    Lines that start with `:` are heartbeats and carry no event. Any Server-Sent Events client reads the
    stream:
    a browser's `EventSource` (or `@microsoft/fetch-event-source` to send headers such as
    `Authorization`),
    Python's `httpx-sse` or `sseclient-py`, Go's `github.com/r3labs/sse`, OkHttp's `okhttp-sse` on the
    JVM and
    Android; where there is none, read the body line by line (URLSession's `bytes(for:)`, for one) and
    split it at
    blank lines. Register the `deleted`, `expired` and `revoked` types (`addEventListener`), or their
    events are not seen.

    Watchers are connections: they count against the server's connection limits. A session takes at most
    `--max-watchers-per-session` watchers (503 beyond) and a client address at most `--max-watchers-per-
    client`
    (429 beyond).

    Args:
        id (str):
        ticket (str | Unset):
        last_event_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | str
     """


    return (await asyncio_detailed(
        id=id,
client=client,
ticket=ticket,
last_event_id=last_event_id,

    )).parsed
