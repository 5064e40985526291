/*
 * info.h - loa-datagen --info: a file's settings, its counts and its
 * results, read through datagen/file.h (the format checked as any reader
 * should).
 */
#ifndef DATAGEN_INFO_H
#define DATAGEN_INFO_H

/* Prints each of files[0..n) on stdout. Returns the exit status: 0, or 1
 * when a file could not be read (one line on stderr names it). */
int datagen_tool_info(int n, char **files);

#endif
