#!/usr/bin/env python3
"""Checks that no session token is in any log a server wrote during a test run (issue 35: "a token never appears in
logs"). scripts/test has every server it starts write a copy of its log, at every level and as JSON, to one directory
(CALC_TEST_LOG_DIR, one file per server); this reads every line of every file there.

A token is 256 random bits as 43 base64url characters (AccessGrant.swift), so any run of exactly 43 of those
characters standing alone counts as one, whatever field, message or URL it is in: nothing else a server logs has that
shape (session ids are 22 characters and never logged, token ids 11, trace ids hex of 32, span ids 16). The check
fails when the directory holds no log, and when the logs show no request that minted, used or listed tokens, so it
cannot pass on a run that never met a token.

It also checks that no session id is in a request line's path (issue 44: no session id in any log line): in every
`url.path`, each segment that follows a `sessions` segment is `REDACTED`, and at least one such path was seen.

usage: check_no_tokens.py DIRECTORY"""

import json
import re
import sys
from collections import Counter
from pathlib import Path

TOKEN = re.compile(r"(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])")
# The routes whose requests carry or hand out tokens: minting, listing and revoking them, stream tickets, and the
# event streams a ticket opens.
TOKEN_ROUTES = ("/sessions/{id}/tokens", "/sessions/{id}/tokens/{tokenId}", "/sessions/{id}/stream-tickets",
                "/sessions/{id}/events")


def main(directory):
    files = sorted(Path(directory).glob("*.jsonl"))
    lines = 0
    routes = Counter()
    found = []
    redacted = 0
    shown_ids = []
    for path in files:
        with open(path, encoding="utf-8", errors="replace") as log:
            for number, line in enumerate(log, 1):
                lines += 1
                tokens = TOKEN.findall(line)
                if tokens:
                    # The line as it was, but for the tokens: a failed run's output should not spread them further.
                    shown = TOKEN.sub(lambda match: match.group()[:6] + "…", line.strip())
                    found += [f"{path.name}:{number}: {shown[:300]}"] * len(tokens)
                try:
                    entry = json.loads(line)
                except ValueError:
                    continue
                if isinstance(entry, dict) and entry.get("message") == "request":
                    routes[entry.get("http.route", "")] += 1
                    segments = [part for part in str(entry.get("url.path", "")).split("/") if part]
                    for before, segment in zip(segments, segments[1:]):
                        if before.lower() == "sessions":
                            if segment == "REDACTED":
                                redacted += 1
                            else:
                                shown_ids.append(f"{path.name}:{number}: url.path {entry.get('url.path', '')[:80]}")
    requests = sum(routes.values())
    on_token_routes = sum(routes[route] for route in TOKEN_ROUTES)
    print(f"searched {len(files)} server logs, {lines} lines, {requests} requests "
          f"({on_token_routes} on the routes of tokens, tickets and event streams: "
          + ", ".join(f"{route} {routes[route]}" for route in TOKEN_ROUTES) + ")")
    if not files or lines == 0:
        print(f"FAIL: no server log in {directory}: the servers were not started with CALC_TEST_LOG_DIR")
        return 1
    if found:
        print(f"FAIL: {len(found)} session tokens in the logs:")
        for line in found[:20]:
            print("  " + line)
        return 1
    if shown_ids:
        print(f"FAIL: {len(shown_ids)} request lines show a session id in url.path:")
        for line in shown_ids[:20]:
            print("  " + line)
        return 1
    if redacted == 0:
        print("FAIL: no request line named a session: the id check would prove nothing")
        return 1
    if routes["/sessions/{id}/tokens"] == 0 or routes["/sessions/{id}/stream-tickets"] == 0:
        print("FAIL: the logs show no request that minted a token or a stream ticket: the check would prove nothing")
        return 1
    print(f"no session token in any log, and no session id in any of {redacted} session paths")
    return 0


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__.strip().splitlines()[-1])
    sys.exit(main(sys.argv[1]))
