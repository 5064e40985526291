-- A stub that uses every construct of the language,
-- so that the golden files pin each emitter's handling of it.

local next_token = string.gmatch(io.read(), "[^%s]+")
local width = tonumber(next_token()) -- grid width
local height = tonumber(next_token())
local player_name = io.read() -- your name (may hold spaces)
local next_token = string.gmatch(io.read(), "[^%s]+")
local seed = tonumber(next_token())
local ratio = tonumber(next_token())
local ready = next_token() ~= "0" -- 1 when ready
for i = 0, height - 1 do
    local row = io.read() -- one grid row
end
local count, label, caption = io.read():match("^(%S+) (%S+) (.*)$")
local count = tonumber(count)
local next_token = string.gmatch(io.read(), "[^%s]+")
for i = 0, count - 1 do
    local x = tonumber(next_token()) -- a column
    local y = tonumber(next_token())
end
local next_token = string.gmatch(io.read(), "[^%s]+")
for i = 0, width - 1 do
    local cell = next_token()
end

-- game loop
while true do
    local turns = tonumber(io.read()) -- how many turns follow
    for i = 0, turns - 1 do
        for j = 0, 2 - 1 do
            local next_token = string.gmatch(io.read(), "[^%s]+")
            local a = tonumber(next_token())
            local b = tonumber(next_token())
        end
    end
    for i = 0, 2 - 1 do
        local count = tonumber(io.read())
    end
    for i = 0, 2 - 1 do

        -- Write an answer with print(), then io.stdout:flush().
        -- To debug: io.stderr:write("Debug message\n")
        -- Metrics for loa-arena --metrics, a line each on stderr: [PDATA][turn] depth = 7 (docs/metrics.md).

        -- MOVE <turns> <label> <ratio> <ready>
        print("hello \"world\" {1}")
    end
    print("MOVE " .. turns .. " " .. label .. " " .. ratio .. " " .. tostring(ready))
    io.stdout:flush()
end
