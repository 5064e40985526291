-- Layouts the LOA and features stubs do not reach: no game loop, a long
-- loop amount, a bool alone on its line, a reserved word as a name, quotes,
-- a percent sign and a backslash in the answer.

local n = tonumber(io.read())
for i = 0, n - 1 do
    local v = io.read() ~= "0"
end
local next_token = string.gmatch(io.read(), "[^%s]+")
for i = 0, n - 1 do
    local p = tonumber(next_token())
end
local k, s = io.read():match("^(%S+) (.*)$")
local k = tonumber(k)
local flag = io.read() ~= "0"
local end_ = io.read()

-- Write an answer with print(), then io.stdout:flush().
-- To debug: io.stderr:write("Debug message\n")
-- Metrics for loa-arena --metrics, a line each on stderr: [PDATA][turn] depth = 7 (docs/metrics.md).

print(n .. " " .. s .. " " .. end_ .. " it's 100% \\ done " .. tostring(flag))
io.stdout:flush()
