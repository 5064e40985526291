/*
 * report/tune_page.h - the page of a tune's results directory
 * (DIR/index.html, docs/tuning.md): every parameter's trajectory, made by
 * the replay component (replay/tune.h) from DIR/tune-state.json.
 */
#ifndef ARENA_REPORT_TUNE_PAGE_H
#define ARENA_REPORT_TUNE_PAGE_H

#include <stddef.h>

/* Writes dir/index.html from dir/tune-state.json. 
 * Callers treat a failure as a warning (the tune's games are safe in
 * tune-games.jsonl). Returns 0 or a REPLAY_E_* code with err naming the
 * file. Thread-safe for distinct directories. */
int arena_tune_page_write(const char *dir, char *err, size_t errsz);

#endif
