/* fuzz_metrics - a bot's stderr (any bytes) read for metrics (issue 44):
 * the stream scan at two cuts gives the same metrics, within the turn's
 * bound, every name a metric name and every text valid UTF-8; the comment
 * words too; the stderr stripped of them is never longer; the metrics
 * packed as the league database keeps them unpack to the same, and the
 * bytes themselves read as a packed blob are refused or read, never a
 * crash. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "leaguedb/metrics.h"
#include "metric_scan.h"
#include "util/text.h"

static void check_items(const ref_metric_scan *s)
{
    if (s->n > UTIL_METRIC_TURN_MAX || s->lines > UTIL_METRIC_TURN_MAX || s->n > s->lines)
        abort();
    for (int k = 0; k < s->n; k++) {
        const ref_metric_item *it = &s->item[k];
        if (!util_metric_name_ok(it->name, strlen(it->name)))
            abort();
        if (it->v.type == UTIL_METRIC_TEXT &&
            (it->v.text != it->text ||
             util_utf8_check(it->text, strlen(it->text)) != strlen(it->text)))
            abort();
    }
}

/* The scan's turn metrics packed and unpacked: the same values. */
static void round_trip(const ref_metric_scan *s)
{
    int ply[UTIL_METRIC_TURN_MAX];
    util_metric_value v[UTIL_METRIC_TURN_MAX];
    for (int k = 0; k < s->n; k++) {
        ply[k] = 2 * k + 1;
        v[k] = s->item[k].v;
    }
    if (!s->n)
        return;
    leaguedb_metric_series series = {0, "x", {0}, s->n, ply, v};
    unsigned char *blob;
    size_t size;
    if (leaguedb_metric_pack(&series, &blob, &size))
        abort();
    int n, *p;
    util_metric_value *t;
    if (leaguedb_metric_unpack(blob, size, &n, &p, &t) || n != s->n)
        abort();
    for (int k = 0; k < n; k++)
        if (p[k] != ply[k] || t[k].type != v[k].type ||
            (v[k].type == UTIL_METRIC_INT && t[k].i != v[k].i) ||
            (v[k].type == UTIL_METRIC_REAL && memcmp(&t[k].d, &v[k].d, sizeof v[k].d)) ||
            (v[k].type == UTIL_METRIC_TEXT && strcmp(t[k].text, v[k].text)))
            abort();
    free(p);
    free(blob);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static ref_metric_scan whole, cut;
    const char *d = (const char *)data;
    ref_metric_scan_init(&whole);
    ref_metric_scan_feed(&whole, d, size);
    size_t at = size ? data[0] % (size + 1) : 0;
    ref_metric_scan_init(&cut);
    ref_metric_scan_feed(&cut, d, at);
    ref_metric_scan_feed(&cut, d + at, size - at);
    check_items(&whole);
    if (cut.n != whole.n || cut.dropped != whole.dropped)
        abort();
    round_trip(&whole);
    char *text = malloc(size + 1), *out = malloc(size + 1);
    if (text && out) {
        memcpy(text, d, size);
        text[size] = '\0';
        if (util_metric_strip(d, size, out) > size)
            abort();
        ref_metric_scan_clear(&whole);
        ref_metric_scan_comment(&whole, text); /* up to the first NUL */
        check_items(&whole);
    }
    free(text);
    free(out);
    int n, *p;
    util_metric_value *t;
    if (leaguedb_metric_unpack(data, size, &n, &p, &t) == 0)
        free(p);
    return 0;
}
