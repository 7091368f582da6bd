from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.issued_token import IssuedToken
from ...models.problem import Problem
from ...models.token_request import TokenRequest
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    id: str,
    *,
    body: TokenRequest | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/sessions/{id}/tokens".format(id=quote(str(id), safe=""),),
    }

    
    if not isinstance(body, Unset):
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> IssuedToken | Problem | None:
    if response.status_code == 201:
        response_201 = IssuedToken.from_dict(response.json())



        return response_201

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

    if response.status_code == 413:
        response_413 = Problem.from_dict(response.json())



        return response_413

    if response.status_code == 415:
        response_415 = Problem.from_dict(response.json())



        return response_415

    if response.status_code == 422:
        response_422 = Problem.from_dict(response.json())



        return response_422

    if response.status_code == 503:
        response_503 = Problem.from_dict(response.json())



        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[IssuedToken | Problem]:
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
    body: TokenRequest | Unset = UNSET,

) -> Response[IssuedToken | Problem]:
    """ Mint a token for the session (a share link's)

     Owner only. A viewer token (the default) reads the session and follows its events; an owner token
    may do
    everything. `expiresIn` (seconds) makes it stop working then. A token that expires mints none that
    outlives
    it: the new token's expiry is capped at the minting token's (`expiresAt` in this reply is the capped
    one,
    never null then). The secret is in this reply only: the session
    keeps its hash. A session holds at most 32 tokens (stream tickets are none of them: nothing of a
    ticket is kept).

    Args:
        id (str):
        body (TokenRequest | Unset): What a new token may do, and for how long.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[IssuedToken | Problem]
     """


    kwargs = _get_kwargs(
        id=id,
body=body,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    id: str,
    *,
    client: AuthenticatedClient,
    body: TokenRequest | Unset = UNSET,

) -> IssuedToken | Problem | None:
    """ Mint a token for the session (a share link's)

     Owner only. A viewer token (the default) reads the session and follows its events; an owner token
    may do
    everything. `expiresIn` (seconds) makes it stop working then. A token that expires mints none that
    outlives
    it: the new token's expiry is capped at the minting token's (`expiresAt` in this reply is the capped
    one,
    never null then). The secret is in this reply only: the session
    keeps its hash. A session holds at most 32 tokens (stream tickets are none of them: nothing of a
    ticket is kept).

    Args:
        id (str):
        body (TokenRequest | Unset): What a new token may do, and for how long.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        IssuedToken | Problem
     """


    return sync_detailed(
        id=id,
client=client,
body=body,

    ).parsed

async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient,
    body: TokenRequest | Unset = UNSET,

) -> Response[IssuedToken | Problem]:
    """ Mint a token for the session (a share link's)

     Owner only. A viewer token (the default) reads the session and follows its events; an owner token
    may do
    everything. `expiresIn` (seconds) makes it stop working then. A token that expires mints none that
    outlives
    it: the new token's expiry is capped at the minting token's (`expiresAt` in this reply is the capped
    one,
    never null then). The secret is in this reply only: the session
    keeps its hash. A session holds at most 32 tokens (stream tickets are none of them: nothing of a
    ticket is kept).

    Args:
        id (str):
        body (TokenRequest | Unset): What a new token may do, and for how long.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[IssuedToken | Problem]
     """


    kwargs = _get_kwargs(
        id=id,
body=body,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    id: str,
    *,
    client: AuthenticatedClient,
    body: TokenRequest | Unset = UNSET,

) -> IssuedToken | Problem | None:
    """ Mint a token for the session (a share link's)

     Owner only. A viewer token (the default) reads the session and follows its events; an owner token
    may do
    everything. `expiresIn` (seconds) makes it stop working then. A token that expires mints none that
    outlives
    it: the new token's expiry is capped at the minting token's (`expiresAt` in this reply is the capped
    one,
    never null then). The secret is in this reply only: the session
    keeps its hash. A session holds at most 32 tokens (stream tickets are none of them: nothing of a
    ticket is kept).

    Args:
        id (str):
        body (TokenRequest | Unset): What a new token may do, and for how long.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        IssuedToken | Problem
     """


    return (await asyncio_detailed(
        id=id,
client=client,
body=body,

    )).parsed
