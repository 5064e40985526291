input = new Scanner(System.in)

/**
 * A stub that uses every construct of the language,
 * so that the golden files pin each emitter's handling of it.
 **/

inputs = input.nextLine().split(" ")
width = inputs[0].toInteger() // grid width
height = inputs[1].toInteger()
playerName = input.nextLine() // your name (may hold spaces)
inputs = input.nextLine().split(" ")
seed = inputs[0].toLong()
ratio = inputs[1].toDouble()
ready = inputs[2] != "0" // 1 when ready
for (i in 0..<height) {
    row = input.nextLine() // one grid row
}
inputs = input.nextLine().split(" ", 3)
count = inputs[0].toInteger()
label = inputs[1]
caption = inputs[2]
inputs = input.nextLine().split(" ")
for (i in 0..<count) {
    x = inputs[2 * i + 0].toInteger() // a column
    y = inputs[2 * i + 1].toInteger()
}
inputs = input.nextLine().split(" ")
for (i in 0..<width) {
    cell = inputs[i]
}

// game loop
while (true) {
    turns = input.nextLine().toInteger() // how many turns follow
    for (i in 0..<turns) {
        for (j in 0..<2) {
            inputs = input.nextLine().split(" ")
            a = inputs[0].toInteger()
            b = inputs[1].toDouble()
        }
    }
    for (i in 0..<2) {
        count = input.nextLine().toInteger()
    }
    for (i in 0..<2) {

        // Write an answer with println (it flushes).
        // To debug: System.err << "Debug messages...\n"
        // Metrics for loa-arena --metrics, a line each on stderr: [PDATA][turn] depth = 7 (docs/metrics.md).

        // MOVE <turns> <label> <ratio> <ready>
        println "hello \"world\" {1}"
    }
    println "MOVE ${turns} ${label} ${ratio} ${ready}"
}
