/*
 * loa-referee-bench - the referee's own cost: plays N games between two bots
 * that answer the first listed move at once (loa-first) and prints the time
 * per ply, plies per second and the time per whole game (bots started and
 * ended included). Speed goals live here, never in unit tests.
 *
 *   loa-referee-bench [-n GAMES] [--bot CMD]
 */
#include <getopt.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "ref/referee.h"
#include "util/error.h"
#include "util/parse.h"

static int64_t now_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

/* <directory of this executable>/loa-first */
static int default_bot(char *buf, size_t size)
{
    ssize_t n = readlink("/proc/self/exe", buf, size - 16);
    if (n <= 0)
        return -1;
    buf[n] = '\0';
    char *slash = strrchr(buf, '/');
    if (!slash)
        return -1;
    strcpy(slash + 1, "loa-first");
    return 0;
}

int main(int argc, char **argv)
{
    static const struct option opts[] = {{"games", required_argument, NULL, 'n'},
                                         {"bot", required_argument, NULL, 'b'},
                                         {"help", no_argument, NULL, 'h'},
                                         {NULL, 0, NULL, 0}};
    int games = 20, c;
    char botbuf[PATH_MAX];
    const char *bot = NULL;
    while ((c = getopt_long(argc, argv, "n:b:h", opts, NULL)) != -1) {
        switch (c) {
        case 'n':
            if (util_parse_int(optarg, 1, 100000, &games) != UTIL_OK) {
                fprintf(stderr, "loa-referee-bench: -n '%s': expected 1..100000\n", optarg);
                return 2;
            }
            break;
        case 'b': bot = optarg; break;
        case 'h':
            puts("Usage: loa-referee-bench [-n GAMES (20)] [--bot CMD (loa-first beside me)]\n"
                 "Plays GAMES games of CMD against itself and prints the referee's time per\n"
                 "ply, plies per second and time per game.");
            return 0;
        default:
            fprintf(stderr, "loa-referee-bench: bad option (try --help)\n");
            return 2;
        }
    }
    if (!bot) {
        if (default_bot(botbuf, sizeof botbuf)) {
            fprintf(stderr, "loa-referee-bench: cannot locate loa-first; use --bot\n");
            return 2;
        }
        bot = botbuf;
    }
    if (ref_global_init() != REF_OK)
        return 1;

    ref_config cfg;
    ref_config_init(&cfg);
    cfg.players[0].command = bot;
    cfg.players[1].command = bot;
    int64_t total_us = 0, min_us = INT64_MAX, max_us = 0, plies = 0, answer_us = 0;
    for (int i = 0; i < games; i++) {
        cfg.seed = i;
        ref_game *g;
        int64_t t0 = now_us();
        int rc = ref_game_run(&cfg, &g);
        int64_t dt = now_us() - t0;
        if (rc != REF_OK) {
            fprintf(stderr, "loa-referee-bench: %s\n", ref_strerror(rc));
            return 1;
        }
        const ref_result *r = ref_game_result(g);
        if (ref_reason_is_fault(r->reason) || r->reason == REF_REASON_REFEREE_ERROR) {
            fprintf(stderr, "loa-referee-bench: game %d: %s: %s\n", i,
                    ref_reason_name(r->reason), r->detail);
            ref_game_free(g);
            return 1;
        }
        for (int k = 0; k < ref_game_ply_count(g); k++)
            answer_us += ref_game_ply(g, k)->time_us;
        plies += r->plies;
        total_us += dt;
        min_us = dt < min_us ? dt : min_us;
        max_us = dt > max_us ? dt : max_us;
        if (i == 0)
            printf("game: %s after %d plies\n", ref_reason_name(r->reason), r->plies);
        ref_game_free(g);
    }
    /* The fixed cost of a game (both bots started, then ended and reaped),
     * from games of 2 plies. */
    int64_t fixed_us = 0;
    cfg.max_plies = 2;
    for (int i = 0; i < games; i++) {
        ref_game *g;
        int64_t t0 = now_us();
        if (ref_game_run(&cfg, &g) != REF_OK)
            return 1;
        fixed_us += now_us() - t0;
        ref_game_free(g);
    }
    double per_ply = (double)total_us / (double)plies;
    printf("bot: %s\n", bot);
    printf("games: %d, plies: %" PRId64 "\n", games, plies);
    printf("per game: mean %.2f ms, min %.2f ms, max %.2f ms (bots started and ended included)\n",
           (double)total_us / games / 1000.0, (double)min_us / 1000.0, (double)max_us / 1000.0);
    printf("per ply: %.1f us all included, %.1f us bot turnaround (input written -> line "
           "read)\n",
           per_ply, (double)answer_us / (double)plies);
    printf("plies per second: %.0f\n", 1e6 / per_ply);
    printf("fixed cost per game (start and end two bots, 2-ply games): %.2f ms\n",
           (double)fixed_us / games / 1000.0);
    return 0;
}
