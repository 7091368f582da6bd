from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.data_set import DataSet
from ...models.problem import Problem
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    id: str,
    *,
    point: int | Unset = UNSET,
    if_match: str | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(if_match, Unset):
        headers["If-Match"] = if_match



    

    params: dict[str, Any] = {}

    params["point"] = point


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "delete",
        "url": "/sessions/{id}/data".format(id=quote(str(id), safe=""),),
        "params": params,
    }


    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> DataSet | Problem | None:
    if response.status_code == 200:
        response_200 = DataSet.from_dict(response.json())



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

    if response.status_code == 412:
        response_412 = Problem.from_dict(response.json())



        return response_412

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[DataSet | Problem]:
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
    point: int | Unset = UNSET,
    if_match: str | Unset = UNSET,

) -> Response[DataSet | Problem]:
    """ Empty the data set

     Empties the data set (and forgets a waiting x), as CLΣ does; an empty set stays as it is, at its
    version. With `point`, takes out that point alone (a point the set does not have is 422 `invalid-
    data`).

    Args:
        id (str):
        point (int | Unset):
        if_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[DataSet | Problem]
     """


    kwargs = _get_kwargs(
        id=id,
point=point,
if_match=if_match,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    id: str,
    *,
    client: AuthenticatedClient,
    point: int | Unset = UNSET,
    if_match: str | Unset = UNSET,

) -> DataSet | Problem | None:
    """ Empty the data set

     Empties the data set (and forgets a waiting x), as CLΣ does; an empty set stays as it is, at its
    version. With `point`, takes out that point alone (a point the set does not have is 422 `invalid-
    data`).

    Args:
        id (str):
        point (int | Unset):
        if_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        DataSet | Problem
     """


    return sync_detailed(
        id=id,
client=client,
point=point,
if_match=if_match,

    ).parsed

async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient,
    point: int | Unset = UNSET,
    if_match: str | Unset = UNSET,

) -> Response[DataSet | Problem]:
    """ Empty the data set

     Empties the data set (and forgets a waiting x), as CLΣ does; an empty set stays as it is, at its
    version. With `point`, takes out that point alone (a point the set does not have is 422 `invalid-
    data`).

    Args:
        id (str):
        point (int | Unset):
        if_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[DataSet | Problem]
     """


    kwargs = _get_kwargs(
        id=id,
point=point,
if_match=if_match,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    id: str,
    *,
    client: AuthenticatedClient,
    point: int | Unset = UNSET,
    if_match: str | Unset = UNSET,

) -> DataSet | Problem | None:
    """ Empty the data set

     Empties the data set (and forgets a waiting x), as CLΣ does; an empty set stays as it is, at its
    version. With `point`, takes out that point alone (a point the set does not have is 422 `invalid-
    data`).

    Args:
        id (str):
        point (int | Unset):
        if_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        DataSet | Problem
     """


    return (await asyncio_detailed(
        id=id,
client=client,
point=point,
if_match=if_match,

    )).parsed
