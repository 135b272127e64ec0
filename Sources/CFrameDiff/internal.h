// internal.h - what the C files share with each other and never with Swift.
#ifndef CFRAMEDIFF_INTERNAL_H
#define CFRAMEDIFF_INTERNAL_H

#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <pthread.h>

#include "cframediff.h"

// Frames decoded ahead of the caller. Decoding runs on a thread of its own so that measuring a
// frame overlaps decoding the next ones: ffmpeg's frame-threaded H.264 decoding keeps only ~1.5 of
// 2 cores busy (perf stat on the benchmark film). NB: 2 ahead: with 1, a frame whose measuring
// took longer than decoding the next (a transition's changed tiles) stopped the decoder until the
// meter took it; paired runs on a quiet host (11 each, alternating order) put 2 ahead 4.5% under 1
// in wall time on both 1206x2622 bench films (faster in 20 of 22 pairs, the same CPU), and 4 ahead
// the same as 2. Each frame more held ahead is one more decoder buffer, 5.5 MB at 1206x2622.
#define FD_AHEAD 2

struct fd_video {
    // Set by fd_video_open before the decoding thread starts, then read-only:
    char *path;
    int threads;
    int stall_ms;       // how long fd_video_open and fd_video_next wait for the thread; 0 forever
    double seek_ms;     // where decoding starts (the keyframe at or before it); < 0 the start
    // Set by the decoding thread before it reports `opened`, then read-only:
    AVFormatContext *fmt;
    AVCodecContext *dec;
    fd_video_info info; // as found on opening
    int stream;
    AVRational tb;
    int rotation, mirror;
    int matrix_in_container;   // the orientation came from the container, not the first frame
    int64_t start_us;   // the film's start time; ffmpeg subtracts it from every timestamp too
    // The decoding thread's own:
    AVPacket *pkt;
    AVFrame *work;      // the decoding thread's frame
    int draining;
    int retries;        // EAGAINs from the demuxer in a row
    int64_t last_ts;    // best-effort timestamp of the last frame, for frames without one
    int64_t frames_out; // frames the decoder gave
    int64_t discarded;  // packets the demuxer marked as not to be shown (before an edit list's start)
    int64_t last_end;   // file position just past the last video packet read, -1 when unknown
    // an AVI's index counts ticks of its time base, not frames: a stream copied in with frames
    // several ticks apart lists more than it holds. The ticks its packets reach, the largest step
    // between two of them, and whether they reach what the index lists (set at the end of the film)
    int64_t pkt_last, pkt_end, pkt_step;
    int ticks_whole;
    // The caller's own:
    AVFrame *cur;       // the frame fd_video_next last returned
    AVFrame *prev;      // the one before it; the meter compares the two
    double cur_ms;
    // Between the decoding thread and the caller, under `lock`:
    pthread_t thread;
    pthread_mutex_t lock;
    pthread_cond_t changed;
    int opened;         // 0 while opening, 1 open, -1 failed (ring_err says why)
    AVFrame *ring[FD_AHEAD];
    int ring_head, ring_count;
    int finished;       // 1 at the end of the film, -1 on an error (ring_err says which)
    int stop;           // the caller is closing the film (also read, atomically, by interrupted())
    int abandoned;      // the caller gave up waiting: the thread frees what is left when it returns
    int corrupt_seen;   // `corrupt` as of the last frame handed over
    int64_t packets_seen, frames_seen, discarded_seen, last_end_seen;
    char ring_err[256];
    int corrupt;
    int demux_errors;   // errors the demuxer logged (damaged container data it skipped; atomic)
    int decode_logged;  // the GIF decoder logged an error since the last frame (atomic flag)
    // an MP4/MOV's top-level layout, read once at open: fragmented (an mvex in its moov, or a
    // moof), with a sidx indexing its fragments, finished (ending with the mfra of a muxer done)
    struct { int fragmented, sidx, finished; } mp4;
    int64_t packets;    // packets of the video stream read so far
    int refs;           // owners (caller, thread): the last to let go frees (atomic)
};

void fd_set_error(char *err, size_t errlen, const char *what, int averr);
// FFmpeg's log goes through framediff's handler (errors only) from the first use of any of its
// libraries: an HTML report of a PNG-folder film encodes clips without opening a film, and the
// WebP encoder's notice went to stderr past --quiet.
void fd_log_install(void);



// Tile statistics (tilestats.c): any tile, and a fast one for 16-pixel-wide 8-bit tiles.
void fd_tile_stats_c(const uint8_t *p, ptrdiff_t stride, int px, int rows, int bpc, fd_tile_stats *out);
void fd_tile_stats_16(const uint8_t *p, ptrdiff_t stride, int rows, fd_tile_stats *out);

// Sets bit i of bits[] (32 a word, (n + 31) / 32 words) when a[i] != b[i]; nonzero when any differs
// (kernel.c: AVX2 compare and movemask where the CPU has it).
int fd_diff_bits(const uint8_t *a, const uint8_t *b, int n, uint32_t *bits);

// Sum of squared differences of one tile 16 pixels (48 bytes) wide of 8-bit RGB (kernel.c).
uint64_t fd_tile16_sse(const uint8_t *a, ptrdiff_t a_stride, const uint8_t *b, ptrdiff_t b_stride, int rows);

// One changed 16-pixel 8-bit tile in one pass (kernel.c): returns the sum of squared differences
// of `fresh` against `pic`, puts `fresh`'s statistics in `stats` (unless NULL) and copies `fresh`
// into `pic`.
uint64_t fd_tile16_take(uint8_t *pic, ptrdiff_t pic_stride, const uint8_t *fresh, ptrdiff_t fresh_stride, int rows,
                        fd_tile_stats *stats);
#endif
