"""Replays every ```console block of README.md against a fresh calculator-server and compares the output.

Usage: check_readme.py SERVER_BINARY README. Lines starting with "$ " are run with bash (localhost:8080 is replaced by
the test server's address); the lines after them, up to the next command, are the expected output. Date and
X-Request-Id header values, and server-made session ids, differ from run to run and are compared by shape only."""
import re
import socket
import subprocess
import sys

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
    for match in re.finditer(r"```console\n(.*?)```", readme, re.S):
        commands, current = [], None
        for line in match.group(1).rstrip("\n").split("\n"):
            if line.startswith("$ "):
                current = [line[2:], []]
                commands.append(current)
            elif current is not None:
                current[1].append(line)
        yield commands


def main():
    binary, readme_path = sys.argv[1], sys.argv[2]
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = subprocess.Popen([binary, "--port", str(port), "--store", "memory", "--log-level", "warning"],
                              stdout=subprocess.PIPE, text=True)
    passed = failed = 0
    try:
        server.stdout.readline()
        for commands in blocks(open(readme_path, encoding="utf-8").read()):
            for command, expected in commands:
                run = command.replace("localhost:8080", f"127.0.0.1:{port}")
                actual = subprocess.run(["bash", "-c", run], capture_output=True, text=True, timeout=30).stdout
                if normalise(actual) == normalise("\n".join(expected)):
                    passed += 1
                else:
                    failed += 1
                    print(f"FAIL $ {command}\n  expected: {expected}\n  actual:   {actual.splitlines()}")
    finally:
        server.terminate()
        server.wait(timeout=30)
    print(f"README examples: {passed} passed, {failed} failed")
    return 1 if failed or passed == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
