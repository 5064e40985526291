#include <iostream>
#include <string>
#include <vector>
#include <algorithm>

using namespace std;

/**
 * Lines of Action: join all your checkers into one connected group (neighbours
 * touch by a side or a corner) before your opponent does. Each turn, answer one
 * of the legal moves you are given, or random.
 **/

int main()
{
    string color; // your colour, b (black, moves first) or w (white); first turn only
    cin >> color; cin.ignore();

    // game loop
    while (1) {
        for (int i = 0; i < 8; i++) {
            string line; // one board row, rank 8 first, files a to h: . empty, b black, w white
            cin >> line; cin.ignore();
        }
        string lastMove; // the last move played (such as e2e3), pass, or null before any move
        cin >> lastMove; cin.ignore();
        int moveCount; // how many legal moves follow
        cin >> moveCount; cin.ignore();
        for (int i = 0; i < moveCount; i++) {
            string move; // one legal move such as e2e3 (pass when you have no move)
            cin >> move; cin.ignore();
        }

        // Write an answer with cout; endl flushes it.
        // To debug: cerr << "Debug messages..." << endl;
        // Metrics for loa-arena --metrics, a line each on stderr: [PDATA][turn] depth = 7 (docs/metrics.md).

        // A legal move such as e2e3 (a space and a short comment may follow), or random
        cout << "random" << endl;
    }
}
