"""The README tour through the core of the Python client (Clients/Python), what openapi-python-client generates from
openapi.yaml, route by route.

Usage: python_tour.py BASE_URL, with the package `calculator_client` installed (scripts/client-test)."""
import sys

from calculator_client.generated import AuthenticatedClient, Client
from calculator_client.generated.api.dates import date_add, date_difference
from calculator_client.generated.api.keys import list_keys
from calculator_client.generated.api.units import convert_query, list_units
from calculator_client.generated.api.sessions import (create_session, delete_session, get_display, get_history, get_session,
                                            mint_token, patch_session, press_keys, put_session)
from calculator_client.generated.models import KeyBatch, KeyPress, Problem, SessionState, Settings, TokenRequest


def main(base):
    """Runs the tour and prints each check as it comes; True when all passed."""
    results = []

    def check(name, condition, detail=""):
        results.append(bool(condition))
        print(f"ok   {name}" if condition else f"FAIL {name} {detail}")

    anonymous = Client(base_url=base, raise_on_unexpected_status=True)

    created = put_session.sync_detailed("demo", client=anonymous)
    state = created.parsed
    check("PUT makes the session", created.status_code == 201 and isinstance(state, SessionState), created.content)
    check("with its owner token", isinstance(state.token, str) and len(state.token) >= 22, state)
    # The session's routes take its token as `Authorization: Bearer` (openapi.yaml's sessionToken scheme).
    client = AuthenticatedClient(base_url=base, token=state.token, raise_on_unexpected_status=True)
    refused = get_display.sync_detailed("demo", client=anonymous)
    check("without the token, 401", refused.status_code == 401 and "Bearer" in refused.headers.get("WWW-Authenticate", ""),
          refused.content)
    check("a new session shows 0, no error, an empty memory",
          state.display == "0" and state.error is None and state.memory is None and state.version == 1, state)
    check("its ETag is the version", created.headers.get("ETag") == '"1"', created.headers)

    state = press_keys.sync("demo", client=client, body=KeyBatch(keys="0.1 + 0.2 ="))
    check("0.1 + 0.2 = 0.3", state.display == "0.3" and state.expression == "0.1 + 0.2", state)

    state = press_keys.sync("demo", client=client, body=KeyBatch(keys=["3", "0", "sin"], trace=True))
    check("a traced batch has its steps", [step.display for step in state.steps] == ["3", "30", "0.5"], state)
    display = get_display.sync("demo", client=client)
    check("the display reads back", display.display == "0.5" and display.expression == "sin(30)", display)

    state = press_keys.sync("demo", client=client, body=KeyBatch(keys="AC 1 ÷ 3 × 3 = m+ 2 xʸ 0.5 ="))
    check("aliases, memory and powers", state.display == "1.414213562373095" and state.memory == "1", state)
    history = get_history.sync("demo", client=client)
    check("the history", [item.result for item in history.history] == ["0.3", "1", "1.414213562373095"], history)

    state = patch_session.sync("demo", client=client, body=Settings(digits=8), if_match='"4"')
    check("PATCH with the current ETag", state.display == "1.4142136" and state.digits == 8 and state.version == 5, state)

    problem = press_keys.sync("demo", client=client, body=KeyBatch(keys=["1", "+", "banana"]))
    check("an unknown key is a problem naming it",
          isinstance(problem, Problem) and problem.status == 400 and problem.key == "banana" and problem.index == 2,
          problem)
    stale = press_keys.sync_detailed("demo", client=client, body=KeyPress(key="7"), if_match='"1"')
    check("a stale If-Match is 412 with the current version",
          stale.status_code == 412 and stale.parsed.current_version == 5, stale.content)
    unreadable = press_keys.sync_detailed("demo", client=client, body=KeyPress(key="7"), if_match="%221%22")
    check("a percent-encoded If-Match is 400", unreadable.status_code == 400, unreadable.content)

    first = press_keys.sync_detailed("demo", client=client, body=KeyBatch(keys="AC 7"), idempotency_key="5b0c8e1e")
    again = press_keys.sync_detailed("demo", client=client, body=KeyBatch(keys="AC 7"), idempotency_key="5b0c8e1e")
    check("a retried press is replayed", again.headers.get("Idempotent-Replayed") == "true"
          and first.parsed == again.parsed and again.parsed.display == "7", again.headers)

    error = press_keys.sync("demo", client=client, body=KeyBatch(keys="1 / 0 ="))
    check("a calculator error is typed", error.display == "Error" and error.error.code == "division_by_zero", error)

    minted = mint_token.sync("demo", client=client, body=TokenRequest(scope="viewer"))
    check("the owner mints a viewer token", minted.scope == "viewer" and isinstance(minted.token, str), minted)
    viewer = AuthenticatedClient(base_url=base, token=minted.token, raise_on_unexpected_status=True)
    check("a viewer reads the display", get_display.sync("demo", client=viewer).display == "Error")
    watching = press_keys.sync_detailed("demo", client=viewer, body=KeyPress(key="7"))
    check("a viewer's press is 403", watching.status_code == 403 and watching.parsed.status == 403, watching.content)

    deleted = delete_session.sync_detailed("demo", client=client)
    check("DELETE", deleted.status_code == 204, deleted.content)
    # With tokens, a session that is gone answers as a token it does not know: 401, so ids cannot be probed.
    check("the session is gone", get_session.sync_detailed("demo", client=client).status_code == 401)

    made = create_session.sync(client=anonymous, body=Settings(angle="rad"))
    check("POST /sessions with settings", made.angle == "rad" and len(made.id) == 22, made)
    catalog = list_keys.sync(client=anonymous)
    check("the key catalog", any(key.name == "sqrt" and key.aliases == ["√", "²√x"] for key in catalog.keys), catalog)

    units = list_units.sync(client=client)
    check("the unit list", [category.name for category in units.categories][:2] == ["length", "area"], units)
    converted = convert_query.sync(client=client, value="100", from_="degF", to="degC")
    check("100 °F is 340/9 °C", converted.exact == "340/9" and converted.display == "37.77777777777778", converted)
    between = date_difference.sync(client=client, from_="2024-01-31", to="2024-03-01")
    check("a date difference", (between.months, between.days, between.total_days) == (1, 1, 30), between)
    earlier = date_add.sync(client=client, date="2024-03-31", months=1, days=1, operation="subtract")
    check("a date minus a duration", earlier.result == "2024-02-29", earlier)
    owner = AuthenticatedClient(base_url=base, token=made.token, raise_on_unexpected_status=True)
    formatted = patch_session.sync(made.id, client=owner, body=Settings(locale="de-DE", grouping=True))
    formatted = press_keys.sync(made.id, client=owner, body=KeyBatch(keys="1234.5 ="))
    check("a session's locale", formatted.display == "1.234,5" and formatted.locale == "de-DE", formatted)

    print(f"python client: {results.count(True)} passed, {results.count(False)} failed")
    return all(results)


if __name__ == "__main__":
    sys.exit(0 if main(sys.argv[1]) else 1)
