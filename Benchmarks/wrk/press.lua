-- Presses on random pre-created sessions: mostly digits, with "+", "=" and now and then "AC" so every display
-- stays short (common.presses). Usage: wrk -s press.lua URL -- IDS_FILE
package.path = debug.getinfo(1, "S").source:match("^@(.*/)") .. "?.lua;" .. package.path
local common = require("common")

init, request = common.presses({ "0", "1", "2", "3", "4", "5", "6", "7", "8", "9" })
done = common.report
