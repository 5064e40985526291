using System;
using System.Linq;
using System.IO;
using System.Text;
using System.Collections.Generic;
using System.Globalization;

/**
 * Lines of Action: join all your checkers into one connected group (neighbours
 * touch by a side or a corner) before your opponent does. Each turn, answer one
 * of the legal moves you are given, or random.
 **/
class Player
{
    static void Main(string[] args)
    {
        string color = Console.ReadLine(); // your colour, b (black, moves first) or w (white); first turn only

        // game loop
        while (true)
        {
            for (int i = 0; i < 8; i++)
            {
                string line = Console.ReadLine(); // one board row, rank 8 first, files a to h: . empty, b black, w white
            }
            string lastMove = Console.ReadLine(); // the last move played (such as e2e3), pass, or null before any move
            int moveCount = int.Parse(Console.ReadLine()); // how many legal moves follow
            for (int i = 0; i < moveCount; i++)
            {
                string move = Console.ReadLine(); // one legal move such as e2e3 (pass when you have no move)
            }

            // Write an answer with Console.WriteLine() (it flushes).
            // To debug: Console.Error.WriteLine("Debug messages...");
            // Metrics for loa-arena --metrics, a line each on stderr: [PDATA][turn] depth = 7 (docs/metrics.md).

            // A legal move such as e2e3 (a space and a short comment may follow), or random
            Console.WriteLine("random");
        }
    }
}
