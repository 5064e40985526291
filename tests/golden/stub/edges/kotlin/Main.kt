import java.util.*
import java.io.*
import kotlin.math.*

/**
 * Layouts the LOA and features stubs do not reach: no game loop, a long
 * loop amount, a bool alone on its line, a reserved word as a name, quotes,
 * a percent sign and a backslash in the answer.
 **/
fun main(args: Array<String>) {
    var inputs: List<String>
    val n = readLine()!!.toLong()
    for (i in 0 until n.toInt()) {
        val v = readLine()!! != "0"
    }
    inputs = readLine()!!.split(" ")
    for (i in 0 until n.toInt()) {
        val p = inputs[i].toDouble()
    }
    inputs = readLine()!!.split(" ", limit = 2)
    val k = inputs[0].toInt()
    val s = inputs[1]
    val flag = readLine()!! != "0"
    val end = readLine()!!

    // Write an answer with println() (it flushes).
    // To debug: System.err.println("Debug messages...")
    // Metrics for loa-arena --metrics, a line each on stderr: [PDATA][turn] depth = 7 (docs/metrics.md).

    println("$n $s $end it's 100% \\ done $flag")
}
