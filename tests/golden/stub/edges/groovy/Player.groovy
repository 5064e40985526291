input = new Scanner(System.in)

/**
 * Layouts the LOA and features stubs do not reach: no game loop, a long
 * loop amount, a bool alone on its line, a reserved word as a name, quotes,
 * a percent sign and a backslash in the answer.
 **/

n = input.nextLine().toLong()
for (i in 0..<(n as int)) {
    v = input.nextLine() != "0"
}
inputs = input.nextLine().split(" ")
for (i in 0..<(n as int)) {
    p = inputs[i].toDouble()
}
inputs = input.nextLine().split(" ", 2)
k = inputs[0].toInteger()
s = inputs[1]
flag = input.nextLine() != "0"
end = input.nextLine()

// Write an answer with println (it flushes).
// To debug: System.err << "Debug messages...\n"
// Metrics for loa-arena --metrics, a line each on stderr: [PDATA][turn] depth = 7 (docs/metrics.md).

println "${n} ${s} ${end} it's 100% \\ done ${flag}"
