import java.util.*
import java.io.*
import kotlin.math.*

/**
 * A stub that uses every construct of the language,
 * so that the golden files pin each emitter's handling of it.
 **/
fun main(args: Array<String>) {
    var inputs: List<String>
    inputs = readLine()!!.split(" ")
    val width = inputs[0].toInt() // grid width
    val height = inputs[1].toInt()
    val playerName = readLine()!! // your name (may hold spaces)
    inputs = readLine()!!.split(" ")
    val seed = inputs[0].toLong()
    val ratio = inputs[1].toDouble()
    val ready = inputs[2] != "0" // 1 when ready
    for (i in 0 until height) {
        val row = readLine()!! // one grid row
    }
    inputs = readLine()!!.split(" ", limit = 3)
    var count = inputs[0].toInt()
    val label = inputs[1]
    val caption = inputs[2]
    inputs = readLine()!!.split(" ")
    for (i in 0 until count) {
        val x = inputs[2 * i + 0].toInt() // a column
        val y = inputs[2 * i + 1].toInt()
    }
    inputs = readLine()!!.split(" ")
    for (i in 0 until width) {
        val cell = inputs[i]
    }

    // game loop
    while (true) {
        val turns = readLine()!!.toInt() // how many turns follow
        for (i in 0 until turns) {
            for (j in 0 until 2) {
                inputs = readLine()!!.split(" ")
                val a = inputs[0].toInt()
                val b = inputs[1].toDouble()
            }
        }
        for (i in 0 until 2) {
            count = readLine()!!.toInt()
        }
        for (i in 0 until 2) {

            // Write an answer with println() (it flushes).
            // To debug: System.err.println("Debug messages...")
            // Metrics for loa-arena --metrics, a line each on stderr: [PDATA][turn] depth = 7 (docs/metrics.md).

            // MOVE <turns> <label> <ratio> <ready>
            println("hello \"world\" {1}")
        }
        println("MOVE $turns $label $ratio $ready")
    }
}
