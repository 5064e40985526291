import std.stdio;
import std.string;
import std.conv;
import std.array;
import std.algorithm;
import std.range;
import std.math;

/**
 * A stub that uses every construct of the language,
 * so that the golden files pin each emitter's handling of it.
 **/
void main()
{
    string[] inputs;
    inputs = readln.chomp.split(" ");
    int width = inputs[0].to!int; // grid width
    int height = inputs[1].to!int;
    string playerName = readln.chomp; // your name (may hold spaces)
    inputs = readln.chomp.split(" ");
    long seed = inputs[0].to!long;
    double ratio = inputs[1].to!double;
    bool ready = inputs[2] != "0"; // 1 when ready
    for (int i = 0; i < height; i++)
    {
        string row = readln.chomp; // one grid row
    }
    inputs = readln.chomp.split(" ");
    int count = inputs[0].to!int;
    string label = inputs[1];
    string caption = inputs[2 .. $].join(" ");
    inputs = readln.chomp.split(" ");
    for (int i = 0; i < count; i++)
    {
        int x = inputs[2 * i + 0].to!int; // a column
        int y = inputs[2 * i + 1].to!int;
    }
    inputs = readln.chomp.split(" ");
    for (int i = 0; i < width; i++)
    {
        string cell = inputs[i];
    }

    // game loop
    while (true)
    {
        int turns = readln.chomp.to!int; // how many turns follow
        for (int i = 0; i < turns; i++)
        {
            for (int j = 0; j < 2; j++)
            {
                inputs = readln.chomp.split(" ");
                int a = inputs[0].to!int;
                double b = inputs[1].to!double;
            }
        }
        for (int i = 0; i < 2; i++)
        {
            count = readln.chomp.to!int;
        }
        for (int i = 0; i < 2; i++)
        {

            // Write an answer with writeln(); the stdout.flush() below sends it.
            // To debug: stderr.writeln("Debug messages...");
            // Metrics for loa-arena --metrics, a line each on stderr: [PDATA][turn] depth = 7 (docs/metrics.md).

            // MOVE <turns> <label> <ratio> <ready>
            writeln("hello \"world\" {1}");
        }
        writeln("MOVE ", turns, " ", label, " ", ratio, " ", ready);
        stdout.flush();
    }
}
