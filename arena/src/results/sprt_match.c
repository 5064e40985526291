/* sprt_match.c - an SPRT as its games arrive, its first crossing kept
 * (results/sprt_match.h). */
#include "results/sprt_match.h"

#include <string.h>

int arena_sprt_match_init(arena_sprt_match *m, const arena_sprt_params *p, int tested, int opponent,
                          int max_pairs)
{
    memset(m, 0, sizeof *m);
    int rc = arena_pair_tally_init(&m->tally, tested, opponent, max_pairs);
    if (rc == 0 && (rc = arena_sprt_status_compute(p, m->tally.penta, &m->status)))
        arena_pair_tally_free(&m->tally);
    return rc;
}

int arena_sprt_match_add(arena_sprt_match *m, const arena_game_record *r)
{
    if (!arena_pair_tally_add(&m->tally, r))
        return 0;
    int decision = m->status.decision, at = m->status.decided_pairs;
    arena_sprt_params p = m->status.params;
    arena_sprt_status_compute(&p, m->tally.penta, &m->status);
    if (decision) { /* sticky: the test stopped there */
        m->status.decision = decision;
        m->status.decided_pairs = at;
    } else if (m->status.decision) {
        m->status.decided_pairs = m->status.pairs;
    }
    return 1;
}

void arena_sprt_match_free(arena_sprt_match *m)
{
    if (m)
        arena_pair_tally_free(&m->tally);
}
