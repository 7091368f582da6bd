# The stages of scripts/test and .ci/run: each is timed, its output kept in a log, and a table of every stage's wall
# time, status and counts (Tests/support/stages.py) is printed when the run ends, passed or failed.
#
#   stage NAME COMMAND...             runs COMMAND now, its output shown as it comes; a failure ends the run
#   stage_beside NAME COMMAND...      starts COMMAND in the background, its output only in its log
#   stages_join                       waits for the stages started beside; prints the log of each that failed, and
#                                     ends the run if one did
#   stages_table                      the table (scripts/test calls it on exit)

STAGE_DIR="$(mktemp -d)"
STAGE_COUNT=0
STAGE_BESIDE=()
STAGES_STARTED=$EPOCHREALTIME

# seconds_since START: the wall time since START (an $EPOCHREALTIME), to a tenth of a second.
seconds_since() {
    awk -v a="$1" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.1f", b - a }'
}

# next_stage_file: sets STAGE_FILE to the next stage's path without suffix, which its row and log files share.
next_stage_file() {
    STAGE_COUNT=$((STAGE_COUNT + 1))
    STAGE_FILE="$(printf '%s/%02d' "$STAGE_DIR" "$STAGE_COUNT")"
}

# cpu_seconds FILE: the processor time (user and system) in FILE, what `times` printed: its second line is that of the
# processes the shell has waited for ("1m2.5s 0m0.3s"). `times` writes to a file because in a pipe or a command
# substitution it would run in a new shell, which has waited for nothing.
cpu_seconds() {
    awk 'NR == 2 { split($1, u, /[ms]/); split($2, s, /[ms]/); printf "%.1f", u[1] * 60 + u[2] + s[1] * 60 + s[2] }' "$1"
}

# run_stage FILE NAME COMMAND...: runs COMMAND with its output in FILE.log, writing FILE.row as it starts and ends. It
# runs in a shell of its own (the callers put it in the background), so its processor time is the stage's.
run_stage() {
    local file=$1 name=$2 started=$EPOCHREALTIME status=0
    shift 2
    printf '%s\t\trunning\n' "$name" >"$file.row"
    "$@" >"$file.log" 2>&1 </dev/null || status=$?
    times >"$file.times"
    printf '%s\t%s\t%s\t%s\n' "$name" "$(seconds_since "$started")" "$([ $status -eq 0 ] && echo passed || echo "FAILED")" \
        "$(cpu_seconds "$file.times")" >"$file.row"
    return $status
}

stage() {
    local name=$1 file status=0
    shift
    next_stage_file
    file=$STAGE_FILE
    echo "==> $name"
    : >"$file.log"
    run_stage "$file" "$name" "$@" &
    local pid=$!
    # The output as it comes, while the stage writes it.
    tail -n +1 -s 0.2 -f --pid="$pid" "$file.log" 2>/dev/null &
    local tailing=$!
    wait "$pid" || status=$?
    wait "$tailing" 2>/dev/null || true
    echo "--- $name: $(cut -f 2,3 "$file.row" | tr '\t' ' ') (s)"
    [ $status -eq 0 ] || { echo "$(basename "$0"): stage \"$name\" failed" >&2; exit $status; }
}

stage_beside() {
    local name=$1 file
    shift
    next_stage_file
    file=$STAGE_FILE
    echo "==> $name (beside; its output in $file.log)"
    run_stage "$file" "$name" "$@" &
    STAGE_BESIDE+=("$!:$file")
}

stages_join() {
    local entry pid file failed=0
    for entry in "${STAGE_BESIDE[@]}"; do
        pid=${entry%%:*}
        file=${entry#*:}
        if wait "$pid"; then
            echo "--- $(cut -f 1 "$file.row"): $(cut -f 2,3 "$file.row" | tr '\t' ' ') (s)"
        else
            failed=1
            echo "--- $(cut -f 1 "$file.row") FAILED; its output:"
            cat "$file.log"
        fi
    done
    STAGE_BESIDE=()
    [ $failed -eq 0 ] || { echo "$(basename "$0"): a stage run beside the others failed" >&2; exit 1; }
}

stages_table() {
    local entry
    # Stages still running beside a failed one are waited for, so that their rows are whole and nothing outlives the run.
    for entry in "${STAGE_BESIDE[@]}"; do wait "${entry%%:*}" 2>/dev/null || true; done
    echo
    python3 "$ROOT/Tests/support/stages.py" "$STAGE_DIR" "$(seconds_since "$STAGES_STARTED")"
    rm -rf "$STAGE_DIR"
}
