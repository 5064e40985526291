import System.IO
import Control.Monad

-- Lines of Action: join all your checkers into one connected group (neighbours
-- touch by a side or a corner) before your opponent does. Each turn, answer one
-- of the legal moves you are given, or random.

main :: IO ()
main = do
    hSetBuffering stdout NoBuffering -- answers must not wait in a buffer
    color <- getLine -- your colour, b (black, moves first) or w (white); first turn only

    -- game loop
    forever $ do
        replicateM_ 8 $ do
            line <- getLine -- one board row, rank 8 first, files a to h: . empty, b black, w white
            return ()
        lastMove <- getLine -- the last move played (such as e2e3), pass, or null before any move
        input_line <- getLine
        let moveCount = read input_line :: Int -- how many legal moves follow
        replicateM_ moveCount $ do
            move <- getLine -- one legal move such as e2e3 (pass when you have no move)
            return ()

        -- Write an answer with putStrLn (stdout is unbuffered).
        -- To debug: hPutStrLn stderr "Debug messages..."
        -- Metrics for loa-arena --metrics, a line each on stderr: [PDATA][turn] depth = 7 (docs/metrics.md).

        -- A legal move such as e2e3 (a space and a short comment may follow), or random
        putStrLn "random"
        return ()
