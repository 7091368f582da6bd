-- One-shot answers: GET /evaluate of an expression of ten keys (12+34*5-6 is 1 2 + 3 4 * 5 - 6 =), its digits
-- drawn at random, nothing stored. Usage: wrk -s evaluate.lua URL -- IDS_FILE (the ids are not used).
package.path = debug.getinfo(1, "S").source:match("^@(.*/)") .. "?.lua;" .. package.path
local common = require("common")

function init(args)
  common.seed()
end

function request()
  local function digit() return tostring(math.random(1, 9)) end
  -- "+" is "%2B" in a query, where a bare "+" is a space.
  local expression = digit() .. digit() .. "%2B" .. digit() .. digit() .. "*" .. digit() .. "-" .. digit()
  return wrk.format("GET", "/evaluate?expr=" .. expression)
end

done = common.report
