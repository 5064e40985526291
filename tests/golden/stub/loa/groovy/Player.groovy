input = new Scanner(System.in)

/**
 * Lines of Action: join all your checkers into one connected group (neighbours
 * touch by a side or a corner) before your opponent does. Each turn, answer one
 * of the legal moves you are given, or random.
 **/

color = input.nextLine() // your colour, b (black, moves first) or w (white); first turn only

// game loop
while (true) {
    for (i in 0..<8) {
        line = input.nextLine() // one board row, rank 8 first, files a to h: . empty, b black, w white
    }
    lastMove = input.nextLine() // the last move played (such as e2e3), pass, or null before any move
    moveCount = input.nextLine().toInteger() // how many legal moves follow
    for (i in 0..<moveCount) {
        move = input.nextLine() // one legal move such as e2e3 (pass when you have no move)
    }

    // Write an answer with println (it flushes).
    // To debug: System.err << "Debug messages...\n"
    // Metrics for loa-arena --metrics, a line each on stderr: [PDATA][turn] depth = 7 (docs/metrics.md).

    // A legal move such as e2e3 (a space and a short comment may follow), or random
    println "random"
}
