/* spsa.c - fishtest's SPSA gains and update (stats/spsa.h). */
#include "stats/spsa.h"

#include <math.h>

arena_spsa_schedule arena_spsa_schedule_make(int pairs, double a_ratio, double alpha, double gamma)
{
    /* fishtest: "A": int(float(spsa_A) * num_games / 2), a truncation */
    arena_spsa_schedule s = {pairs, floor(a_ratio * pairs), alpha, gamma};
    return s;
}

arena_spsa_gain arena_spsa_gain_at(const arena_spsa_schedule *s, const arena_spsa_param *p,
                                   int iter)
{
    double n = s->pairs, k = (double)iter + 1; /* fishtest: iter_local = iter + 1 */
    double c = p->c_end * pow(n, s->gamma);
    double a = p->r_end * p->c_end * p->c_end * pow(s->A + n, s->alpha);
    arena_spsa_gain g;
    g.c = c / pow(k, s->gamma);
    g.R = a / pow(s->A + k, s->alpha) / (g.c * g.c);
    return g;
}

double arena_spsa_clip(const arena_spsa_param *p, double x)
{
    return x < p->min ? p->min : x > p->max ? p->max : x;
}

double arena_spsa_probe(const arena_spsa_param *p, double theta, arena_spsa_gain g, int flip,
                        int sign)
{
    return arena_spsa_clip(p, theta + sign * g.c * flip);
}

double arena_spsa_update(const arena_spsa_param *p, double theta, arena_spsa_gain g, int flip,
                         int result)
{
    return arena_spsa_clip(p, theta + g.R * g.c * result * flip);
}
