// fuzzshim.h - libFuzzer's entry points, declared for Swift (libclang_rt.fuzzer defines them).
#ifndef FUZZSHIM_H
#define FUZZSHIM_H
#include <stddef.h>
#include <stdint.h>

typedef int (*fuzz_callback)(const uint8_t *data, size_t size);

/// Runs libFuzzer with the process's arguments and the given target (returns libFuzzer's exit code).
int fuzzshim_run(int argc, char **argv, fuzz_callback callback);
/// libFuzzer's own mutation of data[0..<size] in place, up to max_size bytes; returns the new size.
size_t fuzzshim_mutate(uint8_t *data, size_t size, size_t max_size);
/// CRC-32 as PNG chunks use it (zlib's), over len bytes, continuing from crc (0 to start).
uint32_t fuzzshim_crc32(uint32_t crc, const uint8_t *data, size_t len);
#endif
