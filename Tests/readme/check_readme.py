"""Replays every ```console block of README.md against a fresh calculator-server and compares the output, and checks
that the configuration table's defaults are the ones `--help` states (which reads them from the code).

Usage: check_readme.py SERVER_BINARY README. Lines starting with "$ " are run with bash (localhost:8080 is replaced by
the test server's address); the lines after them, up to the next command, are the expected output. Date and
X-Request-Id header values, and server-made session ids, differ from run to run and are compared by shape only.
A block after `<!-- readme-test: session-access tokens -->` goes to a server with session tokens (the default), the
others to one with `--session-access open`, as the tour says. A variable a command sets (`NAME=...`) is kept for the
commands after it."""
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "support"))
import fixture  # noqa: E402 (after the path it is found on)

VARYING = [
    (re.compile(r"^Date: .*$"), "Date: <date>"),
    (re.compile(r"^X-Request-Id: \S+$"), "X-Request-Id: <id>"),
    (re.compile(r'"id":"[A-Za-z0-9_-]{22}"'), '"id":"<id>"'),
]


def normalise(text):
    lines = []
    for line in text.replace("\r\n", "\n").rstrip("\n").split("\n"):
        for pattern, replacement in VARYING:
            line = pattern.sub(replacement, line)
        lines.append(line)
    return lines


def blocks(readme):
    """Each console block's access mode and its commands, each with its expected output."""
    for match in re.finditer(r"(<!-- readme-test: session-access tokens -->\n)?```console\n(.*?)```", readme, re.S):
        commands, current = [], None
        for line in match.group(2).rstrip("\n").split("\n"):
            if line.startswith("$ "):
                current = [line[2:], []]
                commands.append(current)
            elif current is not None:
                current[1].append(line)
        yield ("tokens" if match.group(1) else "open"), commands


def table_defaults_disagreeing(binary, readme):
    """The rows of the configuration table whose default (its first `code`) is not the one `--help` states."""
    usage = " ".join(subprocess.run([binary, "--help"], capture_output=True, text=True, timeout=30).stdout.split())
    stated = dict(re.findall(r"(--[a-z-]+) <[a-z-]+> .*?\(default: (.*?)\)", usage.replace(" --", "\n--")))
    disagreeing = []
    for flag, default in re.findall(r"^\| `(--[a-z-]+)` \| [^|]* \| `([^`]*)`", readme, re.M):
        if stated.get(flag) != default:
            disagreeing.append(f"{flag}: README {default!r}, --help {stated.get(flag)!r}")
    return disagreeing


def main():
    binary, readme_path = sys.argv[1], sys.argv[2]
    disagreeing = table_defaults_disagreeing(binary, open(readme_path, encoding="utf-8").read())
    for row in disagreeing:
        print(f"FAIL configuration table: {row}")
    servers = {access: fixture.CalculatorServer(binary, ["--store", "memory", "--log-level", "warning",
                                                         "--session-access", access])
               for access in ("open", "tokens")}
    state = tempfile.NamedTemporaryFile("w", suffix=".sh", delete=False)
    state.close()
    passed = failed = 0
    try:
        for access, commands in blocks(open(readme_path, encoding="utf-8").read()):
            port = servers[access].port
            for command, expected in commands:
                run = f"source {state.name}\n" + command.replace("localhost:8080", f"127.0.0.1:{port}")
                assigned = re.match(r"^([A-Z_][A-Z0-9_]*)=", command)
                if assigned:
                    run += f"\ndeclare -p {assigned.group(1)} >> {state.name}"
                actual = subprocess.run(["bash", "-c", run], capture_output=True, text=True, timeout=30).stdout
                if normalise(actual) == normalise("\n".join(expected)):
                    passed += 1
                else:
                    failed += 1
                    print(f"FAIL $ {command}\n  expected: {expected}\n  actual:   {actual.splitlines()}")
    finally:
        os.unlink(state.name)
        for server in servers.values():
            server.stop()
    print(f"README examples: {passed} passed, {failed} failed")
    return 1 if failed or disagreeing or passed == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
