using System;
using System.Linq;
using System.IO;
using System.Text;
using System.Collections.Generic;
using System.Globalization;

/**
 * A stub that uses every construct of the language,
 * so that the golden files pin each emitter's handling of it.
 **/
class Player
{
    static void Main(string[] args)
    {
        string[] inputs;
        inputs = Console.ReadLine().Split(' ');
        int width = int.Parse(inputs[0]); // grid width
        int height = int.Parse(inputs[1]);
        string playerName = Console.ReadLine(); // your name (may hold spaces)
        inputs = Console.ReadLine().Split(' ');
        long seed = long.Parse(inputs[0]);
        double ratio = double.Parse(inputs[1], CultureInfo.InvariantCulture);
        bool ready = inputs[2] != "0"; // 1 when ready
        for (int i = 0; i < height; i++)
        {
            string row = Console.ReadLine(); // one grid row
        }
        inputs = Console.ReadLine().Split(' ', 3);
        int count = int.Parse(inputs[0]);
        string label = inputs[1];
        string caption = inputs[2];
        inputs = Console.ReadLine().Split(' ');
        for (int i = 0; i < count; i++)
        {
            int x = int.Parse(inputs[2 * i + 0]); // a column
            int y = int.Parse(inputs[2 * i + 1]);
        }
        inputs = Console.ReadLine().Split(' ');
        for (int i = 0; i < width; i++)
        {
            string cell = inputs[i];
        }

        // game loop
        while (true)
        {
            int turns = int.Parse(Console.ReadLine()); // how many turns follow
            for (int i = 0; i < turns; i++)
            {
                for (int j = 0; j < 2; j++)
                {
                    inputs = Console.ReadLine().Split(' ');
                    int a = int.Parse(inputs[0]);
                    double b = double.Parse(inputs[1], CultureInfo.InvariantCulture);
                }
            }
            for (int i = 0; i < 2; i++)
            {
                count = int.Parse(Console.ReadLine());
            }
            for (int i = 0; i < 2; i++)
            {

                // Write an answer with Console.WriteLine() (it flushes).
                // To debug: Console.Error.WriteLine("Debug messages...");
                // Metrics for loa-arena --metrics, a line each on stderr: [PDATA][turn] depth = 7 (docs/metrics.md).

                // MOVE <turns> <label> <ratio> <ready>
                Console.WriteLine("hello \"world\" {1}");
            }
            Console.WriteLine("MOVE " + turns + " " + label + " " + ratio + " " + ready);
        }
    }
}
