-- Creates about LIMIT sessions, then stops: for the resident-memory-per-session figure. Each of wrk's T threads
-- stops after its share and drops a file MARKER.<something> so scripts/bench knows when to end wrk (wrk itself
-- would wait out its whole -d). Usage: wrk -t T -s fill.lua URL -- LIMIT T MARKER
package.path = debug.getinfo(1, "S").source:match("^@(.*/)") .. "?.lua;" .. package.path
local common = require("common")

local create
local share, answered, marker = 0, 0, nil

function init(args)
  -- Made here, when wrk has set the Host field (an HTTP/1.1 request without it is a 400).
  create = wrk.format("POST", "/sessions")
  share = math.ceil(tonumber(args[1]) / tonumber(args[2]))
  marker = args[3]
end

function request()
  return create
end

function response(status)
  answered = answered + 1
  if answered == share then
    if marker then
      local file = io.open(marker .. "." .. tostring({}):match("0x(%x+)"), "w")
      if file then file:write(answered, "\n"); file:close() end
    end
    wrk.thread:stop()
  end
end

done = common.report
