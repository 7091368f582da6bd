-- Session creation: POST /sessions with no body. Usage: wrk -s create.lua URL
package.path = debug.getinfo(1, "S").source:match("^@(.*/)") .. "?.lua;" .. package.path
local common = require("common")

local create

-- Made in init, when wrk has set the Host field: at load time the request would go without it, and an HTTP/1.1
-- request without Host is a 400.
function init()
  create = wrk.format("POST", "/sessions")
end

function request()
  return create
end

done = common.report
