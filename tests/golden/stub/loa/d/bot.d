import std.stdio;
import std.string;
import std.conv;
import std.array;
import std.algorithm;
import std.range;
import std.math;

/**
 * Lines of Action: join all your checkers into one connected group (neighbours
 * touch by a side or a corner) before your opponent does. Each turn, answer one
 * of the legal moves you are given, or random.
 **/
void main()
{
    string color = readln.chomp; // your colour, b (black, moves first) or w (white); first turn only

    // game loop
    while (true)
    {
        for (int i = 0; i < 8; i++)
        {
            string line = readln.chomp; // one board row, rank 8 first, files a to h: . empty, b black, w white
        }
        string lastMove = readln.chomp; // the last move played (such as e2e3), pass, or null before any move
        int moveCount = readln.chomp.to!int; // how many legal moves follow
        for (int i = 0; i < moveCount; i++)
        {
            string move = readln.chomp; // one legal move such as e2e3 (pass when you have no move)
        }

        // Write an answer with writeln(); the stdout.flush() below sends it.
        // To debug: stderr.writeln("Debug messages...");
        // Metrics for loa-arena --metrics, a line each on stderr: [PDATA][turn] depth = 7 (docs/metrics.md).

        // A legal move such as e2e3 (a space and a short comment may follow), or random
        writeln("random");
        stdout.flush();
    }
}
