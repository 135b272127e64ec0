// kernel.c - sums of squared byte differences per tile, a plain reference and SIMD versions.
//
// NB: C intrinsics, not Swift SIMD: on this machine class a C AVX2 kernel summed RGB squared
// differences at 12-14 GB/s, Swift SIMD16 with wrapping operators at ~9.7 GB/s, Swift
// SIMD32/SIMD64<UInt8> 100x slower than scalar (shared/FACTS.md); scripts/bench re-measures ours.
#include "cframediff.h"
#include "internal.h"
#include <stdlib.h>

#include <assert.h>
#include <string.h>

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#define FD_X86 1
#endif

void fd_band_sse_scalar(const uint8_t *a, ptrdiff_t a_stride, const uint8_t *b, ptrdiff_t b_stride,
                        int row_bytes, int rows, int tile_bytes, uint64_t *out) {
    for (int r = 0; r < rows; r++) {
        const uint8_t *pa = a + r * a_stride, *pb = b + r * b_stride;
        for (int x0 = 0, t = 0; x0 < row_bytes; x0 += tile_bytes, t++) {
            int n = row_bytes - x0 < tile_bytes ? row_bytes - x0 : tile_bytes;
            uint64_t s = 0;
            // Kept scalar on purpose: this is the definition the SIMD kernels are tested against
            // (clang would otherwise vectorise it to ~7 GB/s, the same idea with less care).
#pragma clang loop vectorize(disable) interleave(disable)
            for (int i = 0; i < n; i++) {
                int d = (int)pa[x0 + i] - (int)pb[x0 + i];
                s += (uint64_t)(d * d);
            }
            out[t] += s;
        }
    }
}

#ifdef FD_X86
// Each lane of a madd of |a-b| widened to 16 bits holds at most 2 * 255^2; with two madds per
// 32 bytes a 32-bit lane takes 260100 per step, so 512 KiB per tile stays below 2^32.
__attribute__((target("avx2")))
static void band_sse_avx2(const uint8_t *a, ptrdiff_t a_stride, const uint8_t *b, ptrdiff_t b_stride,
                          int row_bytes, int rows, int tile_bytes, uint64_t *out) {
    const __m256i zero = _mm256_setzero_si256();
    for (int x0 = 0, t = 0; x0 < row_bytes; x0 += tile_bytes, t++) {
        int n = row_bytes - x0 < tile_bytes ? row_bytes - x0 : tile_bytes;
        __m256i acc = zero;
        __m128i acc16 = _mm_setzero_si128();
        uint64_t tail = 0;
        for (int r = 0; r < rows; r++) {
            const uint8_t *pa = a + r * a_stride + x0, *pb = b + r * b_stride + x0;
            int i = 0;
            for (; i + 32 <= n; i += 32) {
                __m256i va = _mm256_loadu_si256((const __m256i *)(pa + i));
                __m256i vb = _mm256_loadu_si256((const __m256i *)(pb + i));
                __m256i d = _mm256_or_si256(_mm256_subs_epu8(va, vb), _mm256_subs_epu8(vb, va));
                __m256i lo = _mm256_unpacklo_epi8(d, zero), hi = _mm256_unpackhi_epi8(d, zero);
                acc = _mm256_add_epi32(acc, _mm256_madd_epi16(lo, lo));
                acc = _mm256_add_epi32(acc, _mm256_madd_epi16(hi, hi));
            }
            for (; i + 16 <= n; i += 16) {
                __m128i va = _mm_loadu_si128((const __m128i *)(pa + i));
                __m128i vb = _mm_loadu_si128((const __m128i *)(pb + i));
                __m128i d = _mm_or_si128(_mm_subs_epu8(va, vb), _mm_subs_epu8(vb, va));
                __m128i z = _mm_setzero_si128();
                __m128i lo = _mm_unpacklo_epi8(d, z), hi = _mm_unpackhi_epi8(d, z);
                acc16 = _mm_add_epi32(acc16, _mm_madd_epi16(lo, lo));
                acc16 = _mm_add_epi32(acc16, _mm_madd_epi16(hi, hi));
            }
            for (; i < n; i++) {
                int d = (int)pa[i] - (int)pb[i];
                tail += (uint64_t)(d * d);
            }
        }
        uint32_t lanes[8], lanes16[4];
        _mm256_storeu_si256((__m256i *)lanes, acc);
        _mm_storeu_si128((__m128i *)lanes16, acc16);
        uint64_t s = tail;
        for (int k = 0; k < 8; k++) s += lanes[k];
        for (int k = 0; k < 4; k++) s += lanes16[k];
        out[t] += s;
    }
}

static void band_sse_sse2(const uint8_t *a, ptrdiff_t a_stride, const uint8_t *b, ptrdiff_t b_stride,
                          int row_bytes, int rows, int tile_bytes, uint64_t *out) {
    const __m128i zero = _mm_setzero_si128();
    for (int x0 = 0, t = 0; x0 < row_bytes; x0 += tile_bytes, t++) {
        int n = row_bytes - x0 < tile_bytes ? row_bytes - x0 : tile_bytes;
        __m128i acc = zero;
        uint64_t tail = 0;
        for (int r = 0; r < rows; r++) {
            const uint8_t *pa = a + r * a_stride + x0, *pb = b + r * b_stride + x0;
            int i = 0;
            for (; i + 16 <= n; i += 16) {
                __m128i va = _mm_loadu_si128((const __m128i *)(pa + i));
                __m128i vb = _mm_loadu_si128((const __m128i *)(pb + i));
                __m128i d = _mm_or_si128(_mm_subs_epu8(va, vb), _mm_subs_epu8(vb, va));
                __m128i lo = _mm_unpacklo_epi8(d, zero), hi = _mm_unpackhi_epi8(d, zero);
                acc = _mm_add_epi32(acc, _mm_madd_epi16(lo, lo));
                acc = _mm_add_epi32(acc, _mm_madd_epi16(hi, hi));
            }
            for (; i < n; i++) {
                int d = (int)pa[i] - (int)pb[i];
                tail += (uint64_t)(d * d);
            }
        }
        uint32_t lanes[4];
        _mm_storeu_si128((__m128i *)lanes, acc);
        out[t] += tail + (uint64_t)lanes[0] + lanes[1] + lanes[2] + lanes[3];
    }
}
#endif

// The one run-time dispatch decision of every kernel here. It depends only on the CPU, so a race
// between two first calls stores the same value.
static int cpu_has_avx2(void) {
#ifdef FD_X86
    static int known = -1;
    if (known < 0) {
        __builtin_cpu_init();
        // FRAMEDIFF_KERNEL=sse2 runs the SSE2 kernels on an AVX2 machine (so tests reach them)
        const char *force = getenv("FRAMEDIFF_KERNEL");
        known = __builtin_cpu_supports("avx2") && !(force && !strcmp(force, "sse2")) ? 1 : 0;
    }
    return known;
#else
    return 0;
#endif
}

const char *fd_band_sse_kernel(void) {
#ifdef FD_X86
    return cpu_has_avx2() ? "avx2" : "sse2";
#else
    return "scalar";
#endif
}

void fd_band_sse(const uint8_t *a, ptrdiff_t a_stride, const uint8_t *b, ptrdiff_t b_stride,
                 int row_bytes, int rows, int tile_bytes, uint64_t *out) {
    assert((int64_t)tile_bytes * rows <= 512 * 1024);
#ifdef FD_X86
    (cpu_has_avx2() ? band_sse_avx2 : band_sse_sse2)(a, a_stride, b, b_stride, row_bytes, rows, tile_bytes, out);
#else
    fd_band_sse_scalar(a, a_stride, b, b_stride, row_bytes, rows, tile_bytes, out);
#endif
}

// NB: plain C (auto-vectorised at -O2): only films of more than 8 bits a channel come here, and
// those are converted whole anyway (swscale dithers across rows).
void fd_band_sse16(const uint8_t *a, ptrdiff_t a_stride, const uint8_t *b, ptrdiff_t b_stride,
                   int row_samples, int rows, int tile_samples, uint64_t *out) {
    for (int r = 0; r < rows; r++) {
        const uint16_t *pa = (const uint16_t *)(a + r * a_stride), *pb = (const uint16_t *)(b + r * b_stride);
        for (int x0 = 0, t = 0; x0 < row_samples; x0 += tile_samples, t++) {
            int n = row_samples - x0 < tile_samples ? row_samples - x0 : tile_samples;
            uint64_t s = 0;
            for (int i = 0; i < n; i++) {
                int64_t d = (int64_t)pa[x0 + i] - (int64_t)pb[x0 + i];
                s += (uint64_t)(d * d);
            }
            out[t] += s;
        }
    }
}

uint64_t fd_image_sse(const uint8_t *a, ptrdiff_t a_stride, const uint8_t *b, ptrdiff_t b_stride,
                      int width, int height, int bits) {
    if (bits > 8) {
        uint64_t s = 0;
        fd_band_sse16(a, a_stride, b, b_stride, width * 3, height, width * 3, &s);
        return s;
    }
    int row_bytes = width * 3;
    int rows_per_band = (512 * 1024) / (row_bytes > 0 ? row_bytes : 1);
    if (rows_per_band < 1) rows_per_band = 1;
    uint64_t total = 0;
    for (int y = 0; y < height; y += rows_per_band) {
        int rows = height - y < rows_per_band ? height - y : rows_per_band;
        if (row_bytes <= 512 * 1024) {
            uint64_t s = 0;
            fd_band_sse(a + y * a_stride, a_stride, b + y * b_stride, b_stride, row_bytes, rows, row_bytes, &s);
            total += s;
        } else {  // absurdly wide rows: cut them into tiles and add the tiles up
            uint64_t s[64] = {0};
            int tile = (row_bytes + 63) / 64;
            fd_band_sse(a + y * a_stride, a_stride, b + y * b_stride, b_stride, row_bytes, rows, tile, s);
            for (int k = 0; k < 64; k++) total += s[k];
        }
    }
    return total;
}

// --- which bytes of two rows differ ---------------------------------------------------------------

// Sets bit i of bits[] (32 a word) when a[i] != b[i]; returns nonzero when any byte differs.
// (fd_diff_bits may leave bits[] as it was when it returns 0: its callers skip equal rows.)
static int diff_bits_c(const uint8_t *a, const uint8_t *b, int n, uint32_t *bits) {
    uint32_t any = 0;
    for (int w = 0; w * 32 < n; w++) {
        uint32_t word = 0;
        for (int i = w * 32, k = 0; i < n && k < 32; i++, k++) word |= (uint32_t)(a[i] != b[i]) << k;
        bits[w] = word;
        any |= word;
    }
    return any != 0;
}

#ifdef FD_X86
// One read of an equal row, as memcmp makes: 128 bytes a step until a 32-byte word differs, and
// only from that word on the bitmap (the words before it are zeroed, not compared again).
// NB: memcmp first and a bitmap of the whole row after it read a changed row twice; perf on the
// second bench film put memcmp at 8.6% and this bitmap at 1.2% of the main job.
__attribute__((target("avx2")))
static int diff_bits_avx2(const uint8_t *a, const uint8_t *b, int n, uint32_t *bits) {
    int i = 0;
    for (; i + 128 <= n; i += 128) {
        __m256i d0 = _mm256_xor_si256(_mm256_loadu_si256((const __m256i *)(a + i)), _mm256_loadu_si256((const __m256i *)(b + i)));
        __m256i d1 = _mm256_xor_si256(_mm256_loadu_si256((const __m256i *)(a + i + 32)), _mm256_loadu_si256((const __m256i *)(b + i + 32)));
        __m256i d2 = _mm256_xor_si256(_mm256_loadu_si256((const __m256i *)(a + i + 64)), _mm256_loadu_si256((const __m256i *)(b + i + 64)));
        __m256i d3 = _mm256_xor_si256(_mm256_loadu_si256((const __m256i *)(a + i + 96)), _mm256_loadu_si256((const __m256i *)(b + i + 96)));
        __m256i any4 = _mm256_or_si256(_mm256_or_si256(d0, d1), _mm256_or_si256(d2, d3));
        if (!_mm256_testz_si256(any4, any4)) break;
    }
    if (i + 128 > n) {
        // the tail, 32 bytes a step: equal when its words and last bytes are; else the bitmap
        // starts at the word that differs
        for (; i + 32 <= n; i += 32) {
            __m256i d = _mm256_xor_si256(_mm256_loadu_si256((const __m256i *)(a + i)), _mm256_loadu_si256((const __m256i *)(b + i)));
            if (!_mm256_testz_si256(d, d)) break;
        }
        if (i + 32 > n && memcmp(a + i, b + i, (size_t)(n - i)) == 0) return 0;
    }
    int w = i / 32;
    memset(bits, 0, (size_t)w * sizeof *bits);
    uint32_t any = 0;
    for (; (w + 1) * 32 <= n; w++) {
        __m256i va = _mm256_loadu_si256((const __m256i *)(a + w * 32));
        __m256i vb = _mm256_loadu_si256((const __m256i *)(b + w * 32));
        uint32_t word = ~(uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(va, vb));
        bits[w] = word;
        any |= word;
    }
    if (w * 32 < n) any |= (uint32_t)diff_bits_c(a + w * 32, b + w * 32, n - w * 32, bits + w);
    return any != 0;
}
#endif

int fd_diff_bits(const uint8_t *a, const uint8_t *b, int n, uint32_t *bits) {
#ifdef FD_X86
    if (cpu_has_avx2()) return diff_bits_avx2(a, b, n, bits);
#endif
    // (memcmp first: most rows are equal, and it reads them at memory speed)
    return memcmp(a, b, (size_t)n) ? diff_bits_c(a, b, n, bits) : 0;
}

// --- one 16-pixel 8-bit RGB tile ------------------------------------------------------------------

#ifdef FD_X86
// NB: the meter measures changed tiles one at a time, 48 bytes a row; called per tile, the general
// band kernel took 4.6% of a `rank` run on the benchmark film, this one 3.7% (perf).
__attribute__((target("avx2")))
static uint64_t tile16_sse_avx2(const uint8_t *a, ptrdiff_t a_stride, const uint8_t *b, ptrdiff_t b_stride, int rows) {
    const __m256i zero = _mm256_setzero_si256();
    __m256i acc = zero;
    for (int r = 0; r < rows; r++, a += a_stride, b += b_stride) {
        __m256i va = _mm256_loadu_si256((const __m256i *)a), vb = _mm256_loadu_si256((const __m256i *)b);
        __m256i d = _mm256_or_si256(_mm256_subs_epu8(va, vb), _mm256_subs_epu8(vb, va));
        __m256i lo = _mm256_unpacklo_epi8(d, zero), hi = _mm256_unpackhi_epi8(d, zero);
        acc = _mm256_add_epi32(acc, _mm256_add_epi32(_mm256_madd_epi16(lo, lo), _mm256_madd_epi16(hi, hi)));
        __m128i ta = _mm_loadu_si128((const __m128i *)(a + 32)), tb = _mm_loadu_si128((const __m128i *)(b + 32));
        __m256i d16 = _mm256_cvtepu8_epi16(_mm_or_si128(_mm_subs_epu8(ta, tb), _mm_subs_epu8(tb, ta)));
        acc = _mm256_add_epi32(acc, _mm256_madd_epi16(d16, d16));
    }
    __m128i s = _mm_add_epi32(_mm256_castsi256_si128(acc), _mm256_extracti128_si256(acc, 1));
    s = _mm_add_epi32(s, _mm_shuffle_epi32(s, _MM_SHUFFLE(1, 0, 3, 2)));
    s = _mm_add_epi32(s, _mm_shuffle_epi32(s, _MM_SHUFFLE(2, 3, 0, 1)));
    return (uint32_t)_mm_cvtsi128_si32(s);
}
#endif

uint64_t fd_tile16_sse(const uint8_t *a, ptrdiff_t a_stride, const uint8_t *b, ptrdiff_t b_stride, int rows) {
#ifdef FD_X86
    if (cpu_has_avx2() && rows <= 64) return tile16_sse_avx2(a, a_stride, b, b_stride, rows);
#endif
    uint64_t s = 0;
    fd_band_sse(a, a_stride, b, b_stride, 48, rows, 48, &s);
    return s;
}

// --- measuring and taking one changed 16-pixel tile ------------------------------------------------

static void copy_tile16(uint8_t *pic, ptrdiff_t pic_stride, const uint8_t *fresh, ptrdiff_t fresh_stride, int rows) {
    for (int r = 0; r < rows; r++) memcpy(pic + r * pic_stride, fresh + r * fresh_stride, 48);
}

// The plain definition: the squared differences of `fresh` against `pic`, `fresh`'s statistics
// (when `stats`), and `fresh` copied into `pic`.
static uint64_t tile16_take_c(uint8_t *pic, ptrdiff_t pic_stride, const uint8_t *fresh, ptrdiff_t fresh_stride,
                              int rows, fd_tile_stats *stats) {
    uint64_t sse = 0;
    fd_band_sse_scalar(pic, pic_stride, fresh, fresh_stride, 48, rows, 48, &sse);
    if (stats) fd_tile_stats_c(fresh, fresh_stride, 16, rows, 1, stats);
    copy_tile16(pic, pic_stride, fresh, fresh_stride, rows);
    return sse;
}

#ifdef FD_X86
// NB: one pass over both tiles instead of three (the squared differences, the statistics of the
// new tile, the copy into the picture): those were 4.9% of the main job on the benchmark film.
// Channel sums are kept per byte position (16-bit lanes: at most 64 rows of 255) and split into
// channels once at the end (position p holds channel p % 3).
__attribute__((target("avx2")))
static uint64_t tile16_take_avx2(uint8_t *pic, ptrdiff_t pic_stride, const uint8_t *fresh, ptrdiff_t fresh_stride,
                                 int rows, fd_tile_stats *stats) {
    const __m256i zero = _mm256_setzero_si256();
    __m256i sse = zero, sq = zero, sum_a = zero, sum_b = zero, sum_c = zero;
    for (int r = 0; r < rows; r++, pic += pic_stride, fresh += fresh_stride) {
        __m256i f = _mm256_loadu_si256((const __m256i *)fresh), o = _mm256_loadu_si256((const __m256i *)pic);
        __m128i ft = _mm_loadu_si128((const __m128i *)(fresh + 32)), ot = _mm_loadu_si128((const __m128i *)(pic + 32));
        __m256i d = _mm256_or_si256(_mm256_subs_epu8(f, o), _mm256_subs_epu8(o, f));
        __m256i dlo = _mm256_unpacklo_epi8(d, zero), dhi = _mm256_unpackhi_epi8(d, zero);
        __m256i dt = _mm256_cvtepu8_epi16(_mm_or_si128(_mm_subs_epu8(ft, ot), _mm_subs_epu8(ot, ft)));
        sse = _mm256_add_epi32(sse, _mm256_add_epi32(_mm256_madd_epi16(dlo, dlo), _mm256_madd_epi16(dhi, dhi)));
        sse = _mm256_add_epi32(sse, _mm256_madd_epi16(dt, dt));
        if (stats) {
            // lanes: flo holds positions 0-7 and 16-23, fhi 8-15 and 24-31, f16 32-47
            __m256i flo = _mm256_unpacklo_epi8(f, zero), fhi = _mm256_unpackhi_epi8(f, zero);
            __m256i f16 = _mm256_cvtepu8_epi16(ft);
            sum_a = _mm256_add_epi16(sum_a, flo);
            sum_b = _mm256_add_epi16(sum_b, fhi);
            sum_c = _mm256_add_epi16(sum_c, f16);
            sq = _mm256_add_epi32(sq, _mm256_add_epi32(_mm256_madd_epi16(flo, flo), _mm256_madd_epi16(fhi, fhi)));
            sq = _mm256_add_epi32(sq, _mm256_madd_epi16(f16, f16));
        }
        _mm256_storeu_si256((__m256i *)pic, f);
        _mm_storeu_si128((__m128i *)(pic + 32), ft);
    }
    uint32_t lanes[8];
    _mm256_storeu_si256((__m256i *)lanes, sse);
    uint64_t total = 0;
    for (int k = 0; k < 8; k++) total += lanes[k];
    if (stats) {
        uint16_t a[16], b[16], c[16];
        _mm256_storeu_si256((__m256i *)a, sum_a);
        _mm256_storeu_si256((__m256i *)b, sum_b);
        _mm256_storeu_si256((__m256i *)c, sum_c);
        uint32_t at[48], channel[3] = {0, 0, 0};
        for (int i = 0; i < 8; i++) {
            at[i] = a[i];
            at[16 + i] = a[8 + i];
            at[8 + i] = b[i];
            at[24 + i] = b[8 + i];
        }
        for (int i = 0; i < 16; i++) at[32 + i] = c[i];
        for (int p = 0; p < 48; p++) channel[p % 3] += at[p];
        _mm256_storeu_si256((__m256i *)lanes, sq);
        uint32_t q = 0;
        for (int k = 0; k < 8; k++) q += lanes[k];
        *stats = (fd_tile_stats){channel[0], channel[1], channel[2], q};
    }
    return total;
}
#endif

uint64_t fd_tile16_take(uint8_t *pic, ptrdiff_t pic_stride, const uint8_t *fresh, ptrdiff_t fresh_stride, int rows,
                        fd_tile_stats *stats) {
#ifdef FD_X86
    if (cpu_has_avx2() && rows <= 64) return tile16_take_avx2(pic, pic_stride, fresh, fresh_stride, rows, stats);
#endif
    // the same three steps with the dispatched kernels
    uint64_t sse = fd_tile16_sse(pic, pic_stride, fresh, fresh_stride, rows);
    if (stats) fd_tile_stats_16(fresh, fresh_stride, rows, stats);
    copy_tile16(pic, pic_stride, fresh, fresh_stride, rows);
    return sse;
}

// --- every variant, for tests against the references (checkasm's way) -------------------------

static int has_avx2_cpu(void) {
#ifdef FD_X86
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2");
#else
    return 0;
#endif
}

int fd_kernel_band_sse(int variant, const uint8_t *a, ptrdiff_t a_stride, const uint8_t *b, ptrdiff_t b_stride,
                       int row_bytes, int rows, int tile_bytes, uint64_t *out) {
    switch (variant) {
    case 0: fd_band_sse_scalar(a, a_stride, b, b_stride, row_bytes, rows, tile_bytes, out); return 0;
#ifdef FD_X86
    case 1: band_sse_sse2(a, a_stride, b, b_stride, row_bytes, rows, tile_bytes, out); return 0;
    case 2: if (!has_avx2_cpu()) return -1; band_sse_avx2(a, a_stride, b, b_stride, row_bytes, rows, tile_bytes, out); return 0;
#endif
    default: return -1;
    }
}

int fd_kernel_diff_bits(int variant, const uint8_t *a, const uint8_t *b, int n, uint32_t *bits) {
    switch (variant) {
    case 0: return diff_bits_c(a, b, n, bits);
#ifdef FD_X86
    case 2: if (!has_avx2_cpu()) return -1; return diff_bits_avx2(a, b, n, bits);
#endif
    default: return -1;
    }
}

int fd_kernel_tile16_sse(int variant, const uint8_t *a, ptrdiff_t a_stride, const uint8_t *b, ptrdiff_t b_stride,
                         int rows, uint64_t *out) {
    switch (variant) {
    case 0: *out = 0; fd_band_sse_scalar(a, a_stride, b, b_stride, 48, rows, 48, out); return 0;
#ifdef FD_X86
    case 1: *out = 0; band_sse_sse2(a, a_stride, b, b_stride, 48, rows, 48, out); return 0;
    case 2: if (!has_avx2_cpu() || rows > 64) return -1; *out = tile16_sse_avx2(a, a_stride, b, b_stride, rows); return 0;
#endif
    default: return -1;
    }
}

int fd_kernel_tile_stats16(int variant, const uint8_t *p, ptrdiff_t stride, int rows, fd_tile_stats *out) {
    switch (variant) {
    case 0: fd_tile_stats_c(p, stride, 16, rows, 1, out); return 0;
    case 1: fd_tile_stats_16(p, stride, rows, out); return 0;
    default: return -1;
    }
}

int fd_kernel_tile16_take(int variant, uint8_t *pic, ptrdiff_t pic_stride, const uint8_t *fresh, ptrdiff_t fresh_stride,
                          int rows, fd_tile_stats *stats, uint64_t *out) {
    switch (variant) {
    case 0: *out = tile16_take_c(pic, pic_stride, fresh, fresh_stride, rows, stats); return 0;
#ifdef FD_X86
    case 2: if (!has_avx2_cpu() || rows > 64) return -1; *out = tile16_take_avx2(pic, pic_stride, fresh, fresh_stride, rows, stats); return 0;
#endif
    default: return -1;
    }
}
