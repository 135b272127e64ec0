// memory.c - handing freed memory back to the system between the films of a batch.
#include "cframediff.h"

#ifdef __GLIBC__
#include <malloc.h>
#endif

// NB: per film, not per frame: trimming every 60 frames cost five times the page faults for a few
// MB (Analysis.swift). Between films it is once a film, and it is what keeps a batch flat: glibc
// keeps what the finished films freed in the arenas of the threads that freed it.
void fd_release_free_memory(void) {
#ifdef __GLIBC__
    malloc_trim(0);
#endif
}
