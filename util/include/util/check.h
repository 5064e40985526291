/*
 * util/check.h - invariants checked at run time (SQLite's assert() and its
 * sqlite3...Check functions): LOA_ASSERT(cond) and the LOA_CHECKS switch.
 *
 * LOA_CHECKS is defined (to 1) by cmake/LoaTarget.cmake in the builds made
 * to find bugs: the sanitizer builds (LOA_SANITIZE, LOA_TSAN), the fuzz
 * build (LOA_FUZZ) and Debug; the Release build leaves it out, so that a
 * check may cost what it must (a checker walks a whole handle at each of
 * its transitions: a league's bitmap, a planner's states, a record decoded
 * again) and a shipped loa-arena pays nothing for it.
 *
 * LOA_ASSERT(cond): with LOA_CHECKS, a false cond prints
 * "FILE:LINE: FUNCTION: invariant failed: COND" on stderr and aborts
 * (SIGABRT: a sanitizer's or a debugger's stack, a Check test's
 * tcase_add_test_raise_signal); without, cond is not evaluated (it must
 * have no side effect) but is still compiled, so it cannot rot.
 *
 * A handle's checker ("ARENA_..._check(h)") is a function that walks the
 * handle and LOA_ASSERTs what must hold; it is called at the handle's
 * transitions through LOA_CHECK(call), which without LOA_CHECKS is not
 * evaluated (compiled all the same). Thread-safe (stderr, abort).
 */
#ifndef UTIL_CHECK_H
#define UTIL_CHECK_H

/* Prints the failed invariant (cond's text, where) and aborts. Never
 * returns. Called by LOA_ASSERT; thread-safe. */
_Noreturn void util_assert_fail(const char *cond, const char *file, int line, const char *func);

#ifdef LOA_CHECKS
#define LOA_CHECKS_ON 1
#define LOA_ASSERT(cond) ((cond) ? (void)0 : util_assert_fail(#cond, __FILE__, __LINE__, __func__))
#define LOA_CHECK(call) (call)
#else
#define LOA_CHECKS_ON 0
#define LOA_ASSERT(cond) ((void)sizeof(!(cond)))
#define LOA_CHECK(call) ((void)(0 && ((call), 1)))
#endif

#endif
