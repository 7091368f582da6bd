-- Creates about LIMIT sessions, then stops: for the resident-memory-per-session figure. Each of wrk's threads
-- stops after its share. Usage: wrk -t T -s fill.lua URL -- LIMIT T
package.path = debug.getinfo(1, "S").source:match("^@(.*/)") .. "?.lua;" .. package.path
local common = require("common")

local create = wrk.format("POST", "/sessions")
local share, answered = 0, 0

function init(args)
  share = math.ceil(tonumber(args[1]) / tonumber(args[2]))
end

function request()
  return create
end

function response(status)
  answered = answered + 1
  if answered >= share then wrk.thread:stop() end
end

done = common.report
