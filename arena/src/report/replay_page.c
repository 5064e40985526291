/* replay_page.c - a game's replay page or the index of a results
 * directory (report/replay_page.h). */
#include "report/replay_page.h"

#include <limits.h>
#include <stdio.h>

#ifdef LOA_HAVE_REPLAY
#include "replay/league.h"
#endif

int arena_replay_page_write(const char *dir, int id, char *err, size_t errsz)
{
#ifdef LOA_HAVE_REPLAY
    if (id < 0)
        return replay_write_index(dir, err, errsz);
    char path[PATH_MAX + 32];
    snprintf(path, sizeof path, "%s/games/%06d.json", dir, id);
    return replay_write_record_page(path, err, errsz);
#else
    (void)dir, (void)id, (void)err, (void)errsz;
    return 0;
#endif
}
