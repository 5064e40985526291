/*
 * tables_features_runtime.c - loa_quad_deltas computed at start-up: the
 * unit loa-bundle puts in a single-file bot that uses the incremental
 * features (loa_features_move and friends, features.c); the library links
 * the generated const table instead (not part of the library). Apart from
 * tables_runtime.c for the same reason as tables_perft_runtime.c: a bot
 * without them carries neither the table nor its fill.
 */
#include "tables.h"
#include "tables_fill.h"

uint64_t loa_quad_deltas[256];

__attribute__((constructor)) static void loa_tables_features_init(void)
{
    loa_quad_deltas_fill(loa_quad_deltas);
}
