#include <iostream>
#include <string>
#include <vector>
#include <algorithm>

using namespace std;

/**
 * A stub that uses every construct of the language,
 * so that the golden files pin each emitter's handling of it.
 **/

int main()
{
    int width; // grid width
    int height;
    cin >> width >> height; cin.ignore();
    string playerName; // your name (may hold spaces)
    getline(cin, playerName);
    long long seed;
    double ratio;
    bool ready; // 1 when ready
    cin >> seed >> ratio >> ready; cin.ignore();
    for (int i = 0; i < height; i++) {
        string row; // one grid row
        cin >> row; cin.ignore();
    }
    int count;
    string label;
    string caption;
    cin >> count >> label >> ws;
    getline(cin, caption);
    for (int i = 0; i < count; i++) {
        int x; // a column
        int y;
        cin >> x >> y;
    }
    cin.ignore();
    for (int i = 0; i < width; i++) {
        string cell;
        cin >> cell;
    }
    cin.ignore();

    // game loop
    while (1) {
        int turns; // how many turns follow
        cin >> turns; cin.ignore();
        for (int i = 0; i < turns; i++) {
            for (int j = 0; j < 2; j++) {
                int a;
                double b;
                cin >> a >> b; cin.ignore();
            }
        }
        for (int i = 0; i < 2; i++) {
            cin >> count; cin.ignore();
        }
        for (int i = 0; i < 2; i++) {

            // Write an answer with cout; endl flushes it.
            // To debug: cerr << "Debug messages..." << endl;
            // Metrics for loa-arena --metrics, a line each on stderr: [PDATA][turn] depth = 7 (docs/metrics.md).

            // MOVE <turns> <label> <ratio> <ready>
            cout << "hello \"world\" {1}" << endl;
        }
        cout << "MOVE " << turns << " " << label << " " << ratio << " " << ready << endl;
    }
}
