using System;
using System.Linq;
using System.IO;
using System.Text;
using System.Collections.Generic;
using System.Globalization;

/**
 * Layouts the LOA and features stubs do not reach: no game loop, a long
 * loop amount, a bool alone on its line, a reserved word as a name, quotes,
 * a percent sign and a backslash in the answer.
 **/
class Player
{
    static void Main(string[] args)
    {
        string[] inputs;
        long n = long.Parse(Console.ReadLine());
        for (int i = 0; i < n; i++)
        {
            bool v = Console.ReadLine() != "0";
        }
        inputs = Console.ReadLine().Split(' ');
        for (int i = 0; i < n; i++)
        {
            double p = double.Parse(inputs[i], CultureInfo.InvariantCulture);
        }
        inputs = Console.ReadLine().Split(' ', 2);
        int k = int.Parse(inputs[0]);
        string s = inputs[1];
        bool flag = Console.ReadLine() != "0";
        string end = Console.ReadLine();

        // Write an answer with Console.WriteLine() (it flushes).
        // To debug: Console.Error.WriteLine("Debug messages...");
        // Metrics for loa-arena --metrics, a line each on stderr: [PDATA][turn] depth = 7 (docs/metrics.md).

        Console.WriteLine(n + " " + s + " " + end + " it's 100% \\ done " + flag);
    }
}
