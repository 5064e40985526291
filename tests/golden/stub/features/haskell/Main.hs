import System.IO
import Control.Monad

-- A stub that uses every construct of the language,
-- so that the golden files pin each emitter's handling of it.

main :: IO ()
main = do
    hSetBuffering stdout NoBuffering -- answers must not wait in a buffer
    input_line <- getLine
    let input = words input_line
    let width = read (input!!0) :: Int -- grid width
    let height = read (input!!1) :: Int
    playerName <- getLine -- your name (may hold spaces)
    input_line <- getLine
    let input = words input_line
    let seed = read (input!!0) :: Int
    let ratio = read (input!!1) :: Double
    let ready = (input!!2) /= "0" -- 1 when ready
    replicateM_ height $ do
        row <- getLine -- one grid row
        return ()
    input_line <- getLine
    let input = words input_line
    let count = read (input!!0) :: Int
    let label = (input!!1)
    let caption = unwords (drop 2 input)
    input_line <- getLine
    let input = words input_line
    forM_ [0..(count-1)] $ \i -> do
        let x = read (input!!(2*i+0)) :: Int -- a column
        let y = read (input!!(2*i+1)) :: Int
        return ()
    input_line <- getLine
    let input = words input_line
    forM_ [0..(width-1)] $ \i -> do
        let cell = (input!!i)
        return ()

    -- game loop
    forever $ do
        input_line <- getLine
        let turns = read input_line :: Int -- how many turns follow
        replicateM_ turns $ do
            replicateM_ 2 $ do
                input_line <- getLine
                let input = words input_line
                let a = read (input!!0) :: Int
                let b = read (input!!1) :: Double
                return ()
            return ()
        replicateM_ 2 $ do
            input_line <- getLine
            let count = read input_line :: Int
            return ()
        replicateM_ 2 $ do

            -- Write an answer with putStrLn (stdout is unbuffered).
            -- To debug: hPutStrLn stderr "Debug messages..."
            -- Metrics for loa-arena --metrics, a line each on stderr: [PDATA][turn] depth = 7 (docs/metrics.md).

            -- MOVE <turns> <label> <ratio> <ready>
            putStrLn "hello \"world\" {1}"
            return ()
        putStrLn ("MOVE " ++ show turns ++ " " ++ label ++ " " ++ show ratio ++ " " ++ show ready)
        return ()
