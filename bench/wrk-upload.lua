-- Sends one request with one body again and again (uploads):
--   wrk … -s bench/wrk-upload.lua URL -- METHOD FILE ['Name: value' …]
-- The body is the file's bytes, read once in init. Prints wrk-report.lua's WRKJSON line at the end.
local here = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
dofile(here .. "wrk-report.lua")

local formatted

init = function(args)
  local file = assert(io.open(args[2], "rb"))
  local body = file:read("*a")
  file:close()
  local headers = {}
  for index = 3, #args do
    local name, value = args[index]:match("^([^:]+):%s*(.*)$")
    headers[name] = value
  end
  formatted = wrk.format(args[1], nil, headers, body)
end

request = function()
  return formatted
end
