/* tune_page.c - a tune's page (report/tune_page.h). */
#include "report/tune_page.h"

#include "replay/tune.h"

int arena_tune_page_write(const char *dir, char *err, size_t errsz)
{
    return replay_write_tune(dir, err, errsz);
}
