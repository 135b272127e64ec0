/*
 * bench-floor.c - what does exact frame-to-frame change detection cost on top
 * of plain libavcodec decoding with frame threading? scripts/bench builds it
 * and prints its rows beside framediff's: the floor under `rank` and the main
 * job, whatever they do after finding the changed rows.
 *
 *   floor decode FILM   decode every frame, unref it at once
 *   floor memcmp FILM   keep the previous frame, memcmp every row of every
 *                       plane against it, count rows that differ
 *   floor hash   FILM   keep one 64-bit hash per row of the previous frame,
 *                       hash the new frame's rows (one read), count rows whose
 *                       hash differs; frames are unref'd at once
 *
 * stdout (only): frames=N differing_rows=M   (M is "-" in decode mode)
 *
 * Decoding matches `ffmpeg -threads 0 -i FILM -f null -`: best video stream,
 * thread_count = 0, thread_type = FF_THREAD_FRAME | FF_THREAD_SLICE, other
 * streams discarded, send/receive loop, flush at EOF, decode errors are
 * reported on stderr and skipped.
 *
 * Row conventions (identical in memcmp and hash modes, so their counts must
 * agree):
 *   - a row is the av_image_get_linesize(fmt, width, plane) visible bytes of
 *     the plane (linesize padding is not compared);
 *   - planes 1 and 2 have AV_CEIL_RSHIFT(height, log2_chroma_h) rows, the
 *     others `height` rows (same rule as av_image_fill_plane_sizes);
 *   - the first frame has nothing to compare against and adds 0;
 *   - if width/height/format change, every row of the new frame counts as
 *     differing.
 *
 * Build (scripts/bench does):
 *   cc -O2 -msse4.2 -Wall -o bench-floor bench-floor.c \
 *       $(pkg-config --cflags --libs libavformat libavcodec libavutil)
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <nmmintrin.h>          /* _mm_crc32_u64 / _mm_crc32_u8 (SSE4.2) */

#include <libavformat/avformat.h>
#include <libavcodec/avcodec.h>
#include <libavutil/imgutils.h>
#include <libavutil/pixdesc.h>

enum mode { MODE_DECODE, MODE_MEMCMP, MODE_HASH };

/* Geometry of one frame layout: per-plane visible row bytes and row count. */
typedef struct geom {
    int w, h, fmt;
    int nb_planes;
    int rowbytes[4];
    int rows[4];
    int total_rows;
} geom;

static int geom_of(const AVFrame *f, geom *g)
{
    const AVPixFmtDescriptor *d = av_pix_fmt_desc_get(f->format);
    if (!d || (d->flags & (AV_PIX_FMT_FLAG_HWACCEL | AV_PIX_FMT_FLAG_BITSTREAM)))
        return AVERROR(ENOSYS);
    memset(g, 0, sizeof(*g));
    g->w = f->width;
    g->h = f->height;
    g->fmt = f->format;
    /* PAL8 & co: data[1] is a palette, not an image plane */
    g->nb_planes = (d->flags & AV_PIX_FMT_FLAG_PAL) ? 1 : av_pix_fmt_count_planes(f->format);
    if (g->nb_planes < 1 || g->nb_planes > 4)
        return AVERROR(EINVAL);
    for (int p = 0; p < g->nb_planes; p++) {
        int lb = av_image_get_linesize(f->format, f->width, p);
        if (lb <= 0 || !f->data[p])
            return AVERROR(EINVAL);
        g->rowbytes[p] = lb;
        g->rows[p] = (p == 1 || p == 2) ? AV_CEIL_RSHIFT(f->height, d->log2_chroma_h)
                                        : f->height;
        g->total_rows += g->rows[p];
    }
    return 0;
}

static int geom_same(const geom *a, const geom *b)
{
    return a->w == b->w && a->h == b->h && a->fmt == b->fmt;
}

static inline uint64_t load64(const uint8_t *p)
{
    uint64_t v;
    memcpy(&v, p, 8);
    return v;
}

/*
 * 64-bit row hash: CRC32C (SSE4.2 crc32 instruction) over 3 contiguous
 * thirds of the row computed as 3 interleaved independent streams (hides
 * the 3-cycle latency of crc32, ~8 bytes/cycle), tail bytes folded into
 * stream 0, then the three 32-bit CRCs are combined into 64 bits so that a
 * change confined to any single stream always changes the hash
 * (c2 * odd constant is injective mod 2^64).
 */
static inline uint64_t row_hash(const uint8_t *p, size_t len)
{
    size_t n = len / 24;                /* 8-byte words per stream */
    const uint8_t *s0 = p, *s1 = p + n * 8, *s2 = p + n * 16;
    uint64_t c0 = 0xFFFFFFFFu, c1 = 0xFFFFFFFFu, c2 = 0xFFFFFFFFu;
    for (size_t i = 0; i < n; i++) {
        c0 = _mm_crc32_u64(c0, load64(s0 + i * 8));
        c1 = _mm_crc32_u64(c1, load64(s1 + i * 8));
        c2 = _mm_crc32_u64(c2, load64(s2 + i * 8));
    }
    const uint8_t *t = p + n * 24, *end = p + len;
    for (; t + 8 <= end; t += 8)
        c0 = _mm_crc32_u64(c0, load64(t));
    for (; t < end; t++)
        c0 = _mm_crc32_u8((uint32_t)c0, *t);
    return ((c0 << 32) | (uint32_t)c1) + (uint64_t)(uint32_t)c2 * 0x9E3779B97F4A7C15ull;
}

typedef struct state {
    enum mode mode;
    uint64_t frames;
    uint64_t diff_rows;
    /* memcmp */
    AVFrame *prev;
    int have_prev;
    geom prev_g;
    /* hash */
    uint64_t *hashes;
    size_t hashes_cap;
    int have_hashes;
    geom hash_g;
    int fatal;                  /* error from frame handling: stop */
} state;

static int do_memcmp(state *s, AVFrame *f)
{
    geom g;
    int ret = geom_of(f, &g);
    if (ret < 0)
        return ret;
    if (s->have_prev) {
        if (!geom_same(&g, &s->prev_g)) {
            s->diff_rows += g.total_rows;
        } else {
            uint64_t d = 0;
            for (int p = 0; p < g.nb_planes; p++) {
                const uint8_t *a = f->data[p], *b = s->prev->data[p];
                ptrdiff_t la = f->linesize[p], lb = s->prev->linesize[p];
                size_t rb = g.rowbytes[p];
                for (int y = 0; y < g.rows[p]; y++)
                    d += memcmp(a + y * la, b + y * lb, rb) != 0;
            }
            s->diff_rows += d;
        }
    }
    /* release the previous frame, keep a reference to the new one
     * (move_ref == av_frame_ref(prev, f) + av_frame_unref(f)) */
    av_frame_unref(s->prev);
    av_frame_move_ref(s->prev, f);
    s->prev_g = g;
    s->have_prev = 1;
    return 0;
}

static int do_hash(state *s, AVFrame *f)
{
    geom g;
    int ret = geom_of(f, &g);
    if (ret < 0)
        return ret;
    int compare = s->have_hashes && geom_same(&g, &s->hash_g);
    if (s->have_hashes && !compare)
        s->diff_rows += g.total_rows;
    if ((size_t)g.total_rows > s->hashes_cap) {
        uint64_t *n = realloc(s->hashes, g.total_rows * sizeof(*n));
        if (!n)
            return AVERROR(ENOMEM);
        s->hashes = n;
        s->hashes_cap = g.total_rows;
    }
    uint64_t *hp = s->hashes, d = 0;
    for (int p = 0; p < g.nb_planes; p++) {
        const uint8_t *a = f->data[p];
        ptrdiff_t la = f->linesize[p];
        size_t rb = g.rowbytes[p];
        for (int y = 0; y < g.rows[p]; y++, hp++) {
            uint64_t h = row_hash(a + y * la, rb);
            d += compare & (h != *hp);
            *hp = h;
        }
    }
    s->diff_rows += d;
    s->hash_g = g;
    s->have_hashes = 1;
    av_frame_unref(f);
    return 0;
}

static int handle_frame(state *s, AVFrame *f)
{
    s->frames++;
    switch (s->mode) {
    case MODE_MEMCMP: return do_memcmp(s, f);
    case MODE_HASH:   return do_hash(s, f);
    default:          av_frame_unref(f); return 0;
    }
}

/* Drain everything the decoder has ready. Returns 0, AVERROR_EOF or error. */
static int receive_all(AVCodecContext *dec, AVFrame *f, state *s)
{
    for (;;) {
        int ret = avcodec_receive_frame(dec, f);
        if (ret == AVERROR(EAGAIN))
            return 0;
        if (ret < 0)
            return ret;         /* AVERROR_EOF after flush, or a real error */
        ret = handle_frame(s, f);
        if (ret < 0) {
            av_frame_unref(f);
            s->fatal = ret;
            return ret;
        }
    }
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: %s decode|memcmp|hash FILM\n", argv[0]);
        return 2;
    }
    state s = { 0 };
    if (!strcmp(argv[1], "decode"))      s.mode = MODE_DECODE;
    else if (!strcmp(argv[1], "memcmp")) s.mode = MODE_MEMCMP;
    else if (!strcmp(argv[1], "hash"))   s.mode = MODE_HASH;
    else {
        fprintf(stderr, "unknown mode '%s'\n", argv[1]);
        return 2;
    }

    AVFormatContext *fmt = NULL;
    char err[AV_ERROR_MAX_STRING_SIZE];
    int ret = avformat_open_input(&fmt, argv[2], NULL, NULL);
    if (ret < 0) {
        fprintf(stderr, "open %s: %s\n", argv[2], av_make_error_string(err, sizeof(err), ret));
        return 1;
    }
    if ((ret = avformat_find_stream_info(fmt, NULL)) < 0) {
        fprintf(stderr, "find_stream_info: %s\n", av_make_error_string(err, sizeof(err), ret));
        return 1;
    }
    const AVCodec *codec = NULL;
    int vi = av_find_best_stream(fmt, AVMEDIA_TYPE_VIDEO, -1, -1, &codec, 0);
    if (vi < 0 || !codec) {
        fprintf(stderr, "no decodable video stream\n");
        return 1;
    }
    for (unsigned i = 0; i < fmt->nb_streams; i++)
        if ((int)i != vi)
            fmt->streams[i]->discard = AVDISCARD_ALL;
    AVStream *st = fmt->streams[vi];

    AVCodecContext *dec = avcodec_alloc_context3(codec);
    if (!dec || avcodec_parameters_to_context(dec, st->codecpar) < 0) {
        fprintf(stderr, "decoder context setup failed\n");
        return 1;
    }
    dec->pkt_timebase = st->time_base;
    dec->thread_count = 0;                              /* auto */
    dec->thread_type = FF_THREAD_FRAME | FF_THREAD_SLICE;
    if ((ret = avcodec_open2(dec, codec, NULL)) < 0) {
        fprintf(stderr, "avcodec_open2: %s\n", av_make_error_string(err, sizeof(err), ret));
        return 1;
    }

    AVPacket *pkt = av_packet_alloc();
    AVFrame *f = av_frame_alloc();
    s.prev = av_frame_alloc();
    if (!pkt || !f || !s.prev)
        return 1;

    int fatal = 0;
    while ((ret = av_read_frame(fmt, pkt)) >= 0) {
        if (pkt->stream_index == vi) {
            ret = avcodec_send_packet(dec, pkt);
            if (ret < 0 && ret != AVERROR(EAGAIN))
                fprintf(stderr, "send_packet: %s (continuing)\n",
                        av_make_error_string(err, sizeof(err), ret));
            ret = receive_all(dec, f, &s);
            if (s.fatal) {
                fprintf(stderr, "frame handling failed: %s\n",
                        av_make_error_string(err, sizeof(err), s.fatal));
                fatal = 1;
                av_packet_unref(pkt);
                break;
            }
            if (ret < 0 && ret != AVERROR_EOF)
                fprintf(stderr, "receive_frame: %s (continuing)\n",
                        av_make_error_string(err, sizeof(err), ret));
        }
        av_packet_unref(pkt);
    }
    if (!fatal && ret != AVERROR_EOF && ret < 0)
        fprintf(stderr, "read_frame: %s (treating as EOF)\n",
                av_make_error_string(err, sizeof(err), ret));
    if (!fatal) {
        avcodec_send_packet(dec, NULL);                 /* flush */
        for (int tries = 0; tries < 1000; tries++) {
            ret = receive_all(dec, f, &s);
            if (ret == AVERROR_EOF || ret == 0 || s.fatal)
                break;
            fprintf(stderr, "flush: %s (continuing)\n", av_make_error_string(err, sizeof(err), ret));
        }
        if (s.fatal) {
            fprintf(stderr, "frame handling failed: %s\n",
                    av_make_error_string(err, sizeof(err), s.fatal));
            fatal = 1;
        }
    }

    if (s.mode == MODE_DECODE)
        printf("frames=%llu differing_rows=-\n", (unsigned long long)s.frames);
    else
        printf("frames=%llu differing_rows=%llu\n",
               (unsigned long long)s.frames, (unsigned long long)s.diff_rows);

    av_frame_free(&s.prev);
    av_frame_free(&f);
    av_packet_free(&pkt);
    free(s.hashes);
    avcodec_free_context(&dec);
    avformat_close_input(&fmt);
    return fatal;
}
