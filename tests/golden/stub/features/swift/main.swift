import Foundation

/**
 * A stub that uses every construct of the language,
 * so that the golden files pin each emitter's handling of it.
 **/

var inputs: [String] = []
inputs = readLine()!.split(separator: " ", maxSplits: 1).map(String.init)
let width = Int(inputs[0])! // grid width
let height = Int(inputs[1])!
let playerName = readLine()! // your name (may hold spaces)
inputs = readLine()!.split(separator: " ", maxSplits: 2).map(String.init)
let seed = Int64(inputs[0])!
let ratio = Double(inputs[1])!
let ready = inputs[2] != "0" // 1 when ready
for _ in 0..<height {
    let row = readLine()! // one grid row
}
inputs = readLine()!.split(separator: " ", maxSplits: 2).map(String.init)
var count = Int(inputs[0])!
let label = inputs[1]
let caption = inputs[2]
inputs = readLine()!.split(separator: " ").map(String.init)
for i in 0..<count {
    let x = Int(inputs[2 * i + 0])! // a column
    let y = Int(inputs[2 * i + 1])!
}
inputs = readLine()!.split(separator: " ").map(String.init)
for i in 0..<width {
    let cell = inputs[i]
}

// game loop
while true {
    let turns = Int(readLine()!)! // how many turns follow
    for _ in 0..<turns {
        for _ in 0..<2 {
            inputs = readLine()!.split(separator: " ", maxSplits: 1).map(String.init)
            let a = Int(inputs[0])!
            let b = Double(inputs[1])!
        }
    }
    for _ in 0..<2 {
        count = Int(readLine()!)!
    }
    for _ in 0..<2 {

        // Write an answer with print(), then fflush(stdout).
        // To debug: FileHandle.standardError.write("Debug messages...\n".data(using: .utf8)!)
        // Metrics for loa-arena --metrics, a line each on stderr: [PDATA][turn] depth = 7 (docs/metrics.md).

        // MOVE <turns> <label> <ratio> <ready>
        print("hello \"world\" {1}")
    }
    print("MOVE \(turns) \(label) \(ratio) \(ready)")
    fflush(stdout)
}
