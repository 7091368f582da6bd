"""What the browser test runs its page against: the real calculator-server, a second origin serving the page's files,
and nginx in front by the README's recipe (TLS with a certificate openssl makes, the page and the API under /calc/)."""

import contextlib
import functools
import json
import http.server
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "Tests" / "support"))
import fixture  # noqa: E402 (after the path it is found on)

WEB = ROOT / "Sources" / "CalculatorService" / "Resources" / "web"


@contextlib.contextmanager
def calculator_server(binary, *extra):
    """The real binary (Tests/support/fixture.py) with the in-memory store, trusting X-Forwarded-For as behind nginx,
    with the flags `extra` adds; what it printed is shown when the block ends."""
    server = fixture.CalculatorServer(binary, ["--store", "memory", "--log-level", "warning", "--trust-proxy", *extra])
    try:
        yield server.base
    finally:
        server.stop()
        if server.log().strip():
            print("--- calculator-server output ---\n" + server.log()[-4000:])


@contextlib.contextmanager
def second_origin():
    """The page's files on another port, laid out as calculator-server serves them (index.html with web/ beside)."""
    folder = Path(tempfile.mkdtemp(prefix="calc-web-"))
    shutil.copy(WEB / "index.html", folder / "index.html")
    shutil.copytree(WEB, folder / "web")

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(folder)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        shutil.rmtree(folder, ignore_errors=True)


def readme_nginx_recipe():
    """The nginx configuration the README's guide gives for TLS and a path prefix (its ```nginx block with /calc/)."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for block in re.findall(r"```nginx\n(.*?)```", readme, re.S):
        if "location /calc/" in block:
            return block
    raise RuntimeError("README.md has no ```nginx block for a /calc/ prefix")


@contextlib.contextmanager
def nginx_in_front(nginx, server_base):
    """nginx in the foreground on a loopback port (Tests/support/fixture.py), run by the README's recipe with a
    self-signed certificate made by openssl, proxying https://127.0.0.1:PORT/calc/ to the server. Yields the proxy's
    https base URL; what nginx logged is shown when the block ends."""
    folder = Path(tempfile.mkdtemp(prefix="calc-nginx-"))
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "1",
         "-subj", "/CN=localhost", "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost",
         "-keyout", str(folder / "calculator.key"), "-out", str(folder / "calculator.crt")],
        check=True, capture_output=True)
    recipe = readme_nginx_recipe()
    for expected in ("listen 443 ssl;", "127.0.0.1:8080", "/etc/ssl/calculator/"):
        if expected not in recipe:
            raise RuntimeError(f"the README's nginx recipe no longer has {expected!r}, which this test replaces")
    temp_paths = "\n".join(f"    {kind}_temp_path {folder}/{kind};" for kind in
                           ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))

    def configuration(port):
        served = (recipe.replace("listen 443 ssl;", f"listen 127.0.0.1:{port} ssl;")
                  .replace("127.0.0.1:8080", server_base.removeprefix("http://"))
                  .replace("/etc/ssl/calculator/", f"{folder}/"))
        return f"""daemon off;
master_process off;
pid {folder}/nginx.pid;
error_log {folder}/error.log warn;
events {{ worker_connections 64; }}
http {{
    access_log off;
{temp_paths}
{served}
}}
"""

    server = fixture.nginx(folder, configuration, nginx)
    try:
        yield f"https://127.0.0.1:{server.port}"
    finally:
        server.stop(10)
        error_log = folder / "error.log"
        output = (server.log() + (error_log.read_text(errors="replace") if error_log.exists() else "")).strip()
        if output:
            print("--- nginx output ---\n" + output[-4000:])
        shutil.rmtree(folder, ignore_errors=True)


def api(method, url, token=None, body=None):
    """The status of one request, with the session's token and a JSON body when given."""
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    if body is not None:
        headers["Content-Type"] = "application/json"
    request = urllib.request.Request(url, method=method, headers=headers,
                                     data=json.dumps(body).encode() if body is not None else None)
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code
