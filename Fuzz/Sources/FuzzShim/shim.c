#include "fuzzshim.h"
#include <zlib.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*cb)(const uint8_t *, size_t));
size_t LLVMFuzzerMutate(uint8_t *data, size_t size, size_t max_size);

int fuzzshim_run(int argc, char **argv, fuzz_callback callback) { return LLVMFuzzerRunDriver(&argc, &argv, callback); }

size_t fuzzshim_mutate(uint8_t *data, size_t size, size_t max_size) { return LLVMFuzzerMutate(data, size, max_size); }

uint32_t fuzzshim_crc32(uint32_t crc, const uint8_t *data, size_t len) { return (uint32_t)crc32(crc, data, (uInt)len); }
