open System

// A stub that uses every construct of the language,
// so that the golden files pin each emitter's handling of it.

[<EntryPoint>]
let main argv =
    let inputs = Console.In.ReadLine().Split([|' '|])
    let width = int(inputs.[0]) // grid width
    let height = int(inputs.[1])
    let playerName = Console.In.ReadLine() // your name (may hold spaces)
    let inputs = Console.In.ReadLine().Split([|' '|])
    let seed = int64(inputs.[0])
    let ratio = float(inputs.[1])
    let ready = inputs.[2] <> "0" // 1 when ready
    for i in 0 .. height - 1 do
        let row = Console.In.ReadLine() // one grid row
        ()
    let inputs = Console.In.ReadLine().Split([|' '|], 3)
    let count = int(inputs.[0])
    let label = inputs.[1]
    let caption = inputs.[2]
    let inputs = Console.In.ReadLine().Split([|' '|])
    for i in 0 .. count - 1 do
        let x = int(inputs.[2 * i + 0]) // a column
        let y = int(inputs.[2 * i + 1])
        ()
    let inputs = Console.In.ReadLine().Split([|' '|])
    for i in 0 .. width - 1 do
        let cell = inputs.[i]
        ()

    // game loop
    while true do
        let turns = int(Console.In.ReadLine()) // how many turns follow
        for i in 0 .. turns - 1 do
            for j in 0 .. 2 - 1 do
                let inputs = Console.In.ReadLine().Split([|' '|])
                let a = int(inputs.[0])
                let b = float(inputs.[1])
                ()
        for i in 0 .. 2 - 1 do
            let count = int(Console.In.ReadLine())
            ()
        for i in 0 .. 2 - 1 do

            // Write an answer with printfn (it flushes).
            // To debug: eprintfn "Debug messages..."
            // Metrics for loa-arena --metrics, a line each on stderr: [PDATA][turn] depth = 7 (docs/metrics.md).

            // MOVE <turns> <label> <ratio> <ready>
            printfn "hello \"world\" {1}"
        printfn "MOVE %d %s %g %b" turns label ratio ready
    0
