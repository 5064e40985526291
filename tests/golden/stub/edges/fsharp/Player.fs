open System

// Layouts the LOA and features stubs do not reach: no game loop, a long
// loop amount, a bool alone on its line, a reserved word as a name, quotes,
// a percent sign and a backslash in the answer.

[<EntryPoint>]
let main argv =
    let n = int64(Console.In.ReadLine())
    for i in 0 .. int(n) - 1 do
        let v = Console.In.ReadLine() <> "0"
        ()
    let inputs = Console.In.ReadLine().Split([|' '|])
    for i in 0 .. int(n) - 1 do
        let p = float(inputs.[i])
        ()
    let inputs = Console.In.ReadLine().Split([|' '|], 2)
    let k = int(inputs.[0])
    let s = inputs.[1]
    let flag = Console.In.ReadLine() <> "0"
    let end_ = Console.In.ReadLine()

    // Write an answer with printfn (it flushes).
    // To debug: eprintfn "Debug messages..."
    // Metrics for loa-arena --metrics, a line each on stderr: [PDATA][turn] depth = 7 (docs/metrics.md).

    printfn "%d %s %s it's 100%% \\ done %b" n s end_ flag
    0
