/*
 * tests/python_datagen_dump.c - a datagen file's records as the C library
 * reads them (datagen_file_open, datagen_file_read), one line each, for the
 * Python reader's test (python/tests/test_datagen.py compares loa.datagen's
 * every field of every record with these lines, and its refusals with this
 * reader's messages). The reference side of that test.
 *
 * Usage: python_datagen_dump FILE. Line: black white score move ply side
 * result depth flags game_plies game (decimal). A file refused: its one-line
 * message on stderr, exit 1.
 */
#include "datagen/file.h"

#include <inttypes.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    char err[1024];
    datagen_file *f = NULL;
    if (argc != 2)
        return fprintf(stderr, "usage: python_datagen_dump FILE\n"), 2;
    int rc = datagen_file_open(argv[1], DATAGEN_OPEN_READ, &f, err, sizeof err);
    int64_t n = rc ? 0 : datagen_file_count(f);
    for (int64_t i = 0; !rc && i < n; i++) {
        datagen_record r;
        if ((rc = datagen_file_read(f, i, 1, &r, err, sizeof err)) != 0)
            break;
        printf("%" PRIu64 " %" PRIu64 " %d %u %u %u %d %u %u %u %" PRIu32 "\n", r.black, r.white,
               r.score, r.move, r.ply, r.side, r.result, r.depth, r.flags, r.game_plies, r.game);
    }
    datagen_file_close(f);
    if (rc)
        return fprintf(stderr, "%s\n", err), 1;
    return 0;
}
