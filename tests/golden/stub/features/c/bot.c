#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*
 * A stub that uses every construct of the language,
 * so that the golden files pin each emitter's handling of it.
 */

int main(void)
{
    int width; // grid width
    int height;
    scanf("%d%d", &width, &height);
    char player_name[65]; // your name (may hold spaces)
    scanf(" %64[^\n]", player_name);
    long long seed;
    double ratio;
    int ready; // 1 when ready
    scanf("%lld%lf%d", &seed, &ratio, &ready);
    for (int i = 0; i < height; i++) {
        char row[33]; // one grid row
        scanf("%32s", row);
    }
    int count;
    char label[11];
    char caption[101];
    scanf("%d%10s %100[^\n]", &count, label, caption);
    for (int i = 0; i < count; i++) {
        int x; // a column
        int y;
        scanf("%d%d", &x, &y);
    }
    for (int i = 0; i < width; i++) {
        char cell[5];
        scanf("%4s", cell);
    }

    // game loop
    while (1) {
        int turns; // how many turns follow
        scanf("%d", &turns);
        for (int i = 0; i < turns; i++) {
            for (int j = 0; j < 2; j++) {
                int a;
                double b;
                scanf("%d%lf", &a, &b);
            }
        }
        for (int i = 0; i < 2; i++) {
            scanf("%d", &count);
        }
        for (int i = 0; i < 2; i++) {

            // Write an answer with printf(); keep the trailing \n and flush.
            // To debug: fprintf(stderr, "Debug messages...\n");
            // Metrics for loa-arena --metrics, a line each on stderr: [PDATA][turn] depth = 7 (docs/metrics.md).

            // MOVE <turns> <label> <ratio> <ready>
            printf("hello \"world\" {1}\n");
        }
        printf("MOVE %d %s %f %d\n", turns, label, ratio, ready);
        fflush(stdout);
    }

    return 0;
}
