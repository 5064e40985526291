package main

import (
	"bufio"
	"fmt"
	"os"
	"strings"
)

/**
 * A stub that uses every construct of the language,
 * so that the golden files pin each emitter's handling of it.
 **/

func main() {
	scanner := bufio.NewScanner(os.Stdin)
	scanner.Buffer(make([]byte, 1000000), 1000000)
	var inputs []string

	var width int // grid width
	var height int
	scanner.Scan()
	fmt.Sscan(scanner.Text(), &width, &height)
	var playerName string // your name (may hold spaces)
	scanner.Scan()
	playerName = scanner.Text()
	_ = playerName // to avoid unused error
	var seed int64
	var ratio float64
	var ready int // 1 when ready
	scanner.Scan()
	fmt.Sscan(scanner.Text(), &seed, &ratio, &ready)
	for i := 0; i < height; i++ {
		var row string // one grid row
		scanner.Scan()
		fmt.Sscan(scanner.Text(), &row)
	}
	var count int
	var label string
	var caption string
	scanner.Scan()
	inputs = strings.SplitN(scanner.Text(), " ", 3)
	fmt.Sscan(inputs[0], &count)
	fmt.Sscan(inputs[1], &label)
	caption = inputs[2]
	_ = caption // to avoid unused error
	scanner.Scan()
	inputs = strings.Split(scanner.Text(), " ")
	for i := 0; i < count; i++ {
		var x int // a column
		fmt.Sscan(inputs[2*i+0], &x)
		var y int
		fmt.Sscan(inputs[2*i+1], &y)
	}
	scanner.Scan()
	inputs = strings.Split(scanner.Text(), " ")
	for i := 0; i < width; i++ {
		var cell string
		fmt.Sscan(inputs[i], &cell)
	}

	// game loop
	for {
		var turns int // how many turns follow
		scanner.Scan()
		fmt.Sscan(scanner.Text(), &turns)
		for i := 0; i < turns; i++ {
			for j := 0; j < 2; j++ {
				var a int
				var b float64
				scanner.Scan()
				fmt.Sscan(scanner.Text(), &a, &b)
			}
		}
		for i := 0; i < 2; i++ {
			scanner.Scan()
			fmt.Sscan(scanner.Text(), &count)
		}
		for i := 0; i < 2; i++ {

			// Write an answer with fmt.Println() (os.Stdout is unbuffered).
			// To debug: fmt.Fprintln(os.Stderr, "Debug messages...")
			// Metrics for loa-arena --metrics, a line each on stderr: [PDATA][turn] depth = 7 (docs/metrics.md).

			// MOVE <turns> <label> <ratio> <ready>
			fmt.Println("hello \"world\" {1}")
		}
		fmt.Println("MOVE", turns, label, ratio, ready)
	}
}
