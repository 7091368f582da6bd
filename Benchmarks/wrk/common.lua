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

-- The press workloads' requests: mostly digits (one of `digits`, at random), with "+", "=" and now and then "AC" so
-- every display stays short, each on a random pre-created session. A line "ID TOKEN" (a server with session tokens)
-- sends the session's token as Authorization. Returns the workload's init and request.
function common.presses(digits)
  local ids
  local sent = 0
  local plain = { ["Content-Type"] = "application/json" }
  local headers = {}
  local function init(args)
    ids = common.load_ids(args[1])
    for index, line in ipairs(ids) do
      local id, token = line:match("^(%S+) (%S+)$")
      if id then
        ids[index] = id
        headers[id] = { ["Content-Type"] = "application/json", ["Authorization"] = "Bearer " .. token }
      end
    end
    common.seed()
  end
  local function request()
    sent = sent + 1
    local key
    if sent % 16 == 0 then
      key = "AC"
    elseif sent % 8 == 0 then
      key = "+"
    elseif sent % 8 == 4 then
      key = "="
    else
      key = digits[math.random(#digits)]
    end
    local id = ids[math.random(#ids)]
    return wrk.format("POST", "/sessions/" .. id .. "/press", headers[id] or plain, '{"key":"' .. key .. '"}')
  end
  return init, request
end

return common
