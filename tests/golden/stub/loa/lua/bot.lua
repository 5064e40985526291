-- Lines of Action: join all your checkers into one connected group (neighbours
-- touch by a side or a corner) before your opponent does. Each turn, answer one
-- of the legal moves you are given, or random.

local color = io.read() -- your colour, b (black, moves first) or w (white); first turn only

-- game loop
while true do
    for i = 0, 8 - 1 do
        local line = io.read() -- one board row, rank 8 first, files a to h: . empty, b black, w white
    end
    local last_move = io.read() -- the last move played (such as e2e3), pass, or null before any move
    local move_count = tonumber(io.read()) -- how many legal moves follow
    for i = 0, move_count - 1 do
        local move = io.read() -- one legal move such as e2e3 (pass when you have no move)
    end

    -- Write an answer with print(), then io.stdout:flush().
    -- To debug: io.stderr:write("Debug message\n")
    -- Metrics for loa-arena --metrics, a line each on stderr: [PDATA][turn] depth = 7 (docs/metrics.md).

    -- A legal move such as e2e3 (a space and a short comment may follow), or random
    print("random")
    io.stdout:flush()
end
