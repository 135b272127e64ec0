// clocks.c - the clocks of the per-stage account (FRAMEDIFF_STAGES=1).
//
// NB: the meter's stages alternate band by band, 160 bands a frame at 1206x2622: a thread-CPU
// clock read at each switch (a system call, ~0.3 us) would cost more than some stages it times.
// The TSC costs ~20 cycles: each stage's ticks, turned into seconds by the rate the scan measured
// (StageAccount), and each thread's CPU time read once at its end give the rest (decode, glue).
#include "cframediff.h"

#include <sys/resource.h>
#include <time.h>
#if defined(__x86_64__)
#include <x86intrin.h>
#endif

uint64_t fd_ticks(void) {
#if defined(__x86_64__)
    return __rdtsc();
#else
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
#endif
}

uint64_t fd_thread_cpu_ns(void) {
    struct timespec t;
    if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t) != 0) return 0;
    return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

uint64_t fd_process_cpu_ns(void) {
    struct rusage u;
    if (getrusage(RUSAGE_SELF, &u) != 0) return 0;
    return ((uint64_t)u.ru_utime.tv_sec + (uint64_t)u.ru_stime.tv_sec) * 1000000000u
           + ((uint64_t)u.ru_utime.tv_usec + (uint64_t)u.ru_stime.tv_usec) * 1000u;
}
