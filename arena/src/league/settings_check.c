/* settings_check.c - a league's settings judged as a whole, without
 * looking at the machine (league/settings_check.h). */
#include "league/settings_check.h"

#include <stdint.h>
#include <string.h>

#include "core/error.h"
#include "league/setting.h"
#include "util/text.h"

static int name_problem(const char *name)
{
    size_t n = strlen(name);
    if (n == 0)
        return 1;
    if (n > ARENA_NAME_MAX)
        return 2;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)name[i];
        if (c < 0x20 || c == 0x7f)
            return 3;
    }
    if (name[0] == ' ' || name[n - 1] == ' ')
        return 4;
    return 0;
}

/* Two bots at least, each with a good name (unique) and a command. */
static int check_bots(const arena_settings *s, char *err, size_t errsz)
{
    if (s->bot_count < 2)
        return util_fail(ARENA_E_CONFIG, err, errsz,
                         "a league needs at least two bots (%d given): add --bot NAME=COMMAND or "
                         "entries in \"bots\"",
                         s->bot_count);
    for (int i = 0; i < s->bot_count; i++) {
        const arena_bot *b = &s->bots[i];
        switch (name_problem(b->name)) {
        case 1: return util_fail(ARENA_E_CONFIG, err, errsz, "bot %d: the name is empty", i + 1);
        case 2:
            return util_fail(ARENA_E_CONFIG, err, errsz,
                             "bot name '%.40s...' is longer than %d bytes", b->name,
                             ARENA_NAME_MAX);
        case 3:
            return util_fail(ARENA_E_CONFIG, err, errsz,
                             "bot %d: the name holds a control character", i + 1);
        case 4:
            return util_fail(ARENA_E_CONFIG, err, errsz,
                             "bot name '%s' starts or ends with a space", b->name);
        default: break;
        }
        if (!b->command || strspn(b->command, " \t") == strlen(b->command))
            return util_fail(ARENA_E_CONFIG, err, errsz, "bot '%s': missing bot command", b->name);
        if (strlen(b->command) > ARENA_COMMAND_MAX)
            return util_fail(ARENA_E_CONFIG, err, errsz, "bot '%s': command longer than %d bytes",
                             b->name, ARENA_COMMAND_MAX);
        for (int j = 0; j < i; j++)
            if (strcmp(s->bots[j].name, b->name) == 0)
                return util_fail(ARENA_E_CONFIG, err, errsz,
                                 "duplicate bot name '%s' (bots %d and %d): names must be unique",
                                 b->name, j + 1, i + 1);
    }
    return 0;
}

/* The games: in colour-swapped pairs, within what a league holds, and the
 * shapes the league had before (each an earlier shape of the next). */
static int check_games(const arena_settings *s, char *err, size_t errsz)
{
    if (s->games % 2)
        return util_fail(ARENA_E_CONFIG, err, errsz,
                         "games per pairing must be even (%d given): games are played in "
                         "colour-swapped pairs",
                         s->games);
    int64_t pairings = s->format == ARENA_FORMAT_GAUNTLET
                           ? s->bot_count - 1
                           : (int64_t)s->bot_count * (s->bot_count - 1) / 2;
    if (pairings * s->games > ARENA_MAX_GAMES)
        return util_fail(ARENA_E_CONFIG, err, errsz,
                         "%lld games (%lld pairings x %d) is more than the %d a league may hold",
                         (long long)(pairings * s->games), (long long)pairings, s->games,
                         ARENA_MAX_GAMES);
    for (int j = 0; j < s->step_count; j++) {
        const arena_league_step *a = &s->steps[j];
        int nb = j + 1 < s->step_count ? s->steps[j + 1].bots : s->bot_count;
        int ng = j + 1 < s->step_count ? s->steps[j + 1].games : s->games;
        if (a->bots < 2 || a->games < 2 || a->games % 2 || nb < a->bots || ng < a->games ||
            (nb == a->bots && ng == a->games))
            return util_fail(ARENA_E_CONFIG, err, errsz,
                             "league step %d (%d bots, %d games) is not an earlier shape of the "
                             "league",
                             j + 1, a->bots, a->games);
    }
    if (s->step_count > 0 && s->format == ARENA_FORMAT_GAUNTLET &&
        arena_settings_gauntlet_index(s) >= s->steps[0].bots)
        return util_fail(ARENA_E_CONFIG, err, errsz,
                         "the gauntlet bot must be one of the league's first bots");
    return 0;
}

/* Every setting within its row's bounds; the game's limits as the referee
 * checks them (ref_limits_check: the same bounds, REF_LIMITS_MAP). */
static int check_rows(const arena_settings *s, char *err, size_t errsz)
{
    char why[256];
    if (ref_limits_check(&s->limits, why, sizeof why))
        return util_fail(ARENA_E_CONFIG, err, errsz, "%s", why);
    for (int k = 0; k < ARENA_SETTING_COUNT; k++) {
        int rc = arena_setting_check(s, &arena_setting_table[k], err, errsz);
        if (rc)
            return rc;
    }
    return 0;
}

/* The settings that only mean something with others: a wall cap or CPU
 * method in cpu mode, names of listed bots, one source of openings, an
 * SPRT between two bots (and in shards only with a game count). */
static int check_together(const arena_settings *s, char *err, size_t errsz)
{
    ref_time_misfit stray = ref_time_misfit_of(s->time_mode, &s->limits, s->cpu_method);
    if (stray != REF_TIME_FITS)
        return util_fail(ARENA_E_CONFIG, err, errsz,
                         "%s applies to the cpu time mode only (time mode %s)",
                         stray == REF_TIME_STRAY_CAP ? "a wall cap" : "a CPU method",
                         ref_time_mode_name(s->time_mode));
    if (s->gauntlet_bot && arena_settings_find_bot(s, s->gauntlet_bot) < 0)
        return util_fail(ARENA_E_CONFIG, err, errsz, "gauntlet bot '%s' is not one of the bots",
                         s->gauntlet_bot);
    if (s->anchor && arena_settings_find_bot(s, s->anchor) < 0)
        return util_fail(ARENA_E_CONFIG, err, errsz, "anchor '%s' is not one of the bots",
                         s->anchor);
    if (s->openings_file && s->random_plies)
        return util_fail(ARENA_E_CONFIG, err, errsz,
                         "openings come from a file (--openings) or from random plies "
                         "(--random-plies), not both");
    if (s->random_plies && s->random_plies >= s->limits.max_plies)
        return util_fail(ARENA_E_CONFIG, err, errsz,
                         "random plies must be fewer than the ply limit %d (%d given)",
                         s->limits.max_plies, s->random_plies);
    if (s->openings_random && !s->openings_file)
        return util_fail(ARENA_E_CONFIG, err, errsz,
                         "a random openings order needs an openings file (--openings FILE)");
    char why[256];
    if (s->sprt && s->bot_count != 2)
        return util_fail(ARENA_E_CONFIG, err, errsz,
                         "an SPRT tests one bot against one other: %d bots given (a "
                         "round-robin or gauntlet of exactly 2)",
                         s->bot_count);
    if (s->sprt && arena_sprt_check(&s->sprt_params, why, sizeof why))
        return util_fail(ARENA_E_CONFIG, err, errsz, "SPRT: %s", why);
    if (s->sprt && s->shard_count > 1 && !s->games_given)
        return util_fail(ARENA_E_CONFIG, err, errsz,
                         "an SPRT league in shards needs a game count (--games N): a shard "
                         "cannot stop on the whole match's evidence");
    if (s->continuous && (s->sprt || s->shard_count > 1))
        return util_fail(ARENA_E_CONFIG, err, errsz,
                         "--continuous plays one whole league until stopped: not %s",
                         s->sprt ? "an SPRT match (which stops on its own)" : "a shard");
    return 0;
}

int arena_settings_validate(const arena_settings *s, char *err, size_t errsz)
{
    int rc = check_bots(s, err, errsz);
    if (!rc)
        rc = check_rows(s, err, errsz);
    if (!rc)
        rc = check_games(s, err, errsz);
    if (!rc)
        rc = check_together(s, err, errsz);
    if (!rc && (!s->out_dir || !*s->out_dir))
        rc = util_fail(ARENA_E_CONFIG, err, errsz, "no output directory (--out DIR)");
    return rc;
}
