open System

// Lines of Action: join all your checkers into one connected group (neighbours
// touch by a side or a corner) before your opponent does. Each turn, answer one
// of the legal moves you are given, or random.

[<EntryPoint>]
let main argv =
    let color = Console.In.ReadLine() // your colour, b (black, moves first) or w (white); first turn only

    // game loop
    while true do
        for i in 0 .. 8 - 1 do
            let line = Console.In.ReadLine() // one board row, rank 8 first, files a to h: . empty, b black, w white
            ()
        let lastMove = Console.In.ReadLine() // the last move played (such as e2e3), pass, or null before any move
        let moveCount = int(Console.In.ReadLine()) // how many legal moves follow
        for i in 0 .. moveCount - 1 do
            let move = Console.In.ReadLine() // one legal move such as e2e3 (pass when you have no move)
            ()

        // Write an answer with printfn (it flushes).
        // To debug: eprintfn "Debug messages..."
        // Metrics for loa-arena --metrics, a line each on stderr: [PDATA][turn] depth = 7 (docs/metrics.md).

        // A legal move such as e2e3 (a space and a short comment may follow), or random
        printfn "random"
    0
