-- Shared by the workload scripts: loads the pre-created session ids and prints one machine-readable result line.
-- Each wrk thread runs its own copy of the script, so every thread loads the ids itself in init().
local common = {}

function common.load_ids(path)
  local ids = {}
  local file = assert(io.open(path, "r"), "cannot open session id list " .. tostring(path))
  for line in file:lines() do
    if #line > 0 then ids[#ids + 1] = line end
  end
  file:close()
  assert(#ids > 0, "no session ids in " .. path)
  return ids
end

-- A seed that differs per thread: wrk starts every thread's Lua state at the same moment.
function common.seed()
  local address = tonumber(tostring({}):match("0x(%x+)"), 16) or 0
  math.randomseed(os.time() + address % 1000003)
end

-- scripts/bench reads this line; microseconds throughout. "status" counts non-2xx/3xx responses.
function common.report(summary, latency)
  local e = summary.errors
  io.write(string.format(
    "RESULT requests=%d duration_us=%d p50_us=%d p99_us=%d max_us=%d status=%d connect=%d read=%d write=%d timeout=%d\n",
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99), latency.max,
    e.status, e.connect, e.read, e.write, e.timeout))
end

return common
