#include <iostream>
#include <string>
#include <vector>
#include <algorithm>

using namespace std;

/**
 * Layouts the LOA and features stubs do not reach: no game loop, a long
 * loop amount, a bool alone on its line, a reserved word as a name, quotes,
 * a percent sign and a backslash in the answer.
 **/

int main()
{
    long long n;
    cin >> n; cin.ignore();
    for (int i = 0; i < n; i++) {
        bool v;
        cin >> v; cin.ignore();
    }
    for (int i = 0; i < n; i++) {
        double p;
        cin >> p;
    }
    cin.ignore();
    int k;
    string s;
    cin >> k >> ws;
    getline(cin, s);
    bool flag;
    cin >> flag; cin.ignore();
    string end;
    cin >> end; cin.ignore();

    // Write an answer with cout; endl flushes it.
    // To debug: cerr << "Debug messages..." << endl;
    // Metrics for loa-arena --metrics, a line each on stderr: [PDATA][turn] depth = 7 (docs/metrics.md).

    cout << n << " " << s << " " << end << " it's 100% \\ done " << flag << endl;
}
