// allocator.c - the setting framediff makes to the C allocator, and a trim of its free pages.
//
// NB: glibc raises its mmap threshold to the size of every mmapped block freed (up to 32 MiB), so
// after the first frames the large blocks of the decoder and of the classifier's windows came
// from the heap, which fragments and does not shrink. A fixed threshold keeps them mmapped and
// returned when freed: peak RSS of the main job on the 1206x2622 bench film 192 -> 178 MB (20 s),
// 180 -> 167 MB (10 s), 198 -> 186 MB (60 s); wall time unchanged within run-to-run noise, page
// faults 44k -> 75k. (128 KiB gave the same RSS; 1 MiB and more kept 4 MB more.)
#include "cframediff.h"

#if defined(__GLIBC__)
#include <malloc.h>
#endif

int fd_fixed_mmap_threshold(int bytes) {
#if defined(__GLIBC__)
    return mallopt(M_MMAP_THRESHOLD, bytes);
#else
    (void)bytes;
    return 0;
#endif
}

int fd_trim_free_memory(void) {
#if defined(__GLIBC__)
    return malloc_trim(0);
#else
    return 0;
#endif
}
