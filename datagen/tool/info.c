/*
 * info.c - loa-datagen --info (info.h): the figures a trainer checks first
 * (how many positions and games, the results, the flags) without Python.
 */
#include "info.h"

#include <stdio.h>
#include <stdlib.h>

#include "cli.h"

typedef struct tally {
    int64_t records, games, results[3], flags[6], plies;
    uint32_t first, last, prev;
} tally;

static void count(tally *t, const datagen_record *r)
{
    if (t->records == 0 || r->game != t->prev)
        t->games++;
    if (t->records == 0 || r->game < t->first)
        t->first = r->game;
    if (r->game > t->last)
        t->last = r->game;
    t->prev = r->game;
    t->records++;
    t->results[r->result + 1]++;
    for (int b = 0; b < 6; b++)
        t->flags[b] += (r->flags >> b) & 1;
    t->plies += r->ply;
}

static double pct(int64_t a, int64_t b)
{
    return b ? 100.0 * (double)a / (double)b : 0;
}

static int info_one(const char *path)
{
    char err[1024];
    datagen_file *f;
    int rc = datagen_file_open(path, DATAGEN_OPEN_READ, &f, err, sizeof err);
    enum { CHUNK = 4096 };
    datagen_record *buf = rc ? NULL : malloc(CHUNK * sizeof *buf);
    tally t = {0};
    int64_t n = rc ? 0 : datagen_file_count(f);
    for (int64_t at = 0; !rc && at < n; at += CHUNK) {
        int k = (int)(n - at < CHUNK ? n - at : CHUNK);
        if (!buf || (rc = datagen_file_read(f, at, k, buf, err, sizeof err)) != 0)
            break;
        for (int i = 0; i < k; i++)
            count(&t, &buf[i]);
    }
    if (rc || !buf) {
        fprintf(stderr, "loa-datagen: %s\n", rc ? err : "out of memory");
        datagen_file_close(f);
        free(buf);
        return EXIT_FAILED;
    }
    printf("%s: version %u, %lld positions of %u bytes, %lld games (numbers %u..%u), mean ply "
           "%.1f\n",
           path, DATAGEN_VERSION, (long long)t.records, DATAGEN_RECORD_SIZE, (long long)t.games,
           t.first, t.last, t.records ? (double)t.plies / (double)t.records : 0);
    printf("  settings %s\n", datagen_file_settings(f));
    printf("  result for the side to move: won %.1f%%, drawn %.1f%%, lost %.1f%%\n",
           pct(t.results[2], t.records), pct(t.results[1], t.records),
           pct(t.results[0], t.records));
    printf("  flags: proven %.1f%%, lower bound %.1f%%, capture %.1f%%, can connect %.1f%%, "
           "threat %.1f%%\n",
           pct(t.flags[0], t.records), pct(t.flags[1], t.records), pct(t.flags[2], t.records),
           pct(t.flags[3], t.records), pct(t.flags[4], t.records));
    datagen_file_close(f);
    free(buf);
    return EXIT_DONE;
}

int datagen_tool_info(int n, char **files)
{
    int status = EXIT_DONE;
    for (int i = 0; i < n; i++)
        if (info_one(files[i]) != EXIT_DONE)
            status = EXIT_FAILED;
    return status;
}
