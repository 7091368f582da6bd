-- press.lua's mix in programmer mode, on sessions pre-created with {"mode":"programmer","radix":"hex"}: hex digits,
-- with "+", "=" and now and then "AC" at the same places, so the two compare key for key.
-- Usage: wrk -s press-programmer.lua URL -- IDS_FILE
package.path = debug.getinfo(1, "S").source:match("^@(.*/)") .. "?.lua;" .. package.path
local common = require("common")

init, request = common.presses({ "0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "A", "B", "C", "D", "E", "F" })
done = common.report
