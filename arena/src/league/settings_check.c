/* settings_check.c - a league's settings judged as a whole, without
 * looking at the machine (league/settings_check.h). */
#include "league/settings_check.h"

#include <stdint.h>
#include <string.h>

#include "core/error.h"
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

int arena_settings_validate(const arena_settings *s, char *err, size_t errsz)
{
    if (s->bot_count < 2)
        return util_fail(ARENA_E_CONFIG, err, errsz,
                         "a league needs at least two bots (%d given): add --bot NAME=COMMAND or "
                         "entries in \"bots\"", s->bot_count);
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
    if (s->games < 2 || s->games > 1000000 || s->games % 2)
        return util_fail(ARENA_E_CONFIG, err, errsz,
                         "games per pairing must be even and in 2..1000000 (%d given): games are "
                         "played in colour-swapped pairs", s->games);
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
                             "league", j + 1, a->bots, a->games);
    }
    if (s->step_count > 0 && s->format == ARENA_FORMAT_GAUNTLET &&
        arena_settings_gauntlet_index(s) >= s->steps[0].bots)
        return util_fail(ARENA_E_CONFIG, err, errsz,
                         "the gauntlet bot must be one of the league's first bots");
    if (s->concurrency < 0 || s->concurrency > 256)
        return util_fail(ARENA_E_CONFIG, err, errsz, "concurrency must be in 1..256 (%d given)",
                         s->concurrency);
    if (s->turn_ms < 1 || s->turn_ms > 3600000)
        return util_fail(ARENA_E_CONFIG, err, errsz,
                         "turn limit must be in 1..3600000 ms (%d given)", s->turn_ms);
    if (s->first_turn_ms < 1 || s->first_turn_ms > 3600000)
        return util_fail(ARENA_E_CONFIG, err, errsz,
                         "first-turn limit must be in 1..3600000 ms (%d given)", s->first_turn_ms);
    if (s->max_plies < 1 || s->max_plies > 100000)
        return util_fail(ARENA_E_CONFIG, err, errsz, "max plies must be in 1..100000 (%d given)",
                         s->max_plies);
    if (s->wall_cap_ms < 0 || s->wall_cap_ms > 3600000 || s->time_margin_ms < 0 ||
        s->time_margin_ms > 3600000)
        return util_fail(ARENA_E_CONFIG, err, errsz,
                         "wall cap and time margin must be in 0..3600000 ms (%d, %d given)",
                         s->wall_cap_ms, s->time_margin_ms);
    if (s->time_mode != REF_TIME_CPU && (s->wall_cap_ms || s->cpu_method != REF_CPU_AUTO))
        return util_fail(ARENA_E_CONFIG, err, errsz,
                         "%s applies to the cpu time mode only (time mode %s)",
                         s->wall_cap_ms ? "a wall cap" : "a CPU method",
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
    if (s->random_plies < 0 || s->random_plies > REF_OPENING_MAX ||
        (s->random_plies && s->random_plies >= s->max_plies))
        return util_fail(ARENA_E_CONFIG, err, errsz,
                         "random plies must be in 1..%d and fewer than the ply limit %d (%d "
                         "given)", REF_OPENING_MAX, s->max_plies, s->random_plies);
    if (s->openings_random && !s->openings_file)
        return util_fail(ARENA_E_CONFIG, err, errsz,
                         "a random openings order needs an openings file (--openings FILE)");
    if (s->sprt) {
        if (s->bot_count != 2)
            return util_fail(ARENA_E_CONFIG, err, errsz,
                             "an SPRT tests one bot against one other: %d bots given (a "
                             "round-robin or gauntlet of exactly 2)", s->bot_count);
        char why[256];
        if (arena_sprt_check(&s->sprt_params, why, sizeof why))
            return util_fail(ARENA_E_CONFIG, err, errsz, "SPRT: %s", why);
    }
    if (s->shard_count < 0 || s->shard_count > 1000000 ||
        (s->shard_count > 0 && (s->shard_index < 0 || s->shard_index >= s->shard_count)))
        return util_fail(ARENA_E_CONFIG, err, errsz, "shard %d/%d: it must be K/N with 0 <= K < N",
                         s->shard_index, s->shard_count);
    if (s->sprt && s->shard_count > 1 && !s->games_given)
        return util_fail(ARENA_E_CONFIG, err, errsz,
                         "an SPRT league in shards needs a game count (--games N): a shard "
                         "cannot stop on the whole match's evidence");
    if (s->rating_interval < 0 || s->rating_interval > ARENA_MAX_GAMES)
        return util_fail(ARENA_E_CONFIG, err, errsz, "rating interval must be in 0..%d (%d given)",
                         ARENA_MAX_GAMES, s->rating_interval);
    if (!s->out_dir || !*s->out_dir)
        return util_fail(ARENA_E_CONFIG, err, errsz, "no output directory (--out DIR)");
    return 0;
}
