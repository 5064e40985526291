/*
 * tune.c - a loa-tune results directory's page (replay/tune.h): its
 * tune-state.json as the data of tune.html.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "assets.h"
#include "replay/tune.h"
#include "util/error.h"
#include "util/file.h"
#include "util/json.h"
#include "util/text.h"

/* DIR/tune-state.json as a JSON object with "dir" added. */
static int read_state(const char *dir, cJSON **out, char *err, size_t errsz)
{
    char *path = util_path_join(dir, "tune-state.json"), *text = NULL;
    if (!path)
        return util_fail(REPLAY_E_NOMEM, err, errsz, "out of memory");
    size_t len = 0;
    int rc = util_read_file(path, REPLAY_TUNE_FILE_MAX, &text, &len);
    if (rc == UTIL_E_IO && errno == ENOENT)
        rc = util_fail(REPLAY_E_TUNE, err, errsz,
                       "%s: no such file: not a loa-tune results "
                       "directory",
                       path);
    else if (rc == UTIL_E_RANGE)
        rc = util_fail(REPLAY_E_TOO_BIG, err, errsz, "%s: larger than %u bytes", path,
                       REPLAY_TUNE_FILE_MAX);
    else if (rc == UTIL_E_NOMEM)
        rc = util_fail(REPLAY_E_NOMEM, err, errsz, "out of memory");
    else if (rc)
        rc = util_fail(REPLAY_E_IO, err, errsz, "cannot read %s: %s", path, strerror(errno));
    cJSON *o = NULL;
    char why[200];
    if (!rc && util_json_parse(text, len, &o, why, sizeof why) != 0)
        rc = util_fail(REPLAY_E_TUNE, err, errsz, "%s: %s", path, why);
    else if (!rc && !cJSON_IsObject(o))
        rc = util_fail(REPLAY_E_TUNE, err, errsz, "%s: not a JSON object", path);
    cJSON_DeleteItemFromObjectCaseSensitive(o, "dir");
    char name[256];
    if (!rc && !cJSON_AddStringToObject(o, "dir", replay_dir_name(dir, name, sizeof name)))
        rc = util_fail(REPLAY_E_NOMEM, err, errsz, "out of memory");
    free(text);
    free(path);
    if (rc)
        cJSON_Delete(o);
    else
        *out = o;
    return rc;
}

int replay_write_tune(const char *dir, char *err, size_t errsz)
{
    if (!dir || !*dir)
        return util_fail(REPLAY_E_INVAL, err, errsz, "replay_write_tune: no directory");
    cJSON *data = NULL;
    int rc = read_state(dir, &data, err, errsz);
    char *html = NULL, *path = NULL;
    size_t len = 0;
    if (rc == 0) {
        char title[300], name[256];
        snprintf(title, sizeof title, "Tune %.250s", replay_dir_name(dir, name, sizeof name));
        rc = replay_render("tune.html", title, data, &html, &len, err, errsz);
    }
    if (rc == 0 && !(path = util_path_join(dir, "index.html")))
        rc = util_fail(REPLAY_E_NOMEM, err, errsz, "out of memory");
    if (rc == 0 && util_write_file_atomic(path, html, len) != 0)
        rc = util_fail(REPLAY_E_IO, err, errsz, "cannot write %s: %s", path, strerror(errno));
    free(path);
    free(html);
    cJSON_Delete(data);
    return rc;
}
