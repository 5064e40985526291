package main

import (
	"bufio"
	"fmt"
	"os"
)

/**
 * Lines of Action: join all your checkers into one connected group (neighbours
 * touch by a side or a corner) before your opponent does. Each turn, answer one
 * of the legal moves you are given, or random.
 **/

func main() {
	scanner := bufio.NewScanner(os.Stdin)
	scanner.Buffer(make([]byte, 1000000), 1000000)

	var color string // your colour, b (black, moves first) or w (white); first turn only
	scanner.Scan()
	fmt.Sscan(scanner.Text(), &color)

	// game loop
	for {
		for i := 0; i < 8; i++ {
			var line string // one board row, rank 8 first, files a to h: . empty, b black, w white
			scanner.Scan()
			fmt.Sscan(scanner.Text(), &line)
		}
		var lastMove string // the last move played (such as e2e3), pass, or null before any move
		scanner.Scan()
		fmt.Sscan(scanner.Text(), &lastMove)
		var moveCount int // how many legal moves follow
		scanner.Scan()
		fmt.Sscan(scanner.Text(), &moveCount)
		for i := 0; i < moveCount; i++ {
			var move string // one legal move such as e2e3 (pass when you have no move)
			scanner.Scan()
			fmt.Sscan(scanner.Text(), &move)
		}

		// Write an answer with fmt.Println() (os.Stdout is unbuffered).
		// To debug: fmt.Fprintln(os.Stderr, "Debug messages...")
		// Metrics for loa-arena --metrics, a line each on stderr: [PDATA][turn] depth = 7 (docs/metrics.md).

		// A legal move such as e2e3 (a space and a short comment may follow), or random
		fmt.Println("random")
	}
}
