/*
 * loa-nn - the value network's C side as a tool (docs/sdk.md, loa/nn.h;
 * the worked example docs/nn.md):
 *
 *   loa-nn check WEIGHTS                        the shape and OK, or the reason
 *   loa-nn eval WEIGHTS DATAGEN_FILE [--limit N]  `zq score` per record, in order
 *   loa-nn bench WEIGHTS [--games N]            evals/s: loa-ab's hand evaluation,
 *                                               the network from scratch, incremental
 *
 * Where it sits: its bench measures loa-ab's own evaluation
 * (bots/ab/eval.c, a private header of the bots) on the same positions, so
 * it is a bots tool like loa-openings; and it reads datagen files with the
 * data generation's reader (datagen/file.h, public), so its Layers row
 * (bots/tools/nn in CONTRIBUTING.md) may call datagen too, and it is built
 * by datagen/CMakeLists.txt, where both exist. The comparison of
 * examples/nn/compare.py reads `eval`'s output.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "datagen/error.h"
#include "datagen/file.h"
#include "loa/nn.h"
#include "util/error.h"
#include "util/file.h"
#include "util/parse.h"

/* Largest weights file read, bytes: the largest network's with room to
 * say "too long" by the loader's words rather than the reader's. */
#define NN_READ_MAX (LOA_NN_FILE_SIZE(LOA_NN_HIDDEN_MAX) + 1024)
/* Records read from a datagen file at once. */
#define NN_EVAL_BATCH 4096

static void usage(FILE *out)
{
    fputs("Usage: loa-nn check WEIGHTS\n"
          "       loa-nn eval WEIGHTS DATAGEN_FILE [--limit N]\n"
          "       loa-nn bench WEIGHTS [--games N]\n"
          "The value network of loa/nn.h (docs/sdk.md, docs/nn.md).\n"
          "  check   load WEIGHTS: print its shape and OK, or the reason it is refused\n"
          "  eval    print `zq score` for each record of DATAGEN_FILE, in file order\n"
          "          (zq: the integer logit; score: points for the side to move)\n"
          "  bench   evaluations per second of loa-ab's hand evaluation, the network\n"
          "          from scratch and the network's accumulator along the moves,\n"
          "          over the positions of N random games (default 200, seed 1)\n"
          "  -n, --limit=N   eval: the first N records only\n"
          "  -g, --games=N   bench: random games played for the positions\n"
          "  -h, --help      show this help\n",
          out);
}

/* Loads path into *nn (static storage of the caller); 0, or 1 with the
 * reason said on stderr. */
static int load(const char *path, loa_nn *nn)
{
    char *bytes;
    size_t len;
    int rc = util_read_file(path, NN_READ_MAX, &bytes, &len);
    if (rc == UTIL_E_RANGE) {
        fprintf(stderr, "loa-nn: %s: larger than %zu bytes, no weights file is\n", path,
                (size_t)NN_READ_MAX);
        return 1;
    }
    if (rc) {
        fprintf(stderr, "loa-nn: %s: cannot read: %s\n", path, util_strerror(rc));
        return 1;
    }
    rc = loa_nn_load(nn, bytes, len);
    free(bytes);
    if (rc) {
        fprintf(stderr, "loa-nn: %s: %s\n", path, nn->error);
        return 1;
    }
    return 0;
}

static int eval_file(const loa_nn *nn, const char *path, long long limit)
{
    datagen_file *f;
    char err[512];
    if (datagen_file_open(path, DATAGEN_OPEN_READ, &f, err, sizeof err) != 0) {
        fprintf(stderr, "loa-nn: %s\n", err);
        return 1;
    }
    int64_t n = datagen_file_count(f);
    if (limit >= 0 && limit < n)
        n = limit;
    static datagen_record recs[NN_EVAL_BATCH];
    for (int64_t at = 0; at < n;) {
        int batch = n - at < NN_EVAL_BATCH ? (int)(n - at) : NN_EVAL_BATCH;
        if (datagen_file_read(f, at, batch, recs, err, sizeof err) != 0) {
            fprintf(stderr, "loa-nn: %s\n", err);
            datagen_file_close(f);
            return 1;
        }
        for (int i = 0; i < batch; i++) {
            loa_board b;
            datagen_record_board(&recs[i], &b);
            int32_t zq = loa_nn_zq(nn, &b);
            printf("%ld %d\n", (long)zq, loa_nn_score(nn, zq));
        }
        at += batch;
    }
    datagen_file_close(f);
    return fflush(stdout) == 0 ? 0 : 1;
}

int main(int argc, char **argv)
{
    static const struct option longs[] = {{"limit", required_argument, NULL, 'n'},
                                          {"games", required_argument, NULL, 'g'},
                                          {"help", no_argument, NULL, 'h'},
                                          {NULL, 0, NULL, 0}};
    int64_t limit = -1, games = NN_BENCH_GAMES;
    int ch;
    while ((ch = getopt_long(argc, argv, "n:g:h", longs, NULL)) != -1) {
        switch (ch) {
        case 'n':
            if (util_parse_i64(optarg, 0, INT64_MAX, &limit) != 0) {
                fprintf(stderr, "loa-nn: bad value '%s' for option --limit\n", optarg);
                return 2;
            }
            break;
        case 'g':
            if (util_parse_i64(optarg, 1, NN_BENCH_GAMES_MAX, &games) != 0) {
                fprintf(stderr, "loa-nn: bad value '%s' for option --games (1..%d)\n", optarg,
                        NN_BENCH_GAMES_MAX);
                return 2;
            }
            break;
        case 'h': usage(stdout); return 0;
        default: return 2;
        }
    }
    const char *cmd = optind < argc ? argv[optind] : "";
    int want = !strcmp(cmd, "eval") ? 3 : !strcmp(cmd, "check") || !strcmp(cmd, "bench") ? 2 : 0;
    if (!want || argc - optind != want) {
        fprintf(stderr, "loa-nn: %s (see --help)\n",
                !want ? "expected a command: check, eval or bench" : "wrong number of arguments");
        return 2;
    }
    static loa_nn nn;
    if (load(argv[optind + 1], &nn) != 0)
        return 1;
    if (!strcmp(cmd, "check")) {
        printf("%s: inputs %d hidden %d s1 %d s2 %d k %d: OK\n", argv[optind + 1], LOA_NN_INPUTS,
               nn.hidden, nn.s1, nn.s2, nn.k);
        return 0;
    }
    if (!strcmp(cmd, "eval"))
        return eval_file(&nn, argv[optind + 2], limit);
    return nn_bench(&nn, (int)games, stdout) == 0 ? 0 : 1;
}
