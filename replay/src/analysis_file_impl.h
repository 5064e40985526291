/*
 * analysis_file_impl.h - what the analysis file's reader
 * (analysis_file_read.c) and writer (analysis_file_write.c) share: the words
 * of a position's "eval" field.
 */
#ifndef REPLAY_ANALYSIS_FILE_IMPL_H
#define REPLAY_ANALYSIS_FILE_IMPL_H

/* The "eval" field's words (docs/analysis.md), indexed by replay_eval_kind
 * (replay/analysis.h): written from a position's kind, read back into it.
 * Static storage. */
static const char *const kind_names[] = {"none", "cp", "win", "loss", "end"};

#endif
