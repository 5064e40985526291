import Foundation

/**
 * Lines of Action: join all your checkers into one connected group (neighbours
 * touch by a side or a corner) before your opponent does. Each turn, answer one
 * of the legal moves you are given, or random.
 **/

let color = readLine()! // your colour, b (black, moves first) or w (white); first turn only

// game loop
while true {
    for _ in 0..<8 {
        let line = readLine()! // one board row, rank 8 first, files a to h: . empty, b black, w white
    }
    let lastMove = readLine()! // the last move played (such as e2e3), pass, or null before any move
    let moveCount = Int(readLine()!)! // how many legal moves follow
    for _ in 0..<moveCount {
        let move = readLine()! // one legal move such as e2e3 (pass when you have no move)
    }

    // Write an answer with print(), then fflush(stdout).
    // To debug: FileHandle.standardError.write("Debug messages...\n".data(using: .utf8)!)
    // Metrics for loa-arena --metrics, a line each on stderr: [PDATA][turn] depth = 7 (docs/metrics.md).

    // A legal move such as e2e3 (a space and a short comment may follow), or random
    print("random")
    fflush(stdout)
}
