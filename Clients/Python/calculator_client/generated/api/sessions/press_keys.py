from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.key_batch import KeyBatch
from ...models.key_press import KeyPress
from ...models.problem import Problem
from ...models.session_state import SessionState
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    id: str,
    *,
    body: KeyBatch | KeyPress,
    if_match: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(if_match, Unset):
        headers["If-Match"] = if_match

    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key



    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/sessions/{id}/press".format(id=quote(str(id), safe=""),),
    }

    
    if isinstance(body, KeyPress):
        _kwargs["json"] = body.to_dict()
    else:
        _kwargs["json"] = body.to_dict()


    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | SessionState | None:
    if response.status_code == 200:
        response_200 = SessionState.from_dict(response.json())



        return response_200

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())



        return response_400

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())



        return response_401

    if response.status_code == 403:
        response_403 = Problem.from_dict(response.json())



        return response_403

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())



        return response_404

    if response.status_code == 409:
        response_409 = Problem.from_dict(response.json())



        return response_409

    if response.status_code == 412:
        response_412 = Problem.from_dict(response.json())



        return response_412

    if response.status_code == 413:
        response_413 = Problem.from_dict(response.json())



        return response_413

    if response.status_code == 415:
        response_415 = Problem.from_dict(response.json())



        return response_415

    if response.status_code == 422:
        response_422 = Problem.from_dict(response.json())



        return response_422

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Problem | SessionState]:
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
    body: KeyBatch | KeyPress,
    if_match: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,

) -> Response[Problem | SessionState]:
    """ Press one key or a batch of keys

     A batch is atomic: if any key is unknown nothing is applied and the 400 names the key and its index;
    if
    the session refuses a key (one of another mode, a digit outside the radix, anything but a variable
    key or AC
    while sto or rcl waits) nothing is applied and the 422 names the key, the mode and its index.
    With `Idempotency-Key`, a retry of the same press returns the first reply (status, body and ETag)
    without
    pressing again and with `Idempotent-Replayed: true`; the same key with other keys is 422. Replies
    are kept
    with the session for 24 hours, the 32 most recent per session, of at most 16 KiB together (the
    oldest go
    first); a replay of a `trace` press answers without `steps`, which are not kept. A session's stored
    record
    is at most 144 KiB, everything counted; a press that would pass it is refused with 422 `session-too-
    large`
    and changes nothing. Presses of one session are applied one at a
    time, so a retry that arrives while its first is still being applied waits for it and gets its
    reply; the
    409 below is reserved for stores that cannot wait.
    In the scientific and immediate modes, `undo` restores the state before the last key that changed it
    (memory,
    variables, a waiting sto or rcl, 2nd and the angle included; the history tape is not rewound,
    settings changed
    by PATCH stay) and `redo` goes forward again; a key that changes the state after an undo forgets the
    way
    forward. A session keeps at most 32 steps, of at most 16 KiB together.

    Args:
        id (str):
        if_match (str | Unset):
        idempotency_key (str | Unset):
        body (KeyBatch | KeyPress): Exactly one of `key` (a `KeyPress`) or `keys` (a `KeyBatch`).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | SessionState]
     """


    kwargs = _get_kwargs(
        id=id,
body=body,
if_match=if_match,
idempotency_key=idempotency_key,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    id: str,
    *,
    client: AuthenticatedClient,
    body: KeyBatch | KeyPress,
    if_match: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,

) -> Problem | SessionState | None:
    """ Press one key or a batch of keys

     A batch is atomic: if any key is unknown nothing is applied and the 400 names the key and its index;
    if
    the session refuses a key (one of another mode, a digit outside the radix, anything but a variable
    key or AC
    while sto or rcl waits) nothing is applied and the 422 names the key, the mode and its index.
    With `Idempotency-Key`, a retry of the same press returns the first reply (status, body and ETag)
    without
    pressing again and with `Idempotent-Replayed: true`; the same key with other keys is 422. Replies
    are kept
    with the session for 24 hours, the 32 most recent per session, of at most 16 KiB together (the
    oldest go
    first); a replay of a `trace` press answers without `steps`, which are not kept. A session's stored
    record
    is at most 144 KiB, everything counted; a press that would pass it is refused with 422 `session-too-
    large`
    and changes nothing. Presses of one session are applied one at a
    time, so a retry that arrives while its first is still being applied waits for it and gets its
    reply; the
    409 below is reserved for stores that cannot wait.
    In the scientific and immediate modes, `undo` restores the state before the last key that changed it
    (memory,
    variables, a waiting sto or rcl, 2nd and the angle included; the history tape is not rewound,
    settings changed
    by PATCH stay) and `redo` goes forward again; a key that changes the state after an undo forgets the
    way
    forward. A session keeps at most 32 steps, of at most 16 KiB together.

    Args:
        id (str):
        if_match (str | Unset):
        idempotency_key (str | Unset):
        body (KeyBatch | KeyPress): Exactly one of `key` (a `KeyPress`) or `keys` (a `KeyBatch`).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | SessionState
     """


    return sync_detailed(
        id=id,
client=client,
body=body,
if_match=if_match,
idempotency_key=idempotency_key,

    ).parsed

async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient,
    body: KeyBatch | KeyPress,
    if_match: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,

) -> Response[Problem | SessionState]:
    """ Press one key or a batch of keys

     A batch is atomic: if any key is unknown nothing is applied and the 400 names the key and its index;
    if
    the session refuses a key (one of another mode, a digit outside the radix, anything but a variable
    key or AC
    while sto or rcl waits) nothing is applied and the 422 names the key, the mode and its index.
    With `Idempotency-Key`, a retry of the same press returns the first reply (status, body and ETag)
    without
    pressing again and with `Idempotent-Replayed: true`; the same key with other keys is 422. Replies
    are kept
    with the session for 24 hours, the 32 most recent per session, of at most 16 KiB together (the
    oldest go
    first); a replay of a `trace` press answers without `steps`, which are not kept. A session's stored
    record
    is at most 144 KiB, everything counted; a press that would pass it is refused with 422 `session-too-
    large`
    and changes nothing. Presses of one session are applied one at a
    time, so a retry that arrives while its first is still being applied waits for it and gets its
    reply; the
    409 below is reserved for stores that cannot wait.
    In the scientific and immediate modes, `undo` restores the state before the last key that changed it
    (memory,
    variables, a waiting sto or rcl, 2nd and the angle included; the history tape is not rewound,
    settings changed
    by PATCH stay) and `redo` goes forward again; a key that changes the state after an undo forgets the
    way
    forward. A session keeps at most 32 steps, of at most 16 KiB together.

    Args:
        id (str):
        if_match (str | Unset):
        idempotency_key (str | Unset):
        body (KeyBatch | KeyPress): Exactly one of `key` (a `KeyPress`) or `keys` (a `KeyBatch`).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | SessionState]
     """


    kwargs = _get_kwargs(
        id=id,
body=body,
if_match=if_match,
idempotency_key=idempotency_key,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    id: str,
    *,
    client: AuthenticatedClient,
    body: KeyBatch | KeyPress,
    if_match: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,

) -> Problem | SessionState | None:
    """ Press one key or a batch of keys

     A batch is atomic: if any key is unknown nothing is applied and the 400 names the key and its index;
    if
    the session refuses a key (one of another mode, a digit outside the radix, anything but a variable
    key or AC
    while sto or rcl waits) nothing is applied and the 422 names the key, the mode and its index.
    With `Idempotency-Key`, a retry of the same press returns the first reply (status, body and ETag)
    without
    pressing again and with `Idempotent-Replayed: true`; the same key with other keys is 422. Replies
    are kept
    with the session for 24 hours, the 32 most recent per session, of at most 16 KiB together (the
    oldest go
    first); a replay of a `trace` press answers without `steps`, which are not kept. A session's stored
    record
    is at most 144 KiB, everything counted; a press that would pass it is refused with 422 `session-too-
    large`
    and changes nothing. Presses of one session are applied one at a
    time, so a retry that arrives while its first is still being applied waits for it and gets its
    reply; the
    409 below is reserved for stores that cannot wait.
    In the scientific and immediate modes, `undo` restores the state before the last key that changed it
    (memory,
    variables, a waiting sto or rcl, 2nd and the angle included; the history tape is not rewound,
    settings changed
    by PATCH stay) and `redo` goes forward again; a key that changes the state after an undo forgets the
    way
    forward. A session keeps at most 32 steps, of at most 16 KiB together.

    Args:
        id (str):
        if_match (str | Unset):
        idempotency_key (str | Unset):
        body (KeyBatch | KeyPress): Exactly one of `key` (a `KeyPress`) or `keys` (a `KeyBatch`).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | SessionState
     """


    return (await asyncio_detailed(
        id=id,
client=client,
body=body,
if_match=if_match,
idempotency_key=idempotency_key,

    )).parsed
