import std.stdio;
import std.string;
import std.conv;
import std.array;
import std.algorithm;
import std.range;
import std.math;

/**
 * Layouts the LOA and features stubs do not reach: no game loop, a long
 * loop amount, a bool alone on its line, a reserved word as a name, quotes,
 * a percent sign and a backslash in the answer.
 **/
void main()
{
    string[] inputs;
    long n = readln.chomp.to!long;
    for (int i = 0; i < n; i++)
    {
        bool v = readln.chomp != "0";
    }
    inputs = readln.chomp.split(" ");
    for (int i = 0; i < n; i++)
    {
        double p = inputs[i].to!double;
    }
    inputs = readln.chomp.split(" ");
    int k = inputs[0].to!int;
    string s = inputs[1 .. $].join(" ");
    bool flag = readln.chomp != "0";
    string end = readln.chomp;

    // Write an answer with writeln(); the stdout.flush() below sends it.
    // To debug: stderr.writeln("Debug messages...");
    // Metrics for loa-arena --metrics, a line each on stderr: [PDATA][turn] depth = 7 (docs/metrics.md).

    writeln(n, " ", s, " ", end, " it's 100% \\ done ", flag);
    stdout.flush();
}
