from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.display import Display
from ...models.expression_evaluation import ExpressionEvaluation
from ...models.keys_evaluation import KeysEvaluation
from ...models.problem import Problem
from typing import cast



def _get_kwargs(
    *,
    body: ExpressionEvaluation | KeysEvaluation,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/evaluate",
    }

    
    if isinstance(body, ExpressionEvaluation):
        _kwargs["json"] = body.to_dict()
    else:
        _kwargs["json"] = body.to_dict()


    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
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

    if response.status_code == 415:
        response_415 = Problem.from_dict(response.json())



        return response_415

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
    body: ExpressionEvaluation | KeysEvaluation,

) -> Response[Display | Problem]:
    """ One answer without a session

     The keys (as a press has them) or the expression are pressed on a fresh calculator with the given
    settings,
    which answers as a session's display read would; nothing is stored. An expression's answer is the
    display of
    its keys: it is typed as those keys (`2 + 3 × 4` as `2 + 3 * 4 =`), with the same numbers and rules
    as a
    session, and its keys stop at the first that shows Error. Expressions are read in the scientific and
    immediate modes (`mode: programmer` takes keys). An expression keeps operator precedence in both: in
    immediate
    mode, which works left to right, its keys carry the parentheses the expression implies (`2 + 3 × 4`
    is typed
    `2 + ( 3 * 4 ) =` and is 14), while `keys` are pressed as they are (`2 + 3 * 4 =` is 20).

    The expression language, loosest binding first: `+` and `-` (`−`); `*` and `/` (`×`, `·`, `÷`),
    GNOME's infix
    `mod` and implicit multiplication, which bind alike (`2π`, `3(4 + 1)`, `2 sin(30)`; `1/2π` is
    (1/2)·π; a number
    right after an operand is an error, not a product); unary `-` and `+` (`-2^2` is −4); `^` (`**`),
    right to
    left (`2^3^2` is 512); postfix `!`, `%`, `²`, `³` and `°`. Operands: numbers (`12`, `.5`, `1.5e-3`,
    `1,000`; at
    most `digits` significant digits, within 1e-9999 … 1e+9999), `pi` (`π`), `e`, `rand`, `ans`,
    parentheses, `√`
    and `∛` (`√(x)` is a call; `√x` takes x up to its power), every function key by name or alias with
    its operands
    in parentheses (`sin(30)`, `log10(2)` or GNOME's `log(2)`, `sin⁻¹(0.5)`, `neg(4)`, `pow(2; 10)`,
    `root(8; 3)`,
    `logy(8; 2)`), and GNOME's functions, named in any case: `abs(x)`, `round(x)` (halves away from
    zero),
    `floor(x)`, `ceil(x)`, `mod(x; y)` or `x mod y` (the sign of y: `-10 mod 3` is 2), `gcd(a; b; …)`,
    `lcm(a; b; …)`, `nCr(n; r)`, `nPr(n; r)`; and Python's `statistics` on a list of values, as
    statistics mode
    works them out: `mean(a; b; …)`, `median`, `variance` (sample), `pvariance`, `stdev`, `pstdev`,
    `sum` (median
    orders exact values only). gcd, lcm, nCr and nPr take integers; another operand shows Error
    (`domain`) with a message saying what to type (`gcd(round(1.5); 2)`). An inexact operand of round,
    floor and
    ceil is decided from its certified bounds (Error `precision` when none separates it from an
    integer). `x°` is
    x degrees in the angle unit: `sin(30°)` is 0.5 in every angle mode, `30°` is π/6 in rad. An unknown
    name's
    error suggests the nearest known one (`sqroot`: did you mean sqrt?). `a + b%` and `a − b%` are b% of
    a added
    or taken, as on a calculator (`50 + 10%` is 55); any other `x%` is x/100. Key names are case-
    sensitive.

    Numbers and arguments: numbers are written with the marks of `locale` (the plain `.` and `,` by
    default): a
    group mark between groups of three digits (`1,000 + 1` is 1001; `1.000 + 1` with locale `de`, whose
    decimal
    mark is the comma: `1,5`; in a locale that groups with a space, a space too). A function's arguments
    are apart
    by `;`, GNOME's separator, or by a comma that makes no group of digits: `pow(2; 10)`, `pow(2, 10)`
    and
    `pow(2,10)` are 1024, while `pow(2,100)` reads one number, 2100, and is refused saying to put `;`
    between the
    arguments. Marks that make no groups are refused with what to write (`1,00`; `1.5` in `de`).

    Units: a number followed by a unit of GET /units (id, symbol, or one-word name and its plural) is a
    quantity.
    The quantities of an expression are of one kind; the answer is in the first one's unit, the others
    converted
    to it: `2 km + 300 m` is 2.3 (km), `1 km ÷ 1 m` is 1000 (a plain ratio). The answer's `unit` names
    the unit
    it is in (`km`), and is absent for a plain number. Quantities add and subtract, and are
    multiplied or divided by plain numbers; anything else (`1 kg + 1 m`, `2 km + 300`, `2 km × 3 km`,
    `sin(2 m)`)
    is refused naming the kinds. Temperatures are in one unit. An expression may end in a conversion,
    `<unit> to <unit>` (or GNOME's `<unit> in <unit>`), or `to <unit>` after quantities: `12 inches to
    cm` is
    30.48, `1 mile to km` 1.609344, `5 ft + 3 in to cm` 160.02.

    `ans` is GNOME's last answer. `/evaluate` has no session, so the request gives it: `ans`, a
    session's
    `exact` (`1/3`) or a decimal (`-2.5e3`); `ans` in an expression without it is refused saying so.

    Operands nest at most 100 deep, and a chain holds at most 1,000 operations. A syntax error, or an
    expression
    beyond those bounds, is 400 `invalid-expression` with `offset` (in Unicode code points from 0),
    `expected` and
    `found`. Keys count against the client's press rate, an expression by its length in characters.

    Args:
        body (ExpressionEvaluation | KeysEvaluation): An expression, or keys as a press has them,
            with the settings of the fresh calculator.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Display | Problem]
     """


    kwargs = _get_kwargs(
        body=body,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient | Client,
    body: ExpressionEvaluation | KeysEvaluation,

) -> Display | Problem | None:
    """ One answer without a session

     The keys (as a press has them) or the expression are pressed on a fresh calculator with the given
    settings,
    which answers as a session's display read would; nothing is stored. An expression's answer is the
    display of
    its keys: it is typed as those keys (`2 + 3 × 4` as `2 + 3 * 4 =`), with the same numbers and rules
    as a
    session, and its keys stop at the first that shows Error. Expressions are read in the scientific and
    immediate modes (`mode: programmer` takes keys). An expression keeps operator precedence in both: in
    immediate
    mode, which works left to right, its keys carry the parentheses the expression implies (`2 + 3 × 4`
    is typed
    `2 + ( 3 * 4 ) =` and is 14), while `keys` are pressed as they are (`2 + 3 * 4 =` is 20).

    The expression language, loosest binding first: `+` and `-` (`−`); `*` and `/` (`×`, `·`, `÷`),
    GNOME's infix
    `mod` and implicit multiplication, which bind alike (`2π`, `3(4 + 1)`, `2 sin(30)`; `1/2π` is
    (1/2)·π; a number
    right after an operand is an error, not a product); unary `-` and `+` (`-2^2` is −4); `^` (`**`),
    right to
    left (`2^3^2` is 512); postfix `!`, `%`, `²`, `³` and `°`. Operands: numbers (`12`, `.5`, `1.5e-3`,
    `1,000`; at
    most `digits` significant digits, within 1e-9999 … 1e+9999), `pi` (`π`), `e`, `rand`, `ans`,
    parentheses, `√`
    and `∛` (`√(x)` is a call; `√x` takes x up to its power), every function key by name or alias with
    its operands
    in parentheses (`sin(30)`, `log10(2)` or GNOME's `log(2)`, `sin⁻¹(0.5)`, `neg(4)`, `pow(2; 10)`,
    `root(8; 3)`,
    `logy(8; 2)`), and GNOME's functions, named in any case: `abs(x)`, `round(x)` (halves away from
    zero),
    `floor(x)`, `ceil(x)`, `mod(x; y)` or `x mod y` (the sign of y: `-10 mod 3` is 2), `gcd(a; b; …)`,
    `lcm(a; b; …)`, `nCr(n; r)`, `nPr(n; r)`; and Python's `statistics` on a list of values, as
    statistics mode
    works them out: `mean(a; b; …)`, `median`, `variance` (sample), `pvariance`, `stdev`, `pstdev`,
    `sum` (median
    orders exact values only). gcd, lcm, nCr and nPr take integers; another operand shows Error
    (`domain`) with a message saying what to type (`gcd(round(1.5); 2)`). An inexact operand of round,
    floor and
    ceil is decided from its certified bounds (Error `precision` when none separates it from an
    integer). `x°` is
    x degrees in the angle unit: `sin(30°)` is 0.5 in every angle mode, `30°` is π/6 in rad. An unknown
    name's
    error suggests the nearest known one (`sqroot`: did you mean sqrt?). `a + b%` and `a − b%` are b% of
    a added
    or taken, as on a calculator (`50 + 10%` is 55); any other `x%` is x/100. Key names are case-
    sensitive.

    Numbers and arguments: numbers are written with the marks of `locale` (the plain `.` and `,` by
    default): a
    group mark between groups of three digits (`1,000 + 1` is 1001; `1.000 + 1` with locale `de`, whose
    decimal
    mark is the comma: `1,5`; in a locale that groups with a space, a space too). A function's arguments
    are apart
    by `;`, GNOME's separator, or by a comma that makes no group of digits: `pow(2; 10)`, `pow(2, 10)`
    and
    `pow(2,10)` are 1024, while `pow(2,100)` reads one number, 2100, and is refused saying to put `;`
    between the
    arguments. Marks that make no groups are refused with what to write (`1,00`; `1.5` in `de`).

    Units: a number followed by a unit of GET /units (id, symbol, or one-word name and its plural) is a
    quantity.
    The quantities of an expression are of one kind; the answer is in the first one's unit, the others
    converted
    to it: `2 km + 300 m` is 2.3 (km), `1 km ÷ 1 m` is 1000 (a plain ratio). The answer's `unit` names
    the unit
    it is in (`km`), and is absent for a plain number. Quantities add and subtract, and are
    multiplied or divided by plain numbers; anything else (`1 kg + 1 m`, `2 km + 300`, `2 km × 3 km`,
    `sin(2 m)`)
    is refused naming the kinds. Temperatures are in one unit. An expression may end in a conversion,
    `<unit> to <unit>` (or GNOME's `<unit> in <unit>`), or `to <unit>` after quantities: `12 inches to
    cm` is
    30.48, `1 mile to km` 1.609344, `5 ft + 3 in to cm` 160.02.

    `ans` is GNOME's last answer. `/evaluate` has no session, so the request gives it: `ans`, a
    session's
    `exact` (`1/3`) or a decimal (`-2.5e3`); `ans` in an expression without it is refused saying so.

    Operands nest at most 100 deep, and a chain holds at most 1,000 operations. A syntax error, or an
    expression
    beyond those bounds, is 400 `invalid-expression` with `offset` (in Unicode code points from 0),
    `expected` and
    `found`. Keys count against the client's press rate, an expression by its length in characters.

    Args:
        body (ExpressionEvaluation | KeysEvaluation): An expression, or keys as a press has them,
            with the settings of the fresh calculator.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Display | Problem
     """


    return sync_detailed(
        client=client,
body=body,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: ExpressionEvaluation | KeysEvaluation,

) -> Response[Display | Problem]:
    """ One answer without a session

     The keys (as a press has them) or the expression are pressed on a fresh calculator with the given
    settings,
    which answers as a session's display read would; nothing is stored. An expression's answer is the
    display of
    its keys: it is typed as those keys (`2 + 3 × 4` as `2 + 3 * 4 =`), with the same numbers and rules
    as a
    session, and its keys stop at the first that shows Error. Expressions are read in the scientific and
    immediate modes (`mode: programmer` takes keys). An expression keeps operator precedence in both: in
    immediate
    mode, which works left to right, its keys carry the parentheses the expression implies (`2 + 3 × 4`
    is typed
    `2 + ( 3 * 4 ) =` and is 14), while `keys` are pressed as they are (`2 + 3 * 4 =` is 20).

    The expression language, loosest binding first: `+` and `-` (`−`); `*` and `/` (`×`, `·`, `÷`),
    GNOME's infix
    `mod` and implicit multiplication, which bind alike (`2π`, `3(4 + 1)`, `2 sin(30)`; `1/2π` is
    (1/2)·π; a number
    right after an operand is an error, not a product); unary `-` and `+` (`-2^2` is −4); `^` (`**`),
    right to
    left (`2^3^2` is 512); postfix `!`, `%`, `²`, `³` and `°`. Operands: numbers (`12`, `.5`, `1.5e-3`,
    `1,000`; at
    most `digits` significant digits, within 1e-9999 … 1e+9999), `pi` (`π`), `e`, `rand`, `ans`,
    parentheses, `√`
    and `∛` (`√(x)` is a call; `√x` takes x up to its power), every function key by name or alias with
    its operands
    in parentheses (`sin(30)`, `log10(2)` or GNOME's `log(2)`, `sin⁻¹(0.5)`, `neg(4)`, `pow(2; 10)`,
    `root(8; 3)`,
    `logy(8; 2)`), and GNOME's functions, named in any case: `abs(x)`, `round(x)` (halves away from
    zero),
    `floor(x)`, `ceil(x)`, `mod(x; y)` or `x mod y` (the sign of y: `-10 mod 3` is 2), `gcd(a; b; …)`,
    `lcm(a; b; …)`, `nCr(n; r)`, `nPr(n; r)`; and Python's `statistics` on a list of values, as
    statistics mode
    works them out: `mean(a; b; …)`, `median`, `variance` (sample), `pvariance`, `stdev`, `pstdev`,
    `sum` (median
    orders exact values only). gcd, lcm, nCr and nPr take integers; another operand shows Error
    (`domain`) with a message saying what to type (`gcd(round(1.5); 2)`). An inexact operand of round,
    floor and
    ceil is decided from its certified bounds (Error `precision` when none separates it from an
    integer). `x°` is
    x degrees in the angle unit: `sin(30°)` is 0.5 in every angle mode, `30°` is π/6 in rad. An unknown
    name's
    error suggests the nearest known one (`sqroot`: did you mean sqrt?). `a + b%` and `a − b%` are b% of
    a added
    or taken, as on a calculator (`50 + 10%` is 55); any other `x%` is x/100. Key names are case-
    sensitive.

    Numbers and arguments: numbers are written with the marks of `locale` (the plain `.` and `,` by
    default): a
    group mark between groups of three digits (`1,000 + 1` is 1001; `1.000 + 1` with locale `de`, whose
    decimal
    mark is the comma: `1,5`; in a locale that groups with a space, a space too). A function's arguments
    are apart
    by `;`, GNOME's separator, or by a comma that makes no group of digits: `pow(2; 10)`, `pow(2, 10)`
    and
    `pow(2,10)` are 1024, while `pow(2,100)` reads one number, 2100, and is refused saying to put `;`
    between the
    arguments. Marks that make no groups are refused with what to write (`1,00`; `1.5` in `de`).

    Units: a number followed by a unit of GET /units (id, symbol, or one-word name and its plural) is a
    quantity.
    The quantities of an expression are of one kind; the answer is in the first one's unit, the others
    converted
    to it: `2 km + 300 m` is 2.3 (km), `1 km ÷ 1 m` is 1000 (a plain ratio). The answer's `unit` names
    the unit
    it is in (`km`), and is absent for a plain number. Quantities add and subtract, and are
    multiplied or divided by plain numbers; anything else (`1 kg + 1 m`, `2 km + 300`, `2 km × 3 km`,
    `sin(2 m)`)
    is refused naming the kinds. Temperatures are in one unit. An expression may end in a conversion,
    `<unit> to <unit>` (or GNOME's `<unit> in <unit>`), or `to <unit>` after quantities: `12 inches to
    cm` is
    30.48, `1 mile to km` 1.609344, `5 ft + 3 in to cm` 160.02.

    `ans` is GNOME's last answer. `/evaluate` has no session, so the request gives it: `ans`, a
    session's
    `exact` (`1/3`) or a decimal (`-2.5e3`); `ans` in an expression without it is refused saying so.

    Operands nest at most 100 deep, and a chain holds at most 1,000 operations. A syntax error, or an
    expression
    beyond those bounds, is 400 `invalid-expression` with `offset` (in Unicode code points from 0),
    `expected` and
    `found`. Keys count against the client's press rate, an expression by its length in characters.

    Args:
        body (ExpressionEvaluation | KeysEvaluation): An expression, or keys as a press has them,
            with the settings of the fresh calculator.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Display | Problem]
     """


    kwargs = _get_kwargs(
        body=body,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: ExpressionEvaluation | KeysEvaluation,

) -> Display | Problem | None:
    """ One answer without a session

     The keys (as a press has them) or the expression are pressed on a fresh calculator with the given
    settings,
    which answers as a session's display read would; nothing is stored. An expression's answer is the
    display of
    its keys: it is typed as those keys (`2 + 3 × 4` as `2 + 3 * 4 =`), with the same numbers and rules
    as a
    session, and its keys stop at the first that shows Error. Expressions are read in the scientific and
    immediate modes (`mode: programmer` takes keys). An expression keeps operator precedence in both: in
    immediate
    mode, which works left to right, its keys carry the parentheses the expression implies (`2 + 3 × 4`
    is typed
    `2 + ( 3 * 4 ) =` and is 14), while `keys` are pressed as they are (`2 + 3 * 4 =` is 20).

    The expression language, loosest binding first: `+` and `-` (`−`); `*` and `/` (`×`, `·`, `÷`),
    GNOME's infix
    `mod` and implicit multiplication, which bind alike (`2π`, `3(4 + 1)`, `2 sin(30)`; `1/2π` is
    (1/2)·π; a number
    right after an operand is an error, not a product); unary `-` and `+` (`-2^2` is −4); `^` (`**`),
    right to
    left (`2^3^2` is 512); postfix `!`, `%`, `²`, `³` and `°`. Operands: numbers (`12`, `.5`, `1.5e-3`,
    `1,000`; at
    most `digits` significant digits, within 1e-9999 … 1e+9999), `pi` (`π`), `e`, `rand`, `ans`,
    parentheses, `√`
    and `∛` (`√(x)` is a call; `√x` takes x up to its power), every function key by name or alias with
    its operands
    in parentheses (`sin(30)`, `log10(2)` or GNOME's `log(2)`, `sin⁻¹(0.5)`, `neg(4)`, `pow(2; 10)`,
    `root(8; 3)`,
    `logy(8; 2)`), and GNOME's functions, named in any case: `abs(x)`, `round(x)` (halves away from
    zero),
    `floor(x)`, `ceil(x)`, `mod(x; y)` or `x mod y` (the sign of y: `-10 mod 3` is 2), `gcd(a; b; …)`,
    `lcm(a; b; …)`, `nCr(n; r)`, `nPr(n; r)`; and Python's `statistics` on a list of values, as
    statistics mode
    works them out: `mean(a; b; …)`, `median`, `variance` (sample), `pvariance`, `stdev`, `pstdev`,
    `sum` (median
    orders exact values only). gcd, lcm, nCr and nPr take integers; another operand shows Error
    (`domain`) with a message saying what to type (`gcd(round(1.5); 2)`). An inexact operand of round,
    floor and
    ceil is decided from its certified bounds (Error `precision` when none separates it from an
    integer). `x°` is
    x degrees in the angle unit: `sin(30°)` is 0.5 in every angle mode, `30°` is π/6 in rad. An unknown
    name's
    error suggests the nearest known one (`sqroot`: did you mean sqrt?). `a + b%` and `a − b%` are b% of
    a added
    or taken, as on a calculator (`50 + 10%` is 55); any other `x%` is x/100. Key names are case-
    sensitive.

    Numbers and arguments: numbers are written with the marks of `locale` (the plain `.` and `,` by
    default): a
    group mark between groups of three digits (`1,000 + 1` is 1001; `1.000 + 1` with locale `de`, whose
    decimal
    mark is the comma: `1,5`; in a locale that groups with a space, a space too). A function's arguments
    are apart
    by `;`, GNOME's separator, or by a comma that makes no group of digits: `pow(2; 10)`, `pow(2, 10)`
    and
    `pow(2,10)` are 1024, while `pow(2,100)` reads one number, 2100, and is refused saying to put `;`
    between the
    arguments. Marks that make no groups are refused with what to write (`1,00`; `1.5` in `de`).

    Units: a number followed by a unit of GET /units (id, symbol, or one-word name and its plural) is a
    quantity.
    The quantities of an expression are of one kind; the answer is in the first one's unit, the others
    converted
    to it: `2 km + 300 m` is 2.3 (km), `1 km ÷ 1 m` is 1000 (a plain ratio). The answer's `unit` names
    the unit
    it is in (`km`), and is absent for a plain number. Quantities add and subtract, and are
    multiplied or divided by plain numbers; anything else (`1 kg + 1 m`, `2 km + 300`, `2 km × 3 km`,
    `sin(2 m)`)
    is refused naming the kinds. Temperatures are in one unit. An expression may end in a conversion,
    `<unit> to <unit>` (or GNOME's `<unit> in <unit>`), or `to <unit>` after quantities: `12 inches to
    cm` is
    30.48, `1 mile to km` 1.609344, `5 ft + 3 in to cm` 160.02.

    `ans` is GNOME's last answer. `/evaluate` has no session, so the request gives it: `ans`, a
    session's
    `exact` (`1/3`) or a decimal (`-2.5e3`); `ans` in an expression without it is refused saying so.

    Operands nest at most 100 deep, and a chain holds at most 1,000 operations. A syntax error, or an
    expression
    beyond those bounds, is 400 `invalid-expression` with `offset` (in Unicode code points from 0),
    `expected` and
    `found`. Keys count against the client's press rate, an expression by its length in characters.

    Args:
        body (ExpressionEvaluation | KeysEvaluation): An expression, or keys as a press has them,
            with the settings of the fresh calculator.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Display | Problem
     """


    return (await asyncio_detailed(
        client=client,
body=body,

    )).parsed
