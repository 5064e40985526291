#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*
 * Layouts the LOA and features stubs do not reach: no game loop, a long
 * loop amount, a bool alone on its line, a reserved word as a name, quotes,
 * a percent sign and a backslash in the answer.
 */

int main(void)
{
    long long n;
    scanf("%lld", &n);
    for (int i = 0; i < n; i++) {
        int v;
        scanf("%d", &v);
    }
    for (int i = 0; i < n; i++) {
        double p;
        scanf("%lf", &p);
    }
    int k;
    char s[21];
    scanf("%d %20[^\n]", &k, s);
    int flag;
    scanf("%d", &flag);
    char end[4];
    scanf("%3s", end);

    // Write an answer with printf(); keep the trailing \n and flush.
    // To debug: fprintf(stderr, "Debug messages...\n");
    // Metrics for loa-arena --metrics, a line each on stderr: [PDATA][turn] depth = 7 (docs/metrics.md).

    printf("%lld %s %s it's 100%% \\ done %d\n", n, s, end, flag);
    fflush(stdout);

    return 0;
}
