from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.display import Display
from ...models.evaluate_query_angle import check_evaluate_query_angle
from ...models.evaluate_query_angle import EvaluateQueryAngle
from ...models.evaluate_query_mode import check_evaluate_query_mode
from ...models.evaluate_query_mode import EvaluateQueryMode
from ...models.problem import Problem
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    *,
    expr: str,
    mode: EvaluateQueryMode | Unset = UNSET,
    angle: EvaluateQueryAngle | Unset = UNSET,
    digits: int | Unset = UNSET,
    locale: str | Unset = UNSET,
    ans: str | Unset = UNSET,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    params["expr"] = expr

    json_mode: str | Unset = UNSET
    if not isinstance(mode, Unset):
        json_mode = mode

    params["mode"] = json_mode

    json_angle: str | Unset = UNSET
    if not isinstance(angle, Unset):
        json_angle = angle

    params["angle"] = json_angle

    params["digits"] = digits

    params["locale"] = locale

    params["ans"] = ans


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/evaluate",
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Display | Problem | None:
    if response.status_code == 200:
        response_200 = Display.from_dict(response.json())



        return response_200

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())



        return response_400

    if response.status_code == 413:
        response_413 = Problem.from_dict(response.json())



        return response_413

    if response.status_code == 422:
        response_422 = Problem.from_dict(response.json())



        return response_422

    if response.status_code == 429:
        response_429 = Problem.from_dict(response.json())



        return response_429

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Display | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    expr: str,
    mode: EvaluateQueryMode | Unset = UNSET,
    angle: EvaluateQueryAngle | Unset = UNSET,
    digits: int | Unset = UNSET,
    locale: str | Unset = UNSET,
    ans: str | Unset = UNSET,

) -> Response[Display | Problem]:
    """ One answer to an expression, for curl

     As POST with `expression`; the query is URL-encoded, so `+` is a space and the plus sign `%2B`
    (`curl -G --data-urlencode "expr=2+3"`). With `Accept: text/plain`, just the display and a newline.

    Args:
        expr (str):
        mode (EvaluateQueryMode | Unset):
        angle (EvaluateQueryAngle | Unset):
        digits (int | Unset):
        locale (str | Unset):
        ans (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Display | Problem]
     """


    kwargs = _get_kwargs(
        expr=expr,
mode=mode,
angle=angle,
digits=digits,
locale=locale,
ans=ans,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient | Client,
    expr: str,
    mode: EvaluateQueryMode | Unset = UNSET,
    angle: EvaluateQueryAngle | Unset = UNSET,
    digits: int | Unset = UNSET,
    locale: str | Unset = UNSET,
    ans: str | Unset = UNSET,

) -> Display | Problem | None:
    """ One answer to an expression, for curl

     As POST with `expression`; the query is URL-encoded, so `+` is a space and the plus sign `%2B`
    (`curl -G --data-urlencode "expr=2+3"`). With `Accept: text/plain`, just the display and a newline.

    Args:
        expr (str):
        mode (EvaluateQueryMode | Unset):
        angle (EvaluateQueryAngle | Unset):
        digits (int | Unset):
        locale (str | Unset):
        ans (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Display | Problem
     """


    return sync_detailed(
        client=client,
expr=expr,
mode=mode,
angle=angle,
digits=digits,
locale=locale,
ans=ans,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    expr: str,
    mode: EvaluateQueryMode | Unset = UNSET,
    angle: EvaluateQueryAngle | Unset = UNSET,
    digits: int | Unset = UNSET,
    locale: str | Unset = UNSET,
    ans: str | Unset = UNSET,

) -> Response[Display | Problem]:
    """ One answer to an expression, for curl

     As POST with `expression`; the query is URL-encoded, so `+` is a space and the plus sign `%2B`
    (`curl -G --data-urlencode "expr=2+3"`). With `Accept: text/plain`, just the display and a newline.

    Args:
        expr (str):
        mode (EvaluateQueryMode | Unset):
        angle (EvaluateQueryAngle | Unset):
        digits (int | Unset):
        locale (str | Unset):
        ans (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Display | Problem]
     """


    kwargs = _get_kwargs(
        expr=expr,
mode=mode,
angle=angle,
digits=digits,
locale=locale,
ans=ans,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    expr: str,
    mode: EvaluateQueryMode | Unset = UNSET,
    angle: EvaluateQueryAngle | Unset = UNSET,
    digits: int | Unset = UNSET,
    locale: str | Unset = UNSET,
    ans: str | Unset = UNSET,

) -> Display | Problem | None:
    """ One answer to an expression, for curl

     As POST with `expression`; the query is URL-encoded, so `+` is a space and the plus sign `%2B`
    (`curl -G --data-urlencode "expr=2+3"`). With `Accept: text/plain`, just the display and a newline.

    Args:
        expr (str):
        mode (EvaluateQueryMode | Unset):
        angle (EvaluateQueryAngle | Unset):
        digits (int | Unset):
        locale (str | Unset):
        ans (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Display | Problem
     """


    return (await asyncio_detailed(
        client=client,
expr=expr,
mode=mode,
angle=angle,
digits=digits,
locale=locale,
ans=ans,

    )).parsed
