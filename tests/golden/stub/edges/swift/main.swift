import Foundation

/**
 * Layouts the LOA and features stubs do not reach: no game loop, a long
 * loop amount, a bool alone on its line, a reserved word as a name, quotes,
 * a percent sign and a backslash in the answer.
 **/

var inputs: [String] = []
let n = Int64(readLine()!)!
for _ in 0..<Int(n) {
    let v = readLine()! != "0"
}
inputs = readLine()!.split(separator: " ").map(String.init)
for i in 0..<Int(n) {
    let p = Double(inputs[i])!
}
inputs = readLine()!.split(separator: " ", maxSplits: 1).map(String.init)
let k = Int(inputs[0])!
let s = inputs[1]
let flag = readLine()! != "0"
let end = readLine()!

// Write an answer with print(), then fflush(stdout).
// To debug: FileHandle.standardError.write("Debug messages...\n".data(using: .utf8)!)
// Metrics for loa-arena --metrics, a line each on stderr: [PDATA][turn] depth = 7 (docs/metrics.md).

print("\(n) \(s) \(end) it's 100% \\ done \(flag)")
fflush(stdout)
