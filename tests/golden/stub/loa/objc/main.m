#import <Foundation/Foundation.h>

/*
 * Lines of Action: join all your checkers into one connected group (neighbours
 * touch by a side or a corner) before your opponent does. Each turn, answer one
 * of the legal moves you are given, or random.
 */

int main(int argc, const char *argv[])
{
    char color[2]; // your colour, b (black, moves first) or w (white); first turn only
    scanf("%1s", color);

    // game loop
    while (1) {
        for (int i = 0; i < 8; i++) {
            char line[9]; // one board row, rank 8 first, files a to h: . empty, b black, w white
            scanf("%8s", line);
        }
        char lastMove[5]; // the last move played (such as e2e3), pass, or null before any move
        scanf("%4s", lastMove);
        int moveCount; // how many legal moves follow
        scanf("%d", &moveCount);
        for (int i = 0; i < moveCount; i++) {
            char move[5]; // one legal move such as e2e3 (pass when you have no move)
            scanf("%4s", move);
        }

        // Write an answer with printf(); keep the trailing \n and flush.
        // To debug: fprintf(stderr, "Debug messages...\n");
        // Metrics for loa-arena --metrics, a line each on stderr: [PDATA][turn] depth = 7 (docs/metrics.md).

        // A legal move such as e2e3 (a space and a short comment may follow), or random
        printf("random\n");
        fflush(stdout);
    }

    return 0;
}
