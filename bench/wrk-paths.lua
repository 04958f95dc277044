-- Requests a list of paths in turn, one path per line of the file named after `--`, on the URL's host:
--   wrk … -s bench/wrk-paths.lua http://127.0.0.1:PORT/ -- FILE
-- Each connection's requests go through the list in order (the list is shared by the thread's connections); the
-- requests are formatted once, in init. Prints wrk-report.lua's WRKJSON line at the end.
local here = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
dofile(here .. "wrk-report.lua")

local requests, count, next_index = {}, 0, 0

init = function(args)
  for line in io.lines(args[1]) do
    if line ~= "" then
      count = count + 1
      requests[count] = wrk.format("GET", line)
    end
  end
  assert(count > 0, "no paths in " .. tostring(args[1]))
end

request = function()
  next_index = next_index % count + 1
  return requests[next_index]
end
