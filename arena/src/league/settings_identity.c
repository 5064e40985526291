/* settings_identity.c - a league's identity: its settings as league.json
 * keeps them (from the settings table's rows), its comparison on resume,
 * the directory a flag league is given (league/settings_identity.h). */
#include "league/settings_identity.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/digest.h"
#include "core/error.h"
#include "league/setting.h"
#include "util/text.h"

/* What the league keeps of bot b beside its identity: its snapshot's
 * command (or false: never copied), its retirement. 0 on out of memory. */
static int bot_state(cJSON *o, const arena_bot *b)
{
    if (b->snapshot && !cJSON_AddStringToObject(o, "snapshot", b->snapshot))
        return 0;
    if (!b->snapshot && b->no_snapshot && !cJSON_AddFalseToObject(o, "snapshot"))
        return 0;
    return !b->retired || cJSON_AddTrueToObject(o, "retired");
}

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
            (s->bots[i].cwd && !cJSON_AddStringToObject(b, "cwd", s->bots[i].cwd)) ||
            !bot_state(b, &s->bots[i]))
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
    const cJSON *b;
    cJSON_ArrayForEach(b, cJSON_GetObjectItemCaseSensitive(j, "bots"))
    {
        cJSON_DeleteItemFromObjectCaseSensitive((cJSON *)b, "snapshot");
        cJSON_DeleteItemFromObjectCaseSensitive((cJSON *)b, "retired");
    }
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
                                                           "bots to a league)"
                                                         : "");
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
                             "bot '%s' has the command '%s', here '%s'; --out DIR alone "
                             "resumes the league as it stands, --replace-bot %s=COMMAND gives "
                             "the bot a new version",
                             a->name, a->command, b->command, a->name);
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
                         old->limits.first_turn_ms, old->limits.turn_ms, now->limits.first_turn_ms,
                         now->limits.turn_ms);
    case ARENA_SETTING_TIME_MODE:
    case ARENA_SETTING_WALL_CAP_MS:
    case ARENA_SETTING_TIME_MARGIN_MS:
        return util_fail(ARENA_E_MISMATCH, err, errsz,
                         "its timing is %s time, wall cap %d ms, margin %d ms; now %s time, "
                         "wall cap %d ms, margin %d ms (0: none or the default)",
                         ref_time_mode_name(old->time_mode), old->limits.wall_cap_ms,
                         old->limits.time_margin_ms, ref_time_mode_name(now->time_mode),
                         now->limits.wall_cap_ms, now->limits.time_margin_ms);
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
                         "error rates",
                         a, b);
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
