"""A calculator-server on a free port for the Python checks (Tests/precision, Tests/dates): the memory store, open
access (the checks are about numbers and dates, not tokens), its port read from the "listening on" line it prints,
stopped at the end."""

import http.client
import select
import subprocess
import time


class Server:
    def __init__(self, binary):
        self.process = subprocess.Popen([binary, "--store", "memory", "--port", "0", "--log-level", "warning",
                                         "--session-access", "open"],
                                        stdout=subprocess.PIPE, text=True)
        deadline = time.monotonic() + 30
        line = ""
        while "listening on" not in line:
            if time.monotonic() > deadline or self.process.poll() is not None:
                raise RuntimeError("calculator-server did not start")
            ready, _, _ = select.select([self.process.stdout], [], [], 1)
            if ready:
                line = self.process.stdout.readline()
        self.port = int(line.strip().rsplit(":", 1)[1])

    def connection(self):
        return http.client.HTTPConnection("127.0.0.1", self.port, timeout=300)

    def stop(self):
        self.process.terminate()
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
