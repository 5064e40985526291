/* tune_page.c - a tune's page (report/tune_page.h). */
#include "report/tune_page.h"

#ifdef LOA_HAVE_REPLAY
#include "replay/tune.h"
#endif

int arena_tune_page_write(const char *dir, char *err, size_t errsz)
{
#ifdef LOA_HAVE_REPLAY
    return replay_write_tune(dir, err, errsz);
#else
    (void)dir, (void)err, (void)errsz;
    return 0;
#endif
}
