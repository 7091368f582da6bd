from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.issued_token import IssuedToken
from ...models.problem import Problem
from typing import cast



def _get_kwargs(
    id: str,

) -> dict[str, Any]:
    

    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/sessions/{id}/stream-tickets".format(id=quote(str(id), safe=""),),
    }


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

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())



        return response_404

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

) -> Response[IssuedToken | Problem]:
    """ A short-lived ticket that opens the event stream from a browser

     A browser's `EventSource` cannot send `Authorization`, and a long-lived token in a URL lands in
    proxy and
    browser logs. A viewer or owner asks for a ticket instead and opens `GET
    /sessions/{id}/events?ticket=<ticket>`
    within 60 seconds (reconnects within that time work too), and no later than the token that minted it
    expires.
    The ticket opens the stream and nothing else, and works while that token does: revoked or expired,
    its tickets
    are refused (401). The stream ends when the token that minted the ticket is revoked or expires (not
    when the
    ticket does). Minting one only reads the session: nothing of a ticket is stored, so its version,
    ETag and
    event stream are unchanged, and there is no limit to how many are minted. `id` is the minting
    token's.

    Args:
        id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[IssuedToken | Problem]
     """


    kwargs = _get_kwargs(
        id=id,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    id: str,
    *,
    client: AuthenticatedClient,

) -> IssuedToken | Problem | None:
    """ A short-lived ticket that opens the event stream from a browser

     A browser's `EventSource` cannot send `Authorization`, and a long-lived token in a URL lands in
    proxy and
    browser logs. A viewer or owner asks for a ticket instead and opens `GET
    /sessions/{id}/events?ticket=<ticket>`
    within 60 seconds (reconnects within that time work too), and no later than the token that minted it
    expires.
    The ticket opens the stream and nothing else, and works while that token does: revoked or expired,
    its tickets
    are refused (401). The stream ends when the token that minted the ticket is revoked or expires (not
    when the
    ticket does). Minting one only reads the session: nothing of a ticket is stored, so its version,
    ETag and
    event stream are unchanged, and there is no limit to how many are minted. `id` is the minting
    token's.

    Args:
        id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        IssuedToken | Problem
     """


    return sync_detailed(
        id=id,
client=client,

    ).parsed

async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient,

) -> Response[IssuedToken | Problem]:
    """ A short-lived ticket that opens the event stream from a browser

     A browser's `EventSource` cannot send `Authorization`, and a long-lived token in a URL lands in
    proxy and
    browser logs. A viewer or owner asks for a ticket instead and opens `GET
    /sessions/{id}/events?ticket=<ticket>`
    within 60 seconds (reconnects within that time work too), and no later than the token that minted it
    expires.
    The ticket opens the stream and nothing else, and works while that token does: revoked or expired,
    its tickets
    are refused (401). The stream ends when the token that minted the ticket is revoked or expires (not
    when the
    ticket does). Minting one only reads the session: nothing of a ticket is stored, so its version,
    ETag and
    event stream are unchanged, and there is no limit to how many are minted. `id` is the minting
    token's.

    Args:
        id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[IssuedToken | Problem]
     """


    kwargs = _get_kwargs(
        id=id,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    id: str,
    *,
    client: AuthenticatedClient,

) -> IssuedToken | Problem | None:
    """ A short-lived ticket that opens the event stream from a browser

     A browser's `EventSource` cannot send `Authorization`, and a long-lived token in a URL lands in
    proxy and
    browser logs. A viewer or owner asks for a ticket instead and opens `GET
    /sessions/{id}/events?ticket=<ticket>`
    within 60 seconds (reconnects within that time work too), and no later than the token that minted it
    expires.
    The ticket opens the stream and nothing else, and works while that token does: revoked or expired,
    its tickets
    are refused (401). The stream ends when the token that minted the ticket is revoked or expires (not
    when the
    ticket does). Minting one only reads the session: nothing of a ticket is stored, so its version,
    ETag and
    event stream are unchanged, and there is no limit to how many are minted. `id` is the minting
    token's.

    Args:
        id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        IssuedToken | Problem
     """


    return (await asyncio_detailed(
        id=id,
client=client,

    )).parsed
