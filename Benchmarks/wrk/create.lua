-- Session creation: POST /sessions with no body. Usage: wrk -s create.lua URL
package.path = debug.getinfo(1, "S").source:match("^@(.*/)") .. "?.lua;" .. package.path
local common = require("common")

local create = wrk.format("POST", "/sessions")

function request()
  return create
end

done = common.report
