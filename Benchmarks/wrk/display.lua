-- Display reads of random pre-created sessions. Usage: wrk -s display.lua URL -- IDS_FILE
package.path = debug.getinfo(1, "S").source:match("^@(.*/)") .. "?.lua;" .. package.path
local common = require("common")

local ids

function init(args)
  ids = common.load_ids(args[1])
  common.seed()
end

function request()
  return wrk.format("GET", "/sessions/" .. ids[math.random(#ids)] .. "/display")
end

done = common.report
