/* settings.c - the settings as a value: defaults, bots, the league's
 * identity (league.json) with its comparison on resume, and the opening
 * table they make (league/settings.h). */
#include "league/settings.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/digest.h"
#include "core/error.h"
#include "core/text.h"
#include "league/openings.h"
#include "league/setting.h"
#include "ref/referee.h"
#include "util/text.h"

void arena_settings_init(arena_settings *s)
{
    memset(s, 0, sizeof *s);
    for (int k = 0; k < ARENA_SETTING_COUNT; k++) /* the defaults are the table's */
        arena_setting_reset(s, &arena_setting_table[k]);
}

void arena_settings_clear(arena_settings *s)
{
    if (!s)
        return;
    for (int i = 0; i < s->bot_count; i++) {
        free(s->bots[i].name);
        free(s->bots[i].command);
        free(s->bots[i].cwd);
    }
    free(s->gauntlet_bot);
    free(s->out_dir);
    free(s->anchor);
    free(s->base_dir);
    free(s->source);
    free(s->openings_file);
    arena_openings_free(s->openings);
    arena_settings_init(s);
}

int arena_settings_copy(arena_settings *dst, const arena_settings *src)
{
    /* the values at once; then what src owns (strings, the table), copied */
    *dst = *src;
    dst->bot_count = 0;
    dst->gauntlet_bot = dst->out_dir = dst->anchor = dst->base_dir = dst->source = NULL;
    dst->openings_file = NULL;
    dst->openings = NULL;
    for (int i = 0; i < src->bot_count; i++) {
        if (arena_settings_add_bot(dst, src->bots[i].name, src->bots[i].command,
                                   src->bots[i].cwd, NULL, 0))
            goto oom;
        dst->bots[i].sandbox = src->bots[i].sandbox;
    }
    if ((src->openings && !(dst->openings = arena_openings_copy(src->openings))) ||
        arena_set_string(&dst->gauntlet_bot, src->gauntlet_bot) ||
        arena_set_string(&dst->openings_file, src->openings_file) ||
        arena_set_string(&dst->out_dir, src->out_dir) ||
        arena_set_string(&dst->anchor, src->anchor) ||
        arena_set_string(&dst->base_dir, src->base_dir) ||
        arena_set_string(&dst->source, src->source))
        goto oom;
    return 0;
oom:
    arena_settings_clear(dst);
    return ARENA_E_NOMEM;
}

int arena_settings_adopt(const arena_settings *old, arena_settings *now, char *err,
                         size_t errsz)
{
    now->step_count = 0;
    if (now->bot_count < old->bot_count || now->games < old->games ||
        old->step_count > ARENA_MAX_STEPS)
        return 0;
    for (int i = 0; i < old->bot_count; i++)
        if (strcmp(old->bots[i].name, now->bots[i].name) != 0)
            return 0;
    if (now->bot_count > old->bot_count && !now->extend)
        return 0;
    memcpy(now->steps, old->steps, sizeof *old->steps * (size_t)old->step_count);
    now->step_count = old->step_count;
    int adds = now->bot_count > old->bot_count;
    /* Raising games extends the last block only when that block is the
     * new rounds of every pairing: a league that never changed, or whose
     * last change raised games. Otherwise the old shape becomes a step. */
    int last_added = old->step_count > 0 && old->bot_count > old->steps[old->step_count - 1].bots;
    int raises = now->games > old->games;
    if (adds || (raises && last_added)) {
        if (old->step_count >= ARENA_MAX_STEPS)
            return util_fail(ARENA_E_CONFIG, err, errsz,
                             "the league has changed shape %d times, the most it records",
                             ARENA_MAX_STEPS);
        now->steps[now->step_count].bots = old->bot_count;
        now->steps[now->step_count].games = old->games;
        now->step_count++;
    }
    return 0;
}

int arena_bot_sandbox(const arena_settings *s, int bot)
{
    return s->bots[bot].sandbox >= 0 ? s->bots[bot].sandbox : s->sandbox;
}

int arena_sprt_tested_bot(const arena_settings *s)
{
    return s->format == ARENA_FORMAT_GAUNTLET ? arena_settings_gauntlet_index(s) : 0;
}

int arena_settings_add_bot(arena_settings *s, const char *name, const char *command,
                           const char *cwd, char *err, size_t errsz)
{
    if (s->bot_count >= ARENA_MAX_BOTS)
        return util_fail(ARENA_E_CONFIG, err, errsz, "too many bots (at most %d)", ARENA_MAX_BOTS);
    arena_bot *b = &s->bots[s->bot_count];
    memset(b, 0, sizeof *b);
    if (arena_set_string(&b->name, name) || arena_set_string(&b->command, command) ||
        arena_set_string(&b->cwd, cwd)) {
        free(b->name);
        free(b->command);
        free(b->cwd);
        memset(b, 0, sizeof *b);
        return util_fail(ARENA_E_NOMEM, err, errsz, "out of memory");
    }
    b->sandbox = -1; /* the league's */
    s->bot_count++;
    return 0;
}

int arena_settings_add_bot_arg(arena_settings *s, const char *arg, char *err, size_t errsz)
{
    const char *eq = strchr(arg, '=');
    if (!eq)
        return util_fail(ARENA_E_CONFIG, err, errsz,
                         "--bot '%s': expected NAME=COMMAND (e.g. --bot ab=./build/bin/loa-ab)",
                         arg);
    size_t n = (size_t)(eq - arg);
    if (n == 0)
        return util_fail(ARENA_E_CONFIG, err, errsz, "--bot '%s': the bot name is empty", arg);
    const char *cmd = eq + 1;
    while (*cmd == ' ' || *cmd == '\t')
        cmd++;
    if (!*cmd)
        return util_fail(ARENA_E_CONFIG, err, errsz, "--bot '%.*s': missing bot command after '='",
                         (int)(n > 64 ? 64 : n), arg);
    char *name = strndup(arg, n);
    if (!name)
        return util_fail(ARENA_E_NOMEM, err, errsz, "out of memory");
    int rc = arena_settings_add_bot(s, name, eq + 1, NULL, err, errsz);
    free(name);
    return rc;
}

int arena_settings_find_bot(const arena_settings *s, const char *name)
{
    for (int i = 0; name && i < s->bot_count; i++)
        if (s->bots[i].name && strcmp(s->bots[i].name, name) == 0)
            return i;
    return -1;
}

int arena_settings_gauntlet_index(const arena_settings *s)
{
    int i = s->gauntlet_bot ? arena_settings_find_bot(s, s->gauntlet_bot) : 0;
    return i < 0 ? 0 : i;
}
/* ---- identity ---- */

cJSON *arena_settings_to_json(const arena_settings *s)
{
    cJSON *root = cJSON_CreateObject();
    cJSON *bots = cJSON_AddArrayToObject(root, "bots");
    if (!bots)
        goto oom;
    for (int i = 0; i < s->bot_count; i++) {
        cJSON *b = cJSON_CreateObject();
        if (!b || !cJSON_AddItemToArray(bots, b) ||
            !cJSON_AddStringToObject(b, "name", s->bots[i].name) ||
            !cJSON_AddStringToObject(b, "command", s->bots[i].command) ||
            (s->bots[i].cwd && !cJSON_AddStringToObject(b, "cwd", s->bots[i].cwd)))
            goto oom;
    }
    for (int k = 0; k < ARENA_SETTING_COUNT; k++)
        if (!arena_setting_to_json(s, &arena_setting_table[k], root))
            goto oom;
    return root;
oom:
    cJSON_Delete(root);
    return NULL;
}

char *arena_settings_default_out(const arena_settings *s)
{
    cJSON *j = arena_settings_to_json(s);
    if (!j)
        return NULL;
    /* without what may change between runs of the same league */
    for (int k = 0; k < ARENA_SETTING_COUNT; k++) {
        const arena_setting *r = &arena_setting_table[k];
        if (r->identity == ARENA_ID_GROWS || r->identity == ARENA_ID_KEPT)
            cJSON_DeleteItemFromObjectCaseSensitive(j, r->key);
    }
    char *text = cJSON_PrintUnformatted(j);
    cJSON_Delete(j);
    if (!text)
        return NULL;
    unsigned char md[32];
    int ok = arena_digest_sha256(text, strlen(text), md) == 0;
    cJSON_free(text);
    if (!ok)
        return NULL;
    size_t n = sizeof ARENA_DEFAULT_OUT_PARENT + 1 + 12;
    char *out = malloc(n);
    if (out)
        snprintf(out, n, "%s/%02x%02x%02x%02x%02x%02x", ARENA_DEFAULT_OUT_PARENT, md[0], md[1],
                 md[2], md[3], md[4], md[5]);
    return out;
}

static int str_eq(const char *a, const char *b)
{
    return (!a && !b) || (a && b && strcmp(a, b) == 0);
}

/* The bots and their history: old's bots first in now, old's shape
 * recorded as a step of now's when now gained bots (arena_settings_adopt).
 * Returns 0 or ARENA_E_MISMATCH. */
static int compare_bots(const arena_settings *old, const arena_settings *now, char *err,
                        size_t errsz)
{
    int grown = now->bot_count > old->bot_count && now->step_count == old->step_count + 1 &&
                now->steps[old->step_count].bots == old->bot_count &&
                now->steps[old->step_count].games == old->games;
    if (old->bot_count != now->bot_count && !grown)
        return util_fail(ARENA_E_MISMATCH, err, errsz, "it has %d bots, this league %d%s",
                         old->bot_count, now->bot_count,
                         now->bot_count > old->bot_count ? " (--extend, or --add-bot, adds "
                                                          "bots to a league)" : "");
    if (now->step_count < old->step_count ||
        memcmp(now->steps, old->steps, sizeof *old->steps * (size_t)old->step_count) != 0)
        return util_fail(ARENA_E_MISMATCH, err, errsz,
                         "its history of added bots differs from this league's");
    for (int i = 0; i < old->bot_count; i++) {
        const arena_bot *a = &old->bots[i], *b = &now->bots[i];
        if (!str_eq(a->name, b->name))
            return util_fail(ARENA_E_MISMATCH, err, errsz, "its bot %d is '%s', here '%s'", i + 1,
                             a->name, b->name);
        if (!str_eq(a->command, b->command))
            return util_fail(ARENA_E_MISMATCH, err, errsz,
                             "bot '%s' had the command '%s', now '%s'", a->name, a->command,
                             b->command);
        if (!str_eq(a->cwd, b->cwd))
            return util_fail(ARENA_E_MISMATCH, err, errsz,
                             "bot '%s' had the working directory '%s', now '%s'", a->name,
                             a->cwd ? a->cwd : "(none)", b->cwd ? b->cwd : "(none)");
    }
    return 0;
}

/* "none", "FILE (file order)" or "N random plies", for messages. */
static const char *describe_openings(const arena_settings *s, char *buf, size_t size)
{
    if (s->openings_file)
        snprintf(buf, size, "%s (%s order)", s->openings_file,
                 s->openings_random ? "random" : "file");
    else if (s->random_plies)
        snprintf(buf, size, "%d random plies", s->random_plies);
    else
        snprintf(buf, size, "none");
    return buf;
}

/* The message of a difference in row r: the rows that make one thing
 * (the time limits; the timing; the openings) are named together. */
static int mismatch(const arena_settings *old, const arena_settings *now, const arena_setting *r,
                    char *err, size_t errsz)
{
    char a[600], b[600];
    switch (r->id) {
    case ARENA_SETTING_TURN_MS:
    case ARENA_SETTING_FIRST_TURN_MS:
        return util_fail(ARENA_E_MISMATCH, err, errsz,
                         "its time limits are %d/%d ms (first turn/turn), now %d/%d ms",
                         old->first_turn_ms, old->turn_ms, now->first_turn_ms, now->turn_ms);
    case ARENA_SETTING_TIME_MODE:
    case ARENA_SETTING_WALL_CAP_MS:
    case ARENA_SETTING_TIME_MARGIN_MS:
        return util_fail(ARENA_E_MISMATCH, err, errsz,
                         "its timing is %s time, wall cap %d ms, margin %d ms; now %s time, "
                         "wall cap %d ms, margin %d ms (0: none or the default)",
                         ref_time_mode_name(old->time_mode), old->wall_cap_ms,
                         old->time_margin_ms, ref_time_mode_name(now->time_mode),
                         now->wall_cap_ms, now->time_margin_ms);
    case ARENA_SETTING_OPENINGS:
    case ARENA_SETTING_OPENINGS_ORDER:
    case ARENA_SETTING_RANDOM_PLIES:
        return util_fail(ARENA_E_MISMATCH, err, errsz, "its openings are %s, now %s",
                         describe_openings(old, a, sizeof a), describe_openings(now, b, sizeof b));
    default: break;
    }
    arena_setting_format(old, r, a, sizeof a);
    arena_setting_format(now, r, b, sizeof b);
    if (r->id == ARENA_SETTING_SHARD)
        return util_fail(ARENA_E_MISMATCH, err, errsz, "it holds shard %s, now %s", a, b);
    if (r->id == ARENA_SETTING_SPRT)
        return util_fail(ARENA_E_MISMATCH, err, errsz,
                         "its SPRT is %s, now %s; changing a test's parameters midway voids its "
                         "error rates", a, b);
    if (r->type == ARENA_VALUE_NAME)
        return util_fail(ARENA_E_MISMATCH, err, errsz, "its %s is '%s', now '%s'", r->what, a, b);
    return util_fail(ARENA_E_MISMATCH, err, errsz, "its %s is %s, now %s", r->what, a, b);
}

int arena_settings_compare(const arena_settings *old, const arena_settings *now, char *err,
                           size_t errsz)
{
    int rc = compare_bots(old, now, err, errsz);
    /* the rows that must be the same, in the table's order (the history of
     * added bots is the bots' business, above) */
    for (int k = 0; k < ARENA_SETTING_COUNT && !rc; k++) {
        const arena_setting *r = &arena_setting_table[k];
        if ((r->identity == ARENA_ID_SAME || r->identity == ARENA_ID_SAME_SET) &&
            r->id != ARENA_SETTING_STEPS && !arena_setting_equal(old, now, r))
            rc = mismatch(old, now, r, err, errsz);
    }
    /* the schedule only appends: the games per pairing may only grow */
    if (!rc && now->games < old->games)
        return util_fail(ARENA_E_MISMATCH, err, errsz,
                         "it plays %d games per pairing, now %d, and a league can only grow",
                         old->games, now->games);
    return rc;
}

ref_limits arena_settings_limits(const arena_settings *s)
{
    ref_limits l = {s->first_turn_ms, s->turn_ms, s->max_plies, s->wall_cap_ms,
                    s->time_margin_ms};
    return l;
}

int arena_settings_openings(const arena_settings *s, arena_openings **out, char *err,
                            size_t errsz)
{
    *out = NULL;
    int rc = 0;
    if (s->openings_file) {
        rc = arena_openings_load(s->openings_file, out, err, errsz);
        if (rc == 0 && s->openings_random)
            rc = arena_openings_shuffle(*out, s->seed);
        for (int i = 0; rc == 0 && i < arena_openings_count(*out); i++) {
            const loa_move *m;
            int n = arena_openings_get(*out, i, &m);
            if (n >= s->max_plies)
                rc = util_fail(ARENA_E_CONFIG, err, errsz,
                               "%s: opening %d has %d plies, not fewer than the ply limit %d",
                               s->openings_file, i + 1, n, s->max_plies);
        }
    } else if (s->random_plies > 0) {
        rc = arena_openings_random(s->seed, s->games / 2 > 0 ? s->games / 2 : 1, s->random_plies,
                                   out, err, errsz);
    }
    if (rc) {
        arena_openings_free(*out);
        *out = NULL;
    }
    return rc;
}
