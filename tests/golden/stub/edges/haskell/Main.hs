import System.IO
import Control.Monad

-- Layouts the LOA and features stubs do not reach: no game loop, a long
-- loop amount, a bool alone on its line, a reserved word as a name, quotes,
-- a percent sign and a backslash in the answer.

main :: IO ()
main = do
    hSetBuffering stdout NoBuffering -- answers must not wait in a buffer
    input_line <- getLine
    let n = read input_line :: Int
    replicateM_ n $ do
        input_line <- getLine
        let v = input_line /= "0"
        return ()
    input_line <- getLine
    let input = words input_line
    forM_ [0..(n-1)] $ \i -> do
        let p = read (input!!i) :: Double
        return ()
    input_line <- getLine
    let input = words input_line
    let k = read (input!!0) :: Int
    let s = unwords (drop 1 input)
    input_line <- getLine
    let flag = input_line /= "0"
    end <- getLine

    -- Write an answer with putStrLn (stdout is unbuffered).
    -- To debug: hPutStrLn stderr "Debug messages..."
    -- Metrics for loa-arena --metrics, a line each on stderr: [PDATA][turn] depth = 7 (docs/metrics.md).

    putStrLn (show n ++ " " ++ s ++ " " ++ end ++ " it's 100% \\ done " ++ show flag)
    return ()
