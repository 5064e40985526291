/*
 * fuzz.h - the entry point libFuzzer calls with each input (data[0..size),
 * any bytes; the target must not keep them). Each fuzz_<name>.c defines it
 * for one kind of hostile input; tests/fuzz/CMakeLists.txt builds them.
 */
#ifndef LOA_FUZZ_H
#define LOA_FUZZ_H

#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#endif
