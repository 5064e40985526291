/*
 * keep.c - an analysis already beside a game, kept when it was made as
 * this run would make it (analysis.h, analysis_load_kept): loa-analyse
 * --keep, which loa-arena --analyse passes, so that a league's rerun
 * analyses only its new games.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "analysis/analysis.h"
#include "util/text.h"

/* Why a's making differs from o's, or NULL when it is the same: the engine
 * command (whole: one too long to be kept whole is never the same), the
 * budget, the scale and the thresholds of the marks. */
static const char *differs(const replay_analysis *a, const analysis_options *o)
{
    if (strlen(o->engine) >= sizeof a->engine || strcmp(a->engine, o->engine) != 0)
        return "another engine command";
    if (strcmp(a->limit, analysis_limit_name(o->limit.kind)) != 0 ||
        a->limit_value != o->limit.value)
        return "another budget";
    /* the file keeps numbers to 15 significant digits */
    if (fabs(a->scale - o->scale) > 1e-9 * o->scale)
        return "another scale";
    if (fabs(a->thresholds[REPLAY_MARK_INACCURACY] - ANALYSIS_INACCURACY) > 1e-9 ||
        fabs(a->thresholds[REPLAY_MARK_MISTAKE] - ANALYSIS_MISTAKE) > 1e-9 ||
        fabs(a->thresholds[REPLAY_MARK_BLUNDER] - ANALYSIS_BLUNDER) > 1e-9)
        return "other thresholds";
    return NULL;
}

int analysis_load_kept(const replay_game *g, const char *path, const analysis_options *o,
                       replay_analysis **out, char *why, size_t whysz)
{
    if (!g || !path || !o || !o->engine || !out)
        return util_fail(ANALYSIS_E_INVAL, why, whysz, "analysis_load_kept: NULL argument");
    *out = NULL;
    replay_analysis *a = NULL;
    char err[512];
    int rc = replay_analysis_load(g, path, &a, err, sizeof err);
    if (rc == REPLAY_E_IO && errno == ENOENT) {
        snprintf(why, whysz, "%s: none", path);
        return 0;
    }
    if (rc) {
        snprintf(why, whysz, "%s", err);
        return 0;
    }
    const char *d = differs(a, o);
    if (d) {
        replay_analysis_free(a);
        snprintf(why, whysz, "%s: made with %s", path, d);
        return 0;
    }
    *out = a;
    return 1;
}
