/* changes.c - --add-bot, --replace-bot, --retire: the changes asked of a
 * league, handed to the arena running it or applied and played here
 * (app/tasks.h). */
#include "app/tasks.h"

#include <limits.h>
#include <stdio.h>

#include "app/league_run.h"
#include "core/error.h"
#include "store/store.h"
#include "util/sys.h"

int arena_task_changes(arena_request *req)
{
    char err[1024], bin[PATH_MAX];
    util_exe_dir(bin, sizeof bin);
    const char *dir = req->settings.out_dir;
    long holder = 0;
    int queued = 0;
    int rc = arena_store_request(dir, req->changes, req->change_count, bin, arena_note_stdout, NULL,
                                 &holder, &queued, err, sizeof err);
    fflush(stdout);
    if (rc) {
        fprintf(stderr, "loa-arena: %s\n",
                arena_error_kind(rc) == ARENA_E_NOMEM ? "out of memory" : err);
        return arena_error_kind(rc) == ARENA_E_NOMEM || arena_error_kind(rc) == ARENA_E_IO ? 1 : 2;
    }
    if (holder) {
        printf("Handed %d change%s to the loa-arena running %s (pid %ld): it applies them "
               "at once and plays on (loa-arena --standings %s shows where it stands)\n",
               queued, queued == 1 ? "" : "s", dir, holder, dir);
        return 0;
    }
    /* no arena runs the league: this process applies the changes (the
     * store's opening does, first thing) and plays what they make */
    return arena_league_run(req);
}
