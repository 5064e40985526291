/*
 * loa-analyse-fit - fits the scale of loa-analyse (ANALYSIS_SCALE,
 * analysis.h): the winning chance of a position scored S by loa-ab for its
 * side to move is 1 / (1 + exp(-S / K)); K is fitted by maximum likelihood
 * (logistic regression through the origin, Newton's method) on the games
 * given, each turn of loa-ab a data point: the score its answer's comment
 * gives ("d<depth> <score>", docs/bots.md) against the game's result for
 * the mover (1 won, 0 lost, 1/2 drawn). Proven scores (|S| > 29000) and the
 * opening's plies are left out.
 *
 *   loa-analyse-fit [--bot NAME] [--bootstrap N] GAME|DIR...
 *
 * It prints the data's size, K with a 95% interval from a bootstrap over
 * games (positions of one game are not independent), the fit with a
 * side-to-move term (whether moving first is worth something), the
 * calibration by bins of predicted chance, the log-loss and Brier score
 * (on all the games, and fitted on even-numbered games, measured on the
 * odd ones) against a coin's. docs/analysis.md has its figures.
 */
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/analysis.h"
#include "util/parse.h"

/* |score| above this is a proven win or loss (loa-ab: 30000 - plies). */
#define FIT_PROVEN 29000
/* Default and largest bootstrap resamples. */
#define FIT_BOOTSTRAP 200
#define FIT_BOOTSTRAP_MAX 100000
/* Newton iterations (the log-likelihood is concave: a few suffice). */
#define FIT_ITERATIONS 50
/* Calibration bins of predicted chance. */
#define FIT_BINS 10

typedef struct point {
    double score, y; /* the mover's score, its result (1, 0.5, 0) */
    int game;        /* index of its game */
    int first;       /* 1: black moved (black moves first) */
} point;

typedef struct data {
    point *p;
    size_t n, cap;
    int games;
    const char *bot;
    long long turns, proven, no_comment;
} data;

/* The score of a comment "d<depth> <score>" or "d<depth> >=<score>". */
static int comment_score(const char *c, int *score)
{
    if (c[0] != 'd')
        return -1;
    const char *s = strchr(c, ' ');
    if (!s)
        return -1;
    s++;
    if (s[0] == '>' && s[1] == '=')
        s += 2;
    char buf[16];
    size_t n = strcspn(s, " ");
    if (n == 0 || n >= sizeof buf)
        return -1;
    memcpy(buf, s, n);
    buf[n] = '\0';
    return util_parse_int(buf, -100000, 100000, score);
}

static int collect(const analysis_input_game *in, void *user)
{
    data *d = user;
    const replay_info *info = replay_game_info(in->game);
    if (!info->winner && strcmp(info->reason, "ply_limit") != 0)
        return 0; /* no result */
    int winner = !info->winner ? -1 : strcmp(info->winner, "white") == 0;
    for (int n = 1; n <= info->plies; n++) {
        const replay_ply *p = replay_game_ply(in->game, n);
        int score;
        if (!p->has_turn || p->opening || (d->bot && strcmp(info->names[p->player], d->bot) != 0))
            continue;
        d->turns++;
        if (comment_score(p->turn.comment, &score) != 0) {
            d->no_comment++;
            continue;
        }
        if (abs(score) > FIT_PROVEN) {
            d->proven++;
            continue;
        }
        if (d->n == d->cap) {
            size_t cap = d->cap ? d->cap * 2 : 4096;
            point *q = realloc(d->p, cap * sizeof *q);
            if (!q)
                return ANALYSIS_E_NOMEM;
            d->p = q;
            d->cap = cap;
        }
        d->p[d->n++] =
            (point){score, winner < 0 ? 0.5 : winner == p->player, d->games, p->player == 0};
    }
    d->games++;
    return 0;
}

static double sigmoid(double x)
{
    return 1 / (1 + exp(-x));
}

/* Maximum likelihood of P = sigmoid(a * score + b * first) over the points
 * whose weight w[i] (NULL: 1) is non-zero, b fitted only when with_b.
 * Newton's method on (a, b). */
static void fit(const data *d, const double *w, int with_b, double *a, double *b)
{
    *a = 1.0 / 100, *b = 0;
    for (int it = 0; it < FIT_ITERATIONS; it++) {
        double ga = 0, gb = 0, haa = 0, hab = 0, hbb = 0;
        for (size_t i = 0; i < d->n; i++) {
            double wi = w ? w[i] : 1;
            if (!wi)
                continue;
            const point *p = &d->p[i];
            double x = p->score, f = with_b ? p->first : 0;
            double s = sigmoid(*a * x + *b * f), v = wi * s * (1 - s);
            ga += wi * (p->y - s) * x;
            gb += wi * (p->y - s) * f;
            haa += v * x * x;
            hab += v * x * f;
            hbb += v * f * f;
        }
        double da, db = 0;
        if (with_b) {
            double det = haa * hbb - hab * hab;
            if (det <= 0)
                break;
            da = (hbb * ga - hab * gb) / det;
            db = (haa * gb - hab * ga) / det;
        } else {
            if (haa <= 0)
                break;
            da = ga / haa;
        }
        *a += da, *b += db;
        if (fabs(da) < 1e-12 && fabs(db) < 1e-9)
            break;
    }
}

/* Mean log-loss and Brier score of scale a over the points of game parity
 * `parity` (-1: all). */
static void losses(const data *d, double a, int parity, double *logloss, double *brier,
                   double *coin_logloss, long long *count)
{
    double ll = 0, br = 0, cl = 0;
    long long n = 0;
    for (size_t i = 0; i < d->n; i++) {
        const point *p = &d->p[i];
        if (parity >= 0 && p->game % 2 != parity)
            continue;
        double q = sigmoid(a * p->score);
        q = q < 1e-12 ? 1e-12 : q > 1 - 1e-12 ? 1 - 1e-12 : q;
        ll -= p->y * log(q) + (1 - p->y) * log(1 - q);
        br += (q - p->y) * (q - p->y);
        cl += log(2);
        n++;
    }
    *logloss = n ? ll / n : 0;
    *brier = n ? br / n : 0;
    *coin_logloss = n ? cl / n : 0;
    *count = n;
}

/* SplitMix64: a small generator with a fixed seed, so the bootstrap gives
 * the same interval on every run. */
static uint64_t splitmix(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static int cmp_double(const void *x, const void *y)
{
    double a = *(const double *)x, b = *(const double *)y;
    return (a > b) - (a < b);
}

/* The command line into d->bot and *boots; argv[optind..] are the inputs.
 * Returns 1 to go on, or 0 with *status (--help: 0; a bad command line: 2
 * after one line on stderr). */
static int parse_args(int argc, char **argv, data *d, int *boots, int *status)
{
    static const struct option opts[] = {{"bot", required_argument, NULL, 'b'},
                                         {"bootstrap", required_argument, NULL, 'B'},
                                         {"help", no_argument, NULL, 'h'},
                                         {NULL, 0, NULL, 0}};
    int c;
    opterr = 0;
    *status = 2;
    while ((c = getopt_long(argc, argv, ":b:h", opts, NULL)) != -1) {
        switch (c) {
        case 'b': d->bot = optarg; break;
        case 'B':
            if (util_parse_int(optarg, 0, FIT_BOOTSTRAP_MAX, boots) != 0) {
                fprintf(stderr, "loa-analyse-fit: --bootstrap '%s' is not 0..%d\n", optarg,
                        FIT_BOOTSTRAP_MAX);
                return 0;
            }
            break;
        case 'h':
            puts("Usage: loa-analyse-fit [--bot NAME] [--bootstrap N] GAME|DIR...\n"
                 "Fits loa-analyse's scale: winning chance = 1 / (1 + exp(-score / K)) over the\n"
                 "turns of loa-ab in the games given (its answers' comments 'd<depth> <score>'\n"
                 "against each game's result), and prints K, its 95% interval (a bootstrap of\n"
                 "N resamples of the games, default 200), the calibration and the losses.\n"
                 "\n"
                 "  -b, --bot NAME       only the turns of the bot named NAME\n"
                 "      --bootstrap N    resamples of the games for K's interval (0: none)\n"
                 "  -h, --help           this help");
            *status = 0;
            return 0;
        default:
            fprintf(stderr, "loa-analyse-fit: bad option '%s' (see --help)\n", argv[optind - 1]);
            return 0;
        }
    }
    if (optind == argc) {
        fputs("loa-analyse-fit: give games or league directories (see --help)\n", stderr);
        return 0;
    }
    return 1;
}

/* K's 95% interval: `boots` fits on the games resampled with replacement
 * (a fixed seed: the same interval on every run). Returns 0, or 1 after
 * saying "out of memory". */
static int print_bootstrap(const data *d, int boots)
{
    double *w = calloc(d->n, sizeof *w), *ks = calloc((size_t)boots, sizeof *ks);
    int *pick = calloc((size_t)d->games, sizeof *pick);
    if (!w || !ks || !pick) {
        fputs("loa-analyse-fit: out of memory\n", stderr);
        return 1;
    }
    uint64_t seed = 27;
    for (int r = 0; r < boots; r++) {
        memset(pick, 0, (size_t)d->games * sizeof *pick);
        for (int g = 0; g < d->games; g++)
            pick[splitmix(&seed) % (uint64_t)d->games]++;
        for (size_t i = 0; i < d->n; i++)
            w[i] = pick[d->p[i].game];
        double ra, rb;
        fit(d, w, 0, &ra, &rb);
        ks[r] = 1 / ra;
    }
    qsort(ks, (size_t)boots, sizeof *ks, cmp_double);
    printf("     95%% interval of K (bootstrap over games, %d resamples): %.1f .. %.1f\n", boots,
           ks[(int)(0.025 * boots)],
           ks[(int)(0.975 * boots) < boots ? (int)(0.975 * boots) : boots - 1]);
    free(w), free(ks), free(pick);
    return 0;
}

/* The calibration of scale a: the points by bins of predicted chance, each
 * bin's mean predicted and observed result, and the largest gap. */
static void print_calibration(const data *d, double a)
{
    long long n[FIT_BINS] = {0};
    double pred[FIT_BINS] = {0}, obs[FIT_BINS] = {0};
    for (size_t i = 0; i < d->n; i++) {
        double q = sigmoid(a * d->p[i].score);
        int k = (int)(q * FIT_BINS);
        k = k >= FIT_BINS ? FIT_BINS - 1 : k;
        n[k]++, pred[k] += q, obs[k] += d->p[i].y;
    }
    printf("calibration (predicted chance -> positions, mean predicted, observed):\n");
    double worst = 0;
    for (int k = 0; k < FIT_BINS; k++) {
        if (!n[k])
            continue;
        double mp = pred[k] / n[k], mo = obs[k] / n[k];
        if (fabs(mp - mo) > worst)
            worst = fabs(mp - mo);
        printf("  %3d%%-%3d%%  %7lld  %5.1f%%  %5.1f%%\n", k * 100 / FIT_BINS,
               (k + 1) * 100 / FIT_BINS, n[k], 100 * mp, 100 * mo);
    }
    printf("  largest gap between predicted and observed: %.1f points\n", 100 * worst);
}

/* The losses of scale a on all the points, then of a scale fitted on the
 * even-numbered games measured on the odd ones (held out; skipped when out
 * of memory). */
static void print_losses(const data *d, double a)
{
    double ll, br, cl;
    long long cnt;
    losses(d, a, -1, &ll, &br, &cl, &cnt);
    printf("log-loss %.4f (a coin: %.4f), Brier score %.4f (a coin: 0.2500), %lld positions\n", ll,
           cl, br, cnt);
    double *w = calloc(d->n, sizeof *w);
    if (w) {
        for (size_t i = 0; i < d->n; i++)
            w[i] = d->p[i].game % 2 == 0;
        double he, hb;
        fit(d, w, 0, &he, &hb);
        losses(d, he, 1, &ll, &br, &cl, &cnt);
        printf("held out: K = %.1f fitted on the even-numbered games; on the %lld positions of the "
               "odd ones "
               "log-loss %.4f (a coin: %.4f), Brier score %.4f\n",
               1 / he, cnt, ll, cl, br);
        free(w);
    }
}

int main(int argc, char **argv)
{
    data d = {0};
    int boots = FIT_BOOTSTRAP, status;
    if (!parse_args(argc, argv, &d, &boots, &status))
        return status;
    char err[1024];
    for (int i = optind; i < argc; i++) {
        int rc = analysis_foreach_game(argv[i], NULL, collect, &d, err, sizeof err);
        if (rc) {
            fprintf(stderr, "loa-analyse-fit: %s\n",
                    rc == ANALYSIS_E_NOMEM ? "out of memory" : err);
            return 1;
        }
    }
    if (d.n < 2 || d.games < 2) {
        fprintf(stderr, "loa-analyse-fit: %s: %zu scored turns in %d games: nothing to fit\n",
                analysis_strerror(ANALYSIS_E_NODATA), d.n, d.games);
        return 1;
    }
    double a, b, a2, b2;
    fit(&d, NULL, 0, &a, &b);
    fit(&d, NULL, 1, &a2, &b2);
    printf(
        "data: %d games, %lld turns%s%s: %zu scored, %lld proven (|score| > %d) and %lld without a "
        "score left out\n",
        d.games, d.turns, d.bot ? " of " : "", d.bot ? d.bot : "", d.n, d.proven, FIT_PROVEN,
        d.no_comment);
    printf("fit: K = %.1f points per unit of log-odds (chance = 1 / (1 + exp(-score / K)))\n",
           1 / a);
    if (boots > 0 && print_bootstrap(&d, boots) != 0)
        return 1;
    printf("     with a side-to-move term: K = %.1f, black to move adds %+.3f to the log-odds "
           "(a score of 0 wins %.1f%% with black to move, %.1f%% with white)\n",
           1 / a2, b2, 100 * sigmoid(b2), 50.0);
    print_calibration(&d, a);
    print_losses(&d, a);
    free(d.p);
    return 0;
}
