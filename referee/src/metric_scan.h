/*
 * metric_scan.h - the metrics a bot prints on its stderr (util/metric.h),
 * read from the stream as the channel drains it (chan.c), before the
 * channel keeps only its tail: a bot printing a lot still has its metrics.
 * The lines of one turn are collected here until the game takes them with
 * the turn's ply (game.c). At most UTIL_METRIC_TURN_MAX lines (and comment
 * words) are read a turn; the rest, and the refused ones, are counted in
 * dropped. A line counts when its newline arrives; a metric line longer
 * than UTIL_METRIC_LINE_MAX bytes is dropped.
 *
 * One scan per bot, used by the game's thread only. Internal.
 */
#ifndef REF_METRIC_SCAN_H
#define REF_METRIC_SCAN_H

#include <stddef.h>

#include "util/metric.h"

/* One metric read (texts NUL-terminated, in the item). */
typedef struct ref_metric_item {
    util_metric_scope scope;
    char name[UTIL_METRIC_NAME_MAX + 1];
    util_metric_value v; /* TEXT: v.text points at text */
    char text[UTIL_METRIC_TEXT_MAX + 1];
} ref_metric_item;

typedef struct ref_metric_scan {
    int state;                       /* where the stream is in a line */
    size_t len;                      /* bytes of the line kept in line */
    int overlong;                    /* the line passed UTIL_METRIC_LINE_MAX */
    char line[UTIL_METRIC_LINE_MAX]; /* the current line's start, blanks skipped */
    ref_metric_item item[UTIL_METRIC_TURN_MAX];
    int n;       /* items read this turn */
    int lines;   /* lines and words read this turn (<= UTIL_METRIC_TURN_MAX) */
    int dropped; /* lines dropped this turn */
} ref_metric_scan;

/* An empty scan at a line's start. */
void ref_metric_scan_init(ref_metric_scan *s);

/* Reads d[0..n) of the stream (any bytes, any cut). */
void ref_metric_scan_feed(ref_metric_scan *s, const char *d, size_t n);

/* Adds the words `name=value` of an answer's comment (util/metric.h) as
 * turn metrics, after the stderr's. */
void ref_metric_scan_comment(ref_metric_scan *s, const char *comment);

/* Empties the turn's items and count (the line in progress stays). */
void ref_metric_scan_clear(ref_metric_scan *s);

#endif
