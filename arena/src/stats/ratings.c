/* ratings.c - the Bradley-Terry fit by Newton's method (stats/ratings.h). */
#include "stats/ratings.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/error.h"

#define MAXN ARENA_MAX_BOTS
/* 97.5% quantile of the standard normal distribution. */
#define Z95 1.959963984540054

double arena_phi(double x)
{
    return 0.5 * erfc(-x / sqrt(2.0));
}

double arena_los_wl(double wins, double losses)
{
    if (wins + losses <= 0)
        return NAN;
    return 0.5 + 0.5 * erf((wins - losses) / sqrt(2.0 * (wins + losses)));
}

/* Inverts the m x m matrix a (row-major, destroyed) into inv by Gauss-Jordan
 * elimination with partial pivoting. Returns 0, or -1 if singular. */
static int invert(int m, double *a, double *inv)
{
    for (int i = 0; i < m; i++)
        for (int j = 0; j < m; j++)
            inv[i * m + j] = i == j;
    for (int c = 0; c < m; c++) {
        int p = c;
        for (int r = c + 1; r < m; r++)
            if (fabs(a[r * m + c]) > fabs(a[p * m + c]))
                p = r;
        if (fabs(a[p * m + c]) < 1e-300)
            return -1;
        if (p != c)
            for (int j = 0; j < m; j++) {
                double t = a[c * m + j];
                a[c * m + j] = a[p * m + j];
                a[p * m + j] = t;
                t = inv[c * m + j];
                inv[c * m + j] = inv[p * m + j];
                inv[p * m + j] = t;
            }
        double d = a[c * m + c];
        for (int j = 0; j < m; j++) {
            a[c * m + j] /= d;
            inv[c * m + j] /= d;
        }
        for (int r = 0; r < m; r++) {
            if (r == c || a[r * m + c] == 0)
                continue;
            double f = a[r * m + c];
            for (int j = 0; j < m; j++) {
                a[r * m + j] -= f * a[c * m + j];
                inv[r * m + j] -= f * inv[c * m + j];
            }
        }
    }
    return 0;
}

static double sigmoid(double x)
{
    return 1.0 / (1.0 + exp(-x));
}

/* Log-likelihood over the active bots idx[0..m-1] at ratings t (indexed
 * like idx). */
static double loglik(int n, const double *games, const double *points, const int *idx, int m,
                     const double *t)
{
    double l = 0;
    for (int a = 0; a < m; a++)
        for (int b = a + 1; b < m; b++) {
            int i = idx[a], j = idx[b];
            double g = games[i * n + j];
            if (g <= 0)
                continue;
            double s = points[i * n + j];
            double d = t[a] - t[b];
            /* ln p = -ln(1 + e^-d), ln(1-p) = -ln(1 + e^d), computed stably */
            double lp = d > 0 ? -log1p(exp(-d)) : d - log1p(exp(d));
            double lq = d > 0 ? -d - log1p(exp(-d)) : -log1p(exp(d));
            l += s * lp + (g - s) * lq;
        }
    return l;
}

/* Fills the m x m information matrix of the active bots at ratings t into
 * info (the Laplacian of per-pairing weights w_ij): the model's, w_ij = g_ij
 * p (1 - p); or, with penta, the variance the pairs showed (the "meat" of
 * the sandwich estimator): w_ij = sum over complete pairs of (X - 2p)^2
 * (X the pair's points), plus g p (1 - p) for the games outside complete
 * pairs and the virtual draws (games holds those). */
static void information(int n, const double *games, const int *penta, const int *idx, int m,
                        const double *t, double *info)
{
    memset(info, 0, sizeof(double) * (size_t)(m * m));
    for (int a = 0; a < m; a++)
        for (int b = 0; b < m; b++) {
            if (a == b)
                continue;
            int i = idx[a], j = idx[b];
            double g = games[i * n + j];
            if (g <= 0)
                continue;
            double p = sigmoid(t[a] - t[b]), w = g * p * (1 - p);
            if (penta) {
                const int *pt = &penta[(i * n + j) * ARENA_PENTA_BINS];
                double pairs = 0, sq = 0;
                for (int k = 0; k < ARENA_PENTA_BINS; k++) {
                    double x = k / 2.0 - 2 * p; /* bin k: k half points */
                    pairs += pt[k];
                    sq += pt[k] * x * x;
                }
                double outside = g - 2 * pairs; /* lone games and virtual draws */
                w = sq + (outside > 0 ? outside : 0) * p * (1 - p);
            }
            info[a * m + a] += w;
            info[a * m + b] -= w;
        }
}

/* The fit's working state: the bots with games and their ratings. */
typedef struct fit {
    int n;               /* bots */
    const double *games; /* n x n, the virtual draws added */
    const double *points;
    const int *penta;        /* NULL: the model's variance */
    int idx[MAXN], m;        /* the active bots (those with games), m of them */
    double t[MAXN];          /* their ratings in nats, indexed like idx; t[0] = 0 */
    double cov[MAXN * MAXN]; /* covariance of t, m x m */
} fit;

/* Games and points of n bots: non-negative, symmetric, consistent. */
static int counts_valid(int n, const double *games, const double *points)
{
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            double g = games[i * n + j], s = points[i * n + j];
            if (g < 0 || s < 0 || s > g + 1e-9 || fabs(g - games[j * n + i]) > 1e-9 ||
                fabs(s + points[j * n + i] - g) > 1e-6 * (1 + g) || (i == j && g != 0))
                return 0;
        }
    return 1;
}

/* The bots with games, into f->idx. */
static void active_bots(fit *f, const double *games)
{
    int n = f->n;
    f->m = 0;
    for (int i = 0; i < n; i++) {
        double g = 0;
        for (int j = 0; j < n; j++)
            g += games[i * n + j];
        if (g > 0)
            f->idx[f->m++] = i;
    }
}

/* The maximum-likelihood ratings are finite iff the "scored against" graph
 * of the active bots is strongly connected (Zermelo 1929; Ford 1957):
 * otherwise some group scored 100% against the rest. */
static int strongly_connected(const fit *f, const double *points)
{
    int m = f->m, n = f->n;
    int reach[MAXN][MAXN];
    for (int a = 0; a < m; a++)
        for (int b = 0; b < m; b++)
            reach[a][b] = a == b || points[f->idx[a] * n + f->idx[b]] > 0;
    for (int k = 0; k < m; k++)
        for (int a = 0; a < m; a++)
            if (reach[a][k])
                for (int b = 0; b < m; b++)
                    if (reach[k][b])
                        reach[a][b] = 1;
    for (int a = 0; a < m; a++)
        for (int b = 0; b < m; b++)
            if (!reach[a][b])
                return 0;
    return 1;
}

/* The reduced system of the information matrix info (m x m): t[0] fixed
 * at 0, a tiny ridge that keeps it solvable when the games do not connect
 * every bot (the uncertainty then shows as huge intervals). */
static void reduced(const double *info, int m, double *h)
{
    int r = m - 1;
    for (int a = 0; a < r; a++)
        for (int b = 0; b < r; b++)
            h[a * r + b] = info[(a + 1) * m + (b + 1)] + (a == b ? 1e-12 : 0);
}

/* The log-likelihood's gradient at f->t into grad and the observed
 * information (-H) into hess. */
static void gradient(const fit *f, double *grad, double *hess)
{
    int m = f->m, n = f->n;
    memset(grad, 0, sizeof(double) * (size_t)m);       /* m x m used, not MAXN x MAXN: a fit */
    memset(hess, 0, sizeof(double) * (size_t)(m * m)); /* per game while a league is young */
    for (int a = 0; a < m; a++)
        for (int b = 0; b < m; b++) {
            if (a == b)
                continue;
            int i = f->idx[a], j = f->idx[b];
            double g = f->games[i * n + j];
            if (g <= 0)
                continue;
            double p = sigmoid(f->t[a] - f->t[b]);
            grad[a] += f->points[i * n + j] - g * p;
            double w = g * p * (1 - p);
            hess[a * m + a] += w; /* -H */
            hess[a * m + b] -= w;
        }
}

/* One damped Newton step from f->t: at most 2 nats (~350 Elo), then
 * halved while the likelihood does not improve (it is concave, so this
 * ends). Returns the step's size, or -1 when the system is singular. */
static double newton_step(fit *f, double *h, double *hinv)
{
    int m = f->m, r = m - 1, n = f->n;
    double grad[MAXN], hess[MAXN * MAXN];
    gradient(f, grad, hess);
    reduced(hess, m, h);
    if (invert(r, h, hinv))
        return -1;
    double step[MAXN], maxstep = 0;
    for (int a = 0; a < r; a++) {
        step[a] = 0;
        for (int b = 0; b < r; b++)
            step[a] += hinv[a * r + b] * grad[b + 1];
        if (fabs(step[a]) > maxstep)
            maxstep = fabs(step[a]);
    }
    double scale = maxstep > 2 ? 2 / maxstep : 1;
    double l0 = loglik(n, f->games, f->points, f->idx, m, f->t), tn[MAXN];
    for (int tries = 0; tries < 40; tries++) {
        tn[0] = 0;
        for (int a = 0; a < r; a++)
            tn[a + 1] = f->t[a + 1] + scale * step[a];
        if (loglik(n, f->games, f->points, f->idx, m, tn) >= l0 - 1e-12)
            break;
        scale /= 2;
    }
    memcpy(f->t, tn, sizeof(double) * (size_t)m);
    return maxstep * scale;
}

/* Newton's method to the maximum (at most 500 steps). */
static void maximise(fit *f, double *h, double *hinv, arena_ratings *out)
{
    out->converged = 0;
    for (int it = 0; it < 500; it++) {
        double size = newton_step(f, h, hinv);
        if (size < 0)
            break;
        out->iterations = it + 1;
        if (size < 1e-10) {
            out->converged = 1;
            break;
        }
    }
}

/* The covariance of the ratings at the optimum: the inverse observed
 * information H^-1 of the model; with the pairs, the sandwich
 * H^-1 J H^-1 (Huber 1967; White 1980), J the variance the pair scores
 * showed: a drawish pairing is known better than the model's p (1 - p) per
 * game says, and the two games of a pair (one opening) are not
 * independent. For two bots it is the variance of the Game pairs section
 * (arena_penta_stats), so both LOS agree. */
static void covariance(fit *f, double *h, double *hinv, arena_ratings *out)
{
    int m = f->m, r = m - 1;
    double hess[MAXN * MAXN];
    information(f->n, f->games, NULL, f->idx, m, f->t, hess);
    reduced(hess, m, h);
    if (invert(r, h, hinv)) {
        out->converged = 0;
        for (int a = 0; a < m * m; a++)
            f->cov[a] = INFINITY;
        return;
    }
    if (!f->penta) {
        for (int a = 0; a < r; a++)
            for (int b = 0; b < r; b++)
                f->cov[(a + 1) * m + (b + 1)] = hinv[a * r + b];
        return;
    }
    double jm[MAXN * MAXN], tmp[MAXN * MAXN];
    information(f->n, f->games, f->penta, f->idx, m, f->t, hess);
    for (int a = 0; a < r; a++)
        for (int b = 0; b < r; b++)
            jm[a * r + b] = hess[(a + 1) * m + (b + 1)];
    for (int a = 0; a < r; a++) /* tmp = H^-1 J */
        for (int b = 0; b < r; b++) {
            double v = 0;
            for (int k = 0; k < r; k++)
                v += hinv[a * r + k] * jm[k * r + b];
            tmp[a * r + b] = v;
        }
    for (int a = 0; a < r; a++) /* cov = tmp H^-1 */
        for (int b = 0; b < r; b++) {
            double v = 0;
            for (int k = 0; k < r; k++)
                v += tmp[a * r + k] * hinv[k * r + b];
            f->cov[(a + 1) * m + (b + 1)] = v;
        }
}

/* The Elo of every active bot against the anchor (a named finitely rated
 * bot, else the mean of the fitted ones) and its 95% interval. */
static void anchor_and_intervals(const fit *f, int anchor, arena_ratings *out)
{
    int m = f->m;
    const double *cov = f->cov;
    int anchor_pos = -1;
    for (int a = 0; a < m; a++)
        if (f->idx[a] == anchor)
            anchor_pos = a;
    out->anchor = anchor_pos >= 0 ? anchor : -1;
    double shift = 0;
    if (anchor_pos >= 0) {
        shift = f->t[anchor_pos];
    } else {
        for (int a = 0; a < m; a++)
            shift += f->t[a];
        shift = m ? shift / m : 0;
    }
    /* Var of t_a - shift: anchored: C_aa + C_kk - 2 C_ak; mean:
     * C_aa - 2/m sum_k C_ak + 1/m^2 sum_kl C_kl. */
    double total = 0, rowsum[MAXN];
    for (int a = 0; a < m; a++) {
        rowsum[a] = 0;
        for (int b = 0; b < m; b++)
            rowsum[a] += cov[a * m + b];
        total += rowsum[a];
    }
    for (int a = 0; a < m; a++) {
        int i = f->idx[a];
        out->elo[i] = (f->t[a] - shift) * ARENA_ELO_PER_NAT;
        double var;
        if (anchor_pos >= 0)
            var = cov[a * m + a] + cov[anchor_pos * m + anchor_pos] - 2 * cov[a * m + anchor_pos];
        else
            var = cov[a * m + a] - 2.0 * rowsum[a] / m + total / ((double)m * m);
        if (m == 1)
            var = NAN; /* a lone fitted bot: nothing to compare against */
        out->ci95[i] = var >= 0 ? Z95 * sqrt(var) * ARENA_ELO_PER_NAT : (isnan(var) ? NAN : 0);
        if (i == out->anchor)
            out->ci95[i] = 0;
    }
}

/* The likelihood of superiority of every pair, from the fit. */
static void superiority(const fit *f, arena_ratings *out)
{
    int n = f->n, m = f->m;
    const double *cov = f->cov;
    int pos[MAXN];
    for (int i = 0; i < n; i++)
        pos[i] = -1;
    for (int a = 0; a < m; a++)
        pos[f->idx[a]] = a;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            if (i == j)
                continue;
            double ei = out->elo[i], ej = out->elo[j];
            if (isnan(ei) || isnan(ej))
                continue;
            if (isinf(ei) || isinf(ej)) {
                if (isinf(ei) && isinf(ej) && (ei > 0) == (ej > 0))
                    continue; /* both perfect or both nil: undefined */
                out->los[i][j] = ei > ej ? 1.0 : 0.0;
                continue;
            }
            int a = pos[i], b = pos[j];
            double var = cov[a * m + a] + cov[b * m + b] - 2 * cov[a * m + b];
            double d = f->t[a] - f->t[b];
            if (!(var > 0) || isinf(var))
                out->los[i][j] = isinf(var) ? 0.5 : (d > 0 ? 1.0 : d < 0 ? 0.0 : 0.5);
            else
                out->los[i][j] = arena_phi(d / sqrt(var));
        }
}

/* The ratings of f's active bots: fitted, their covariance, anchored, and
 * the likelihood of superiority of each pair. Returns 0 or ARENA_E_NOMEM. */
static int solve(fit *f, int anchor, arena_ratings *out)
{
    if (f->m >= 2) {
        int r = f->m - 1; /* reduced system: t[0] fixed at 0 */
        double *h = malloc(sizeof(double) * (size_t)(r * r));
        double *hinv = malloc(sizeof(double) * (size_t)(r * r));
        if (!h || !hinv) {
            free(h);
            free(hinv);
            return ARENA_E_NOMEM;
        }
        maximise(f, h, hinv, out);
        covariance(f, h, hinv, out);
        free(h);
        free(hinv);
    }
    anchor_and_intervals(f, anchor, out);
    superiority(f, out);
    return 0;
}

int arena_ratings_fit(int n, const double *games, const double *points, int anchor,
                      double prior_draws, const int *penta, arena_ratings *out)
{
    if (n < 1 || n > MAXN || !games || !points || !out || anchor >= n ||
        !counts_valid(n, games, points))
        return ARENA_E_INVAL;
    memset(out, 0, sizeof *out);
    out->n = n;
    out->converged = 1;
    for (int i = 0; i < n; i++) {
        out->elo[i] = NAN;
        out->ci95[i] = NAN;
        for (int j = 0; j < n; j++)
            out->los[i][j] = NAN;
    }
    fit *f = calloc(1, sizeof *f); /* large (the covariance): on the heap */
    double *gw = malloc(sizeof(double) * (size_t)(n * n));
    double *pw = malloc(sizeof(double) * (size_t)(n * n));
    int rc = f && gw && pw ? 0 : ARENA_E_NOMEM;
    if (rc == 0) {
        f->n = n;
        f->penta = penta;
        active_bots(f, games);
        /* Not strongly connected: every pair that met gets ARENA_PRIOR_DRAWS
         * virtual draws, which keeps the ratings finite and barely moves
         * them once real results dominate. */
        double prior = prior_draws >= 0 ? prior_draws
                                        : (strongly_connected(f, points) ? 0 : ARENA_PRIOR_DRAWS);
        out->prior_draws = prior;
        for (int k = 0; k < n * n; k++) {
            gw[k] = games[k] + (games[k] > 0 ? prior : 0);
            pw[k] = points[k] + (games[k] > 0 ? prior / 2 : 0);
        }
        f->games = gw;
        f->points = pw;
        rc = solve(f, anchor, out);
    }
    free(f);
    free(gw);
    free(pw);
    return rc;
}
