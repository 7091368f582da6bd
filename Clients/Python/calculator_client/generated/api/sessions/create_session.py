from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.problem import Problem
from ...models.session_state import SessionState
from ...models.settings import Settings
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    *,
    body: Settings | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key



    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/sessions",
    }

    
    if not isinstance(body, Unset):
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | SessionState | None:
    if response.status_code == 201:
        response_201 = SessionState.from_dict(response.json())



        return response_201

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())



        return response_400

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())



        return response_401

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())



        return response_404

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
    *,
    client: AuthenticatedClient | Client,
    body: Settings | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,

) -> Response[Problem | SessionState]:
    """ Create a session with a server-chosen id

     With `Idempotency-Key`, the create is made once per client address and key: a retry within 24 hours
    (the
    same retention as presses') gets the first 201 again, the same id, state, version and headers, with
    `Idempotent-Replayed: true`, and makes no session, whichever instance it reaches (the store keeps
    the key with
    the session) and even if the session has changed since (an ended one is 404); the same key with
    other
    settings is 422. The owner token is shown once, in the first reply: a replay carries no `token` or
    `tokenId`
    (its body is the first reply's without them), and mints none.
    Keys are scoped by the client's address (as rate limits see it), so use a fresh random key (a UUID)
    for each
    create: a retry from another address makes a new session.

    Args:
        idempotency_key (str | Unset):
        body (Settings | Unset): A session's settings; every member is optional where settings are
            given.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | SessionState]
     """


    kwargs = _get_kwargs(
        body=body,
idempotency_key=idempotency_key,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient | Client,
    body: Settings | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,

) -> Problem | SessionState | None:
    """ Create a session with a server-chosen id

     With `Idempotency-Key`, the create is made once per client address and key: a retry within 24 hours
    (the
    same retention as presses') gets the first 201 again, the same id, state, version and headers, with
    `Idempotent-Replayed: true`, and makes no session, whichever instance it reaches (the store keeps
    the key with
    the session) and even if the session has changed since (an ended one is 404); the same key with
    other
    settings is 422. The owner token is shown once, in the first reply: a replay carries no `token` or
    `tokenId`
    (its body is the first reply's without them), and mints none.
    Keys are scoped by the client's address (as rate limits see it), so use a fresh random key (a UUID)
    for each
    create: a retry from another address makes a new session.

    Args:
        idempotency_key (str | Unset):
        body (Settings | Unset): A session's settings; every member is optional where settings are
            given.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | SessionState
     """


    return sync_detailed(
        client=client,
body=body,
idempotency_key=idempotency_key,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: Settings | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,

) -> Response[Problem | SessionState]:
    """ Create a session with a server-chosen id

     With `Idempotency-Key`, the create is made once per client address and key: a retry within 24 hours
    (the
    same retention as presses') gets the first 201 again, the same id, state, version and headers, with
    `Idempotent-Replayed: true`, and makes no session, whichever instance it reaches (the store keeps
    the key with
    the session) and even if the session has changed since (an ended one is 404); the same key with
    other
    settings is 422. The owner token is shown once, in the first reply: a replay carries no `token` or
    `tokenId`
    (its body is the first reply's without them), and mints none.
    Keys are scoped by the client's address (as rate limits see it), so use a fresh random key (a UUID)
    for each
    create: a retry from another address makes a new session.

    Args:
        idempotency_key (str | Unset):
        body (Settings | Unset): A session's settings; every member is optional where settings are
            given.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | SessionState]
     """


    kwargs = _get_kwargs(
        body=body,
idempotency_key=idempotency_key,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: Settings | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,

) -> Problem | SessionState | None:
    """ Create a session with a server-chosen id

     With `Idempotency-Key`, the create is made once per client address and key: a retry within 24 hours
    (the
    same retention as presses') gets the first 201 again, the same id, state, version and headers, with
    `Idempotent-Replayed: true`, and makes no session, whichever instance it reaches (the store keeps
    the key with
    the session) and even if the session has changed since (an ended one is 404); the same key with
    other
    settings is 422. The owner token is shown once, in the first reply: a replay carries no `token` or
    `tokenId`
    (its body is the first reply's without them), and mints none.
    Keys are scoped by the client's address (as rate limits see it), so use a fresh random key (a UUID)
    for each
    create: a retry from another address makes a new session.

    Args:
        idempotency_key (str | Unset):
        body (Settings | Unset): A session's settings; every member is optional where settings are
            given.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | SessionState
     """


    return (await asyncio_detailed(
        client=client,
body=body,
idempotency_key=idempotency_key,

    )).parsed
