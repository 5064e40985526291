package main

import (
	"bufio"
	"fmt"
	"os"
	"strings"
)

/**
 * Layouts the LOA and features stubs do not reach: no game loop, a long
 * loop amount, a bool alone on its line, a reserved word as a name, quotes,
 * a percent sign and a backslash in the answer.
 **/

func main() {
	scanner := bufio.NewScanner(os.Stdin)
	scanner.Buffer(make([]byte, 1000000), 1000000)
	var inputs []string

	var n int64
	scanner.Scan()
	fmt.Sscan(scanner.Text(), &n)
	for i := 0; i < int(n); i++ {
		var v int
		scanner.Scan()
		fmt.Sscan(scanner.Text(), &v)
	}
	scanner.Scan()
	inputs = strings.Split(scanner.Text(), " ")
	for i := 0; i < int(n); i++ {
		var p float64
		fmt.Sscan(inputs[i], &p)
	}
	var k int
	var s string
	scanner.Scan()
	inputs = strings.SplitN(scanner.Text(), " ", 2)
	fmt.Sscan(inputs[0], &k)
	s = inputs[1]
	_ = s // to avoid unused error
	var flag int
	scanner.Scan()
	fmt.Sscan(scanner.Text(), &flag)
	var end string
	scanner.Scan()
	fmt.Sscan(scanner.Text(), &end)

	// Write an answer with fmt.Println() (os.Stdout is unbuffered).
	// To debug: fmt.Fprintln(os.Stderr, "Debug messages...")
	// Metrics for loa-arena --metrics, a line each on stderr: [PDATA][turn] depth = 7 (docs/metrics.md).

	fmt.Println(n, s, end, "it's 100% \\ done", flag)
}
