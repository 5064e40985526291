/*
 * loa-referee - plays one LOA game between two bot commands, exactly as the
 * CodinGame referee does, and prints the scores the way league tools
 * (cg-brutaltester, psyleague) read them:
 *
 *   loa-referee -p1 "<black cmd>" -p2 "<white cmd>" [-d "seed=<n>"] [-l <record.json>]
 *   -> score of p1, score of p2 (one per line: 1, 0 or -1), then `seed=<n>`.
 *
 * The command line: cli.c (ref_cli_parse, the usage text) and docs/referee.md.
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "ref/referee.h"
#include "replay/replay.h"
#include "util/sys.h"

static int64_t random_seed(void)
{
    int64_t s;
    if (getrandom(&s, sizeof s, 0) != (ssize_t)sizeof s) {
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        s = (int64_t)ts.tv_sec * 1000000007LL ^ ts.tv_nsec;
    }
    return s;
}

typedef struct view {
    int olympiad;
} view;

/* --verbose: the ply and the board after it, on stderr. */
static void show_ply(const ref_ply *p, const loa_board *b, void *user)
{
    const view *v = user;
    char m[LOA_MOVE_STRING_MAX], comment[REF_COMMENT_DISPLAY + 1];
    snprintf(comment, sizeof comment, "%s", p->comment ? p->comment : "");
    for (char *c = comment; *c; c++)
        if ((unsigned char)*c < 0x20 || *c == 0x7f)
            *c = '?';
    fprintf(stderr, "ply %d %s %s%s %" PRId64 " us%s%s%s\n", b->ply,
            p->player == 0 ? "black" : "white",
            v->olympiad ? loa_move_format_olympiad(p->move, m) : loa_move_format(p->move, m),
            p->random ? " (random)" : "", p->time_us, comment[0] ? " \"" : "", comment,
            comment[0] ? "\"" : "");
    for (int rank = 7; rank >= 0; rank--) {
        fprintf(stderr, "  %d ", rank + 1);
        for (int file = 0; file < 8; file++)
            fprintf(stderr, " %c", loa_board_square_char(b, LOA_SQUARE(file, rank)));
        fputc('\n', stderr);
    }
    fputs("     a b c d e f g h\n", stderr);
}

/* --html: the replay page, from the same record as -l (loa_replay). */
static int write_html(const ref_game *g, const char *path)
{
    char err[512] = "out of memory";
    cJSON *j = ref_game_to_json(g);
    int rc = j ? replay_write_record_html(j, path, path, err, sizeof err) : REPLAY_E_NOMEM;
    cJSON_Delete(j);
    if (rc != 0)
        fprintf(stderr, "loa-referee: replay page: %s\n", err);
    return rc;
}

/* Plays the game the command line describes; returns the exit status. */
static int run(ref_cli *cli)
{
    ref_config cfg = cli->cfg;
    const char *record = cli->record, *text_record = cli->text_record, *html = cli->html;
    int have_seed = cli->have_seed, verbose = cli->verbose, olympiad = cli->olympiad;
    if (!have_seed)
        cfg.seed = random_seed();

    if (ref_global_init() != REF_OK) {
        fputs("loa-referee: cannot ignore SIGPIPE\n", stderr);
        return EXIT_REFEREE;
    }
    /* SIGINT, SIGTERM, SIGHUP: a byte on the stop fd, in every poll set of
     * the game (ref_config.stop_fd): the game aborts at once */
    if ((cfg.stop_fd = util_stop_pipe()) < 0) {
        fputs("loa-referee: cannot create the stop pipe\n", stderr);
        return EXIT_REFEREE;
    }

    view v = {olympiad};
    if (verbose) {
        cfg.on_ply = show_ply;
        cfg.user = &v;
    }
    ref_game *g = NULL;
    int rc = ref_game_run(&cfg, &g);
    if (rc == REF_E_OPENING) {
        /* the parse checked the moves: only the length is left to refuse */
        fprintf(stderr,
                "loa-referee: --opening of %d plies: it must be shorter than the game "
                "(--max-plies %d) (try --help)\n",
                cfg.opening_plies, cfg.limits.max_plies);
        return EXIT_USAGE;
    }
    if (rc != REF_OK) {
        fprintf(stderr, "loa-referee: %s\n", ref_strerror(rc));
        return rc == REF_E_INVAL ? EXIT_USAGE : EXIT_REFEREE;
    }
    const ref_result *r = ref_game_result(g);
    int status = EXIT_PLAYED;
    if (r->reason == REF_REASON_REFEREE_ERROR) {
        fprintf(stderr, "loa-referee: %s\n", r->detail);
        status = EXIT_REFEREE;
    } else if (r->reason == REF_REASON_ABORTED) {
        fprintf(stderr, "loa-referee: interrupted\n");
        status = EXIT_ABORTED;
    } else {
        printf("%d\n%d\nseed=%" PRId64 "\n", r->scores[0], r->scores[1], cfg.seed);
        fflush(stdout);
        if (ref_cli_wants_summary(cli, isatty(STDERR_FILENO)))
            fprintf(stderr, "loa-referee: %s after %d %s (%s): %s\n",
                    r->winner == 0   ? "black wins"
                    : r->winner == 1 ? "white wins"
                                     : "draw",
                    r->plies, r->plies == 1 ? "ply" : "plies", ref_reason_name(r->reason),
                    r->detail);
    }
    if (record && (rc = ref_game_write_json(g, record)) != REF_OK) {
        fprintf(stderr, "loa-referee: cannot write the record %s: %s\n", record, ref_strerror(rc));
        status = status == EXIT_PLAYED ? EXIT_REFEREE : status;
    }
    if (text_record) {
        FILE *f = fopen(text_record, "we");
        rc = f ? ref_game_write_text(g, f, olympiad) : REF_E_IO;
        if (f && fclose(f) != 0)
            rc = REF_E_IO;
        if (rc != REF_OK) {
            fprintf(stderr, "loa-referee: cannot write the text record %s\n", text_record);
            status = status == EXIT_PLAYED ? EXIT_REFEREE : status;
        }
    }
    if (html && write_html(g, html) != 0)
        status = status == EXIT_PLAYED ? EXIT_REFEREE : status;
    ref_game_free(g);
    return status;
}

int main(int argc, char **argv)
{
    ref_cli cli;
    int status;
    if (!ref_cli_parse(argc, argv, &cli, &status))
        return status;
    return run(&cli);
}
