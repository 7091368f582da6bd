-- press.lua's mix in programmer mode, on sessions pre-created with {"mode":"programmer","radix":"hex"}: hex digits,
-- with "+", "=" and now and then "AC" at the same places, so the two compare key for key.
-- Usage: wrk -s press-programmer.lua URL -- IDS_FILE
package.path = debug.getinfo(1, "S").source:match("^@(.*/)") .. "?.lua;" .. package.path
local common = require("common")

local ids
local sent = 0
local digits = { "0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "A", "B", "C", "D", "E", "F" }
local headers = { ["Content-Type"] = "application/json" }

function init(args)
  ids = common.load_ids(args[1])
  common.seed()
end

function request()
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
  return wrk.format("POST", "/sessions/" .. id .. "/press", headers, '{"key":"' .. key .. '"}')
end

done = common.report
