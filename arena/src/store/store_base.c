/* store_base.c - the bottom of the store, which every other store file may
 * call and which calls none of them: warnings and notes, the ids of the
 * games stored (a bit each), the handle's accessors (store_impl.h,
 * store/store.h). */
#include "store/store_impl.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "core/error.h"
#include "league/schedule.h"
#include "store/snapshot.h"
#include "util/text.h"

void arena_store_warnf(arena_warn_fn warn, void *user, const char *fmt, ...)
{
    if (!warn)
        return;
    char buf[1200]; /* a message with two paths */
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    warn(buf, user);
}

void arena_store_note_snapshot(arena_warn_fn note, void *user, const char *dir, const char *name,
                               int copied, const arena_snapshot_info *info)
{
    if (!copied) {
        arena_store_warnf(note, user,
                          "Bot '%s': nothing of its command to copy (a program "
                          "from PATH, or a word the shell expands): the league runs it where "
                          "it is",
                          name);
        return;
    }
    char skipped[300] = "";
    if (info->skipped[0])
        snprintf(skipped, sizeof skipped, " ('%s' cannot be copied: the shell expands it)",
                 info->skipped);
    arena_store_warnf(note, user,
                      "Bot '%s': %d file%s (%.1f KB) copied into %s/%s/: the "
                      "league runs this copy%s",
                      name, info->files, info->files == 1 ? "" : "s", info->bytes / 1024.0, dir,
                      info->dir, skipped);
}

typedef struct id_walk {
    arena_store *st;
    int bad;
    char why[256];
} id_walk;

static int mark_one(int64_t id, void *user)
{
    id_walk *w = user;
    if (id < 0 || id >= w->st->schedule_size) {
        if (!w->bad++)
            snprintf(w->why, sizeof w->why, "game %lld is outside the schedule (%lld games)",
                     (long long)id, (long long)w->st->schedule_size);
        return 0;
    }
    w->st->count += arena_store_mark(w->st, id);
    return 0;
}

int arena_store_mark(arena_store *st, int64_t id)
{
    uint64_t bit = (uint64_t)1 << (id % 64);
    if (st->has[id / 64] & bit)
        return 0;
    st->has[id / 64] |= bit;
    return 1;
}

int arena_store_reload_ids(arena_store *st, char *err, size_t errsz)
{
    free(st->has);
    st->count = 0;
    st->schedule_size = arena_schedule_total(&st->settings);
    st->has = calloc((size_t)(st->schedule_size / 64 + 1), sizeof *st->has);
    if (!st->has)
        return util_fail(ARENA_E_NOMEM, err, errsz, "out of memory");
    id_walk w = {st, 0, ""};
    int rc = leaguedb_foreach_id(st->db, mark_one, &w, err, errsz);
    if (rc == 0 && w.bad)
        arena_store_warnf(st->warn, st->user, "%s: %d game%s of another schedule ignored (%s)",
                          arena_store_db_path(st), w.bad, w.bad == 1 ? "" : "s", w.why);
    if (rc == 0)
        LOA_CHECK(arena_store_check(st));
    return rc;
}

/* ---- the checker ---- */

void arena_store_check(const arena_store *st)
{
    LOA_ASSERT(st && st->has && st->db);
    LOA_ASSERT(st->schedule_size >= 0 && st->count >= 0 && st->count <= st->schedule_size);
    if (st->schedule_size <= ARENA_STORE_CHECK_WALK) {
        int64_t words = st->schedule_size / 64 + 1, marked = 0;
        for (int64_t w = 0; w < words; w++)
            marked += __builtin_popcountll(st->has[w]);
        LOA_ASSERT(marked == st->count);
        /* no game beyond the schedule: the last word's bits past its end */
        LOA_ASSERT((st->has[words - 1] & (~(uint64_t)0 << (st->schedule_size % 64))) == 0);
    }
    LOA_ASSERT(st->writable || (st->games_fd < 0 && !st->released));
    if (st->writable && !st->released)
        LOA_ASSERT(leaguedb_lock_holder(st->db) == (long)getpid());
}

const arena_settings *arena_store_settings(const arena_store *st)
{
    return &st->settings;
}

int arena_store_count(const arena_store *st)
{
    return st->count;
}

int arena_store_has(const arena_store *st, int id)
{
    return id >= 0 && id < st->schedule_size && (st->has[id / 64] >> (id % 64) & 1);
}

int arena_store_next_id(const arena_store *st, int from)
{
    if (from < 0)
        from = 0;
    for (int64_t w = from / 64; w <= st->schedule_size / 64 && from < st->schedule_size; w++) {
        /* a word at a time: the ids not stored skipped 64 at once */
        uint64_t bits = st->has[w] & (w == from / 64 ? ~(uint64_t)0 << (from % 64) : ~(uint64_t)0);
        if (bits)
            return (int)(w * 64 + __builtin_ctzll(bits));
    }
    return -1;
}

const cJSON *arena_store_fingerprints(const arena_store *st)
{
    return st->fingerprints;
}

const char *arena_store_db_path(const arena_store *st)
{
    return leaguedb_path(st->db);
}

struct leaguedb *arena_store_db(const arena_store *st)
{
    return st->db;
}

const char *arena_store_standings_path(const arena_store *st)
{
    return st->standings_path;
}
