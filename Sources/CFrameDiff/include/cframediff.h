// cframediff.h - the whole C surface of framediff.
//
// Why C at all: FFmpeg's API is macro-heavy (AVERROR(EAGAIN), AV_NOPTS_VALUE), hands out 8-tuples
// (AVFrame.data) and needs careful lifetimes; libpng reports errors by longjmp; and the pixel
// kernels want intrinsics with run-time dispatch. Everything here is a few opaque handles and
// plain functions; every decision is made in Swift.
//
// Errors: functions that can fail take `char *err, size_t errlen` and write one line with the
// cause (FFmpeg's own av_strerror text where there is one). They never print.
#ifndef CFRAMEDIFF_H
#define CFRAMEDIFF_H

#include <stddef.h>
#include <stdint.h>

// ---------------------------------------------------------------------------------------------
// Video files (libavformat + libavcodec)

/// Opaque: demuxer, decoder, and the current and previous decoded frame.
typedef struct fd_video fd_video;

typedef struct fd_video_info {
    int width, height;     // size of the first frame as stored (before rotation)
    int rotation;          // clockwise degrees a player turns the picture: 0, 90, 180 or 270
    int mirror;            // 1 when the picture is mirrored left to right before it is turned
    double duration_ms;    // container duration, 0 when unknown
    int duration_declared; // 1 when the container states it (not estimated from the bitrate)
    double start_ms;       // the container's start time (what every pts is counted from)
    int64_t frames_hint;   // frame count the container declares, 0 when unknown
    char codec[32];        // decoder name, e.g. "h264"
    char pix_fmt[32];      // pixel format of the first frame, e.g. "yuv420p"
} fd_video_info;

/// The largest frame framediff reads, video or PNG: 8192x8192 pixels (a 15000x15000 frame is
/// refused from its header before any pixel takes memory).
#define FD_MAX_PIXELS (8192 * 8192)

/// Opens a film and decodes its first frame (so a film with no decodable frame fails here).
/// `threads` is the decoder's thread count, 0 for one per core. Opening and decoding run on a
/// thread of their own: when it gives nothing for `stall_ms` (0: no limit), opening fails, or
/// fd_video_next returns -1, and the thread is left behind (a FIFO nobody writes, a stalled
/// network file system). `seek_ms` >= 0 starts at the keyframe at or before that moment (read
/// from the start when the container cannot seek). NULL on failure, with err.
fd_video *fd_video_open(const char *path, int threads, int stall_ms, double seek_ms, char *err, size_t errlen);
void fd_video_close(fd_video *v);
void fd_video_get_info(const fd_video *v, fd_video_info *info);
/// Advances to the next frame: 1 a frame, 0 the end, -1 an error (err says which).
/// The first call returns the frame decoded by fd_video_open.
int fd_video_next(fd_video *v, char *err, size_t errlen);
/// Presentation time of the current frame in ms from the film's start time (what a player shows).
double fd_video_pts_ms(const fd_video *v);
int fd_video_frame_width(const fd_video *v);
int fd_video_frame_height(const fd_video *v);
/// Damaged data met so far: packets the decoder rejected and frames it had to conceal errors in
/// (decoding goes on past them, as ffmpeg does).
int fd_video_corrupt_packets(fd_video *v);

/// What a film read to its end held, against what its container announces.
typedef struct fd_video_end {
    int64_t packets;   // video packets read
    int64_t frames;    // frames decoded
    int64_t lost;      // packets the decoder took and gave no frame for (damage)
    int checked;       // 1 when the container says enough to tell whether the file is whole
    int whole;         // with checked: 1 when it is; else `cause` says what is missing
    int sealed;        // Matroska/WebM: its segment's size, written when the muxer finished, ends
                       // where the walk of its elements ended (a cut anywhere would show)
    char cause[160];
} fd_video_end;
/// After fd_video_next returned 0 on a film read from its start: 0 and `out` filled, else -1.
/// MP4/MOV by their index, GIF by its trailer, MPEG-TS by its packets, Matroska/WebM by walking
/// its element headers; other containers are not checked (the declared duration still is).
int fd_video_end_state(fd_video *v, fd_video_end *out);

// ---------------------------------------------------------------------------------------------
// PNG (libpng)

/// Reads a PNG as RGB with 8 or 16 bits a channel (*bits; 16-bit samples in native byte order),
/// palette and grey converted to RGB; a picture with alpha is premultiplied by it as ImageMagick's
/// compare measures it, and returned as 16-bit RGB. *rgb is a malloc'd buffer for fd_free.
int fd_png_read(const char *path, uint8_t **rgb, int *width, int *height, ptrdiff_t *stride, int *bits,
                char *err, size_t errlen);
/// Writes 8-bit RGB as PNG. Returns 0, or -1 with err: why the file could not be written (the
/// system's words, strerror, or libpng's).
int fd_png_write(const char *path, const uint8_t *rgb, int width, int height, ptrdiff_t stride,
                 int compression, char *err, size_t errlen);
void fd_free(void *p);

// ---------------------------------------------------------------------------------------------
// Squared-difference kernels

/// Adds to out[t] the sum of squared byte differences of tile t, for a band of `rows` rows of
/// `row_bytes` bytes cut into tiles of `tile_bytes` (the last tile may be narrower).
/// tile_bytes * rows must not exceed 512 KiB (32-bit lane accumulators).
void fd_band_sse(const uint8_t *a, ptrdiff_t a_stride, const uint8_t *b, ptrdiff_t b_stride,
                 int row_bytes, int rows, int tile_bytes, uint64_t *out);
/// The plain C reference of fd_band_sse; the fast kernel must give identical sums.
void fd_band_sse_scalar(const uint8_t *a, ptrdiff_t a_stride, const uint8_t *b, ptrdiff_t b_stride,
                        int row_bytes, int rows, int tile_bytes, uint64_t *out);
/// Name of the kernel fd_band_sse dispatches to on this CPU ("avx2", "sse2" or "scalar").
const char *fd_band_sse_kernel(void);
/// The same for 16-bit samples (native byte order); `row_samples` counts uint16 values.
void fd_band_sse16(const uint8_t *a, ptrdiff_t a_stride, const uint8_t *b, ptrdiff_t b_stride,
                   int row_samples, int rows, int tile_samples, uint64_t *out);
/// Sum of squared differences of two whole RGB images of the same size, 8 or 16 bits a channel.
uint64_t fd_image_sse(const uint8_t *a, ptrdiff_t a_stride, const uint8_t *b, ptrdiff_t b_stride,
                      int width, int height, int bits);

// ---------------------------------------------------------------------------------------------
// The meter: one pass a frame, measuring only where the frame changed

/// Opaque: the RGB picture of the last frame pushed, the colour converter, the tile grid.
///
/// Each push compares the new frame's planes with the previous frame's band by band (a band is
/// `tile` rows). An unchanged band contributes exactly zero; a changed band alone is converted to
/// RGB (exactly as a whole-frame conversion would, which is checked once per pixel format) and
/// measured against the cached RGB of the previous frame, then replaces it.
typedef struct fd_meter fd_meter;

/// Per-tile statistics of the current frame, for the classifier (sums over unmasked pixels, on the
/// 8-bit scale whatever the frame's depth).
typedef struct fd_tile_stats {
    uint32_t sum_r, sum_g, sum_b;  // channel sums
    uint32_t sum_sq;               // sum over pixels and channels of value^2
} fd_tile_stats;

fd_meter *fd_meter_create(int width, int height, int tile);
void fd_meter_free(fd_meter *m);
/// Whether to keep per-tile statistics (mean colour, flatness); on by default. `rank` needs none.
void fd_meter_keep_stats(fd_meter *m, int keep);
/// What the meter's pushes cost, counted when asked (fd_meter_count_stages, off by default): the
/// time in each stage in fd_ticks, and the bytes each read (compare: plane rows of the new frame)
/// or wrote (convert: RGB from swscale; measure: RGB of the tiles measured).
typedef struct fd_stage_counts {
    uint64_t compare_ticks, convert_ticks, measure_ticks;
    uint64_t compare_bytes, convert_bytes, measure_bytes;
} fd_stage_counts;
void fd_meter_count_stages(fd_meter *m, int on);
fd_stage_counts fd_meter_stage_counts(const fd_meter *m);
/// Excludes a rectangle (stored orientation, pixels) from every measure.
void fd_meter_add_mask(fd_meter *m, int x, int y, int w, int h);
/// Measures the video's current frame against the previous push. 0, or -1 with err.
int fd_meter_push_video(fd_meter *m, const fd_video *v, char *err, size_t errlen);
/// Measures an RGB picture (8 or 16 bits a channel) against the previous push.
int fd_meter_push_rgb(fd_meter *m, const uint8_t *rgb, ptrdiff_t stride, int bits);

/// Results of the last push.
uint64_t fd_meter_sse(const fd_meter *m);          // sum of squared differences, in fd_meter_max_value units
int fd_meter_max_value(const fd_meter *m);         // 255, or 65535 for frames of more than 8 bits
uint64_t fd_meter_samples(const fd_meter *m);      // unmasked pixels x 3 channels
int fd_meter_changed_bands(const fd_meter *m);     // bands whose planes differed
const uint64_t *fd_meter_tile_sse(const fd_meter *m);       // tiles_x * tiles_y, row-major
const fd_tile_stats *fd_meter_tile_stats(const fd_meter *m);
const uint32_t *fd_meter_tile_pixels(const fd_meter *m);    // unmasked pixels per tile
/// Bits a channel of the pictures measured: 8, or 16.
int fd_meter_bits(const fd_meter *m);
/// Copies the RGB picture of the last push (stored orientation; masks are black) to `dst`, which
/// holds height rows of width * 3 * (bits / 8) bytes at `dst_stride`.
void fd_meter_copy_rgb(const fd_meter *m, uint8_t *dst, ptrdiff_t dst_stride);

// ---------------------------------------------------------------------------------------------
// Kernel variants

/// Every implementation of the meter's kernels, for tests against the plain C references
/// (checkasm's way): variant 0 the reference, 1 SSE2, 2 AVX2. Each returns -1 when this CPU (or
/// this kernel) has no such variant. `FRAMEDIFF_KERNEL=sse2` makes the dispatch pick SSE2.
int fd_kernel_band_sse(int variant, const uint8_t *a, ptrdiff_t a_stride, const uint8_t *b, ptrdiff_t b_stride,
                       int row_bytes, int rows, int tile_bytes, uint64_t *out);
/// Sets bit i of `bits` (32 a word) where a[i] != b[i]; returns 1 when any differs, 0 when none.
int fd_kernel_diff_bits(int variant, const uint8_t *a, const uint8_t *b, int n, uint32_t *bits);
/// The squared differences of one 16-pixel RGB tile (48 bytes a row).
int fd_kernel_tile16_sse(int variant, const uint8_t *a, ptrdiff_t a_stride, const uint8_t *b, ptrdiff_t b_stride,
                         int rows, uint64_t *out);
/// Channel sums and sum of squares of one 16-pixel RGB tile.
int fd_kernel_tile_stats16(int variant, const uint8_t *p, ptrdiff_t stride, int rows, fd_tile_stats *out);
/// Measures and takes one changed 16-pixel RGB tile: the squared differences of `fresh` against
/// `pic` in `out`, `fresh`'s statistics in `stats` (when not NULL), and `fresh` copied into `pic`.
int fd_kernel_tile16_take(int variant, uint8_t *pic, ptrdiff_t pic_stride, const uint8_t *fresh, ptrdiff_t fresh_stride,
                          int rows, fd_tile_stats *stats, uint64_t *out);

// ---------------------------------------------------------------------------------------------
// Clips (libavformat + libavcodec): a looping animated WebP of 8-bit RGB frames, each shown from
// its pts (ms) to the next one's. 0, or -1 with err.
int fd_clip_write(const char *path, const uint8_t *const *rgb, const ptrdiff_t *strides, const int64_t *pts_ms,
                  int count, int width, int height, char *err, size_t errlen);

// ---------------------------------------------------------------------------------------------
// Clocks for the per-stage account (FRAMEDIFF_STAGES): a cheap tick to share a thread's time
// between its stages (the TSC on x86-64, else monotonic ns), and CPU time (user + system, ns) of
// the calling thread and of the whole process.
uint64_t fd_ticks(void);
uint64_t fd_thread_cpu_ns(void);
uint64_t fd_process_cpu_ns(void);

// ---------------------------------------------------------------------------------------------
// Memory: hands what the allocator keeps freed back to the system (glibc's malloc_trim; nothing
// elsewhere). Between the films of a batch, not per frame.
void fd_release_free_memory(void);

// ---------------------------------------------------------------------------------------------
// Digests (libavutil): SHA-256 of `size` bytes into `out`. 0, or -1 when no memory.
int fd_sha256(const uint8_t *data, size_t size, uint8_t out[32]);

#endif
