// meter.c - one pass a frame: find the tiles that changed, convert and measure only those.
//
// NB: converting every frame to RGB costs 1.4-2.4 ms at 1206x2622 against ~5 ms of decoding
// (shared/FACTS.md), while an app recording changes a small part of the screen most of the time.
// A tile whose decoded planes are byte-identical to the previous frame's has byte-identical RGB
// and contributes exactly zero, so the meter compares planes tile by tile (word compares at memory
// speed), converts only spans of changed tiles (with the converter ffmpeg itself uses, so values
// match `compare` on ffmpeg's PNGs) and measures them against the RGB picture of the previous
// frame. On the 20 s benchmark film 22% of bands but only 10% of tiles change from one frame to
// the next: converting whole changed bands put `rank` at 1.33x decoding, spans of tiles at less.
//
// Exactness of converting a part of a frame is checked once per pixel format on random planes:
// spans of tiles (the converter is local in x and y: swscale's direct YUV->RGB paths), else whole
// bands (local in y only), else whole frames (10-bit input is dithered across rows).
#include "cframediff.h"
#include "internal.h"

#include <libavutil/imgutils.h>
#include <libavutil/pixdesc.h>
#include <libswscale/swscale.h>
#include <stdlib.h>
#include <string.h>

typedef struct mask_rect { int x, y, w, h; } mask_rect;

enum { MODE_SPANS, MODE_BANDS, MODE_WHOLE };

// Most formats convert straight to the RGB measured. Two do not match ffmpeg's PNG extraction
// that way, and go through the format ffmpeg's PNG encoder gets first: with alpha, RGBA (RGBA64
// above 8 bits) whose colours are then premultiplied by alpha into 16-bit RGB (ImageMagick's
// compare measures Sa*p - Da*q; a yuva420p film was 30x the tolerance off), and grey of more
// than 8 bits, GRAY16 repeated into RGB (swscale's grey-to-RGB48 path rounds otherwise: up to
// 7e-4 off a 10-bit film). NB: RGBA64 from 8-bit RGBA is not exact in swscale (6e-4 off).
enum { POST_NONE, POST_PREMULTIPLY8, POST_PREMULTIPLY16, POST_GRAY };

// Tiles of a band whose planes differ are merged into one conversion when fewer than this many
// unchanged tiles lie between them (a call to swscale costs about as much as converting 3 tiles).
#define SPAN_GAP 4

typedef struct plane_layout {
    int count;          // planes holding pixels (a palette is not counted)
    int palette;        // 1 when data[1] is a palette
    int shift_h[4];     // vertical subsampling of each plane
    int shift_w[4];     // horizontal subsampling
    int step[4];        // bytes a pixel (of the plane's own width)
    int row_bytes[4];
    int tileable;       // byte ranges of a tile can be found in every plane
} plane_layout;

struct fd_meter {
    int w, h, tile, tx, ty;
    int band_h;                // rows of a full band: the tile, or the whole frame if shorter
    int bpc;                   // bytes a channel: 1, or 2 for frames of more than 8 bits
    uint8_t *pic;              // RGB picture of the last push
    uint8_t *scratch;          // the new frame's RGB for one band
    uint8_t *whole;            // the new frame's RGB, when it can only be converted whole
    ptrdiff_t stride;          // of both
    unsigned char *flag;       // per tile of the band being measured: its planes changed
    uint32_t *bits;            // which bytes of a plane row differ (flag_tiles)
    uint64_t *tile_sse;
    fd_tile_stats *stats;
    uint32_t *pixels;
    mask_rect *masks;
    int nmasks;
    // The converter, built for the pixel format, matrix and range of the frames it sees.
    int conv_fmt, conv_cs, conv_range, mode;
    int post;                  // POST_*: what turns swscale's output into the RGB measured
    uint8_t *inter;            // swscale's output for one band (and a row of slack), with `post`
    uint8_t *inter_whole;      // the same for a whole frame (MODE_WHOLE, the probe)
    ptrdiff_t inter_stride;
    plane_layout layout;
    struct SwsContext *sws_whole;
    struct SwsContext **sws_span;   // [2 heights][2 kinds][tx]: n whole tiles, or tiles t0.. to the edge
    int has_prev;
    int keep_stats;
    int pixels_dirty;          // masks were added since `pixels` and `samples` were counted
    uint64_t sse, samples;
    int changed_bands;
    // The per-stage account, when asked: each mark gives the ticks since the last to one stage.
    int count_stages;
    uint64_t mark;
    fd_stage_counts counts;
};

// Gives the time since the last mark to a stage of the account (nothing when it is off).
#define STAGE_DONE(m, stage)                                    \
    do {                                                        \
        if ((m)->count_stages) {                                \
            uint64_t now_ = fd_ticks();                         \
            (m)->counts.stage += now_ - (m)->mark;              \
            (m)->mark = now_;                                   \
        }                                                       \
    } while (0)

static void *alloc_rgb(int w, int h, int bpc, ptrdiff_t *stride) {
    // Padded stride: swscale leaves the last pixels of a row unwritten when the stride is exactly
    // width*3 and the width is not a multiple of 8 (shared/FACTS.md).
    *stride = ((ptrdiff_t)w * 3 * bpc + 63) & ~(ptrdiff_t)63;
    return av_mallocz((size_t)(*stride) * h + 64);
}

// Sizes the RGB buffers for `bpc` bytes a channel; a change of depth forgets the previous frame.
// Sizes the RGB buffers for `bpc` bytes a channel. A film whose depth changes mid-stream (an
// 8-bit stretch spliced to a 10-bit one) keeps its previous picture to measure the next frame
// against: the picture is widened to 16 bits (v*257, as ImageMagick reads an 8-bit PNG beside a
// 16-bit one), and once 16-bit the meter stays 16-bit.
static int set_depth(fd_meter *m, int bpc) {
    if (m->pic && (m->bpc == bpc || (m->has_prev && bpc < m->bpc))) return 0;
    uint8_t *old = m->has_prev ? m->pic : NULL;
    ptrdiff_t old_stride = m->stride;
    int old_bpc = m->bpc;
    if (!old) av_freep(&m->pic);
    av_freep(&m->scratch);
    av_freep(&m->whole);
    m->bpc = bpc;
    m->pic = alloc_rgb(m->w, m->h, bpc, &m->stride);
    if (old && m->pic) {
        for (int y = 0; y < m->h; y++) {
            const uint8_t *src = old + (ptrdiff_t)y * old_stride;
            uint16_t *dst = (uint16_t *)(m->pic + (ptrdiff_t)y * m->stride);
            if (old_bpc == 1) for (int x = 0; x < m->w * 3; x++) dst[x] = (uint16_t)(src[x] * 257);
        }
    }
    av_free(old);
    if (!old) m->has_prev = 0;
    // (a band, not a frame: 58 KB instead of 9.5 MB at 1206x2622) and one row more: swscale's copy
    // paths for packed RGB (packedCopyWrapper, bswap_16bpc) write whole strides from the span's
    // first byte, so a span at x0 runs up to one stride past its rows. probe_locality finds such
    // formats and turns spans off for them; the row keeps the probe itself inside the buffer.
    m->scratch = alloc_rgb(m->w, m->band_h + 1, bpc, &m->stride);
    return m->pic && m->scratch ? 0 : -1;
}

static int by_start(const void *a, const void *b) {
    const int *x = a, *y = b;
    return (x[0] > y[0]) - (x[0] < y[0]);
}

// Counts each tile's unmasked pixels: row by row, the masks covering the row merged into runs.
// NB: it was pixel by pixel against every mask, redone at every mask added: 1000 masks took
// 19-25 s at 1206x2622 and 64 masks 8.6 s at each change of frame size; now linear in rows x masks.
static void recount_pixels(fd_meter *m) {
    m->pixels_dirty = 0;
    for (int t = 0; t < m->tx * m->ty; t++) {
        int x0 = (t % m->tx) * m->tile, y0 = (t / m->tx) * m->tile;
        int w = x0 + m->tile < m->w ? m->tile : m->w - x0, h = y0 + m->tile < m->h ? m->tile : m->h - y0;
        m->pixels[t] = (uint32_t)(w * h);
    }
    int *runs = m->nmasks ? av_malloc_array((size_t)m->nmasks, 2 * sizeof *runs) : NULL;
    for (int y = 0; y < m->h && runs; y++) {
        int n = 0;
        for (int k = 0; k < m->nmasks; k++) {
            const mask_rect *r = &m->masks[k];
            if (y >= r->y && y < r->y + r->h) { runs[2 * n] = r->x; runs[2 * n + 1] = r->x + r->w; n++; }
        }
        if (!n) continue;
        qsort(runs, (size_t)n, 2 * sizeof *runs, by_start);
        uint32_t *row = m->pixels + (size_t)(y / m->tile) * m->tx;
        int a = runs[0], b = runs[1];
        for (int i = 1; i <= n; i++) {
            if (i < n && runs[2 * i] <= b) { if (runs[2 * i + 1] > b) b = runs[2 * i + 1]; continue; }
            // the masked run [a, b) of this row, taken off the tiles it crosses
            for (int x = a; x < b;) {
                int t = x / m->tile, end = (t + 1) * m->tile < b ? (t + 1) * m->tile : b;
                row[t] -= (uint32_t)(end - x);
                x = end;
            }
            if (i < n) { a = runs[2 * i]; b = runs[2 * i + 1]; }
        }
    }
    av_free(runs);
    m->samples = 0;
    for (int t = 0; t < m->tx * m->ty; t++) m->samples += (uint64_t)m->pixels[t] * 3;
}

static void free_converter(fd_meter *m) {
    av_freep(&m->inter);
    av_freep(&m->inter_whole);
    m->post = POST_NONE;
    sws_freeContext(m->sws_whole);
    m->sws_whole = NULL;
    if (m->sws_span)
        for (int i = 0; i < 4 * m->tx; i++) sws_freeContext(m->sws_span[i]);
    av_freep(&m->sws_span);
    m->conv_fmt = -1;
}

fd_meter *fd_meter_create(int width, int height, int tile) {
    if (width <= 0 || height <= 0 || tile < 2 || (tile & 1) || tile * 3 * tile > 512 * 1024) return NULL;
    fd_meter *m = av_mallocz(sizeof *m);
    if (!m) return NULL;
    m->w = width;
    m->h = height;
    m->tile = tile;
    m->band_h = tile < height ? tile : height;
    m->tx = (width + tile - 1) / tile;
    m->ty = (height + tile - 1) / tile;
    m->conv_fmt = -1;
    m->keep_stats = 1;
    m->flag = av_calloc((size_t)m->tx, 1);
    // a row of the widest plane: up to 8 bytes a pixel (16-bit RGBA)
    m->bits = av_calloc(((size_t)width * 8 + 31) / 32 + 1, sizeof *m->bits);
    m->tile_sse = av_calloc((size_t)m->tx * m->ty, sizeof *m->tile_sse);
    m->stats = av_calloc((size_t)m->tx * m->ty, sizeof *m->stats);
    m->pixels = av_calloc((size_t)m->tx * m->ty, sizeof *m->pixels);
    if (!m->flag || !m->bits || set_depth(m, 1) < 0 || !m->tile_sse || !m->stats || !m->pixels) { fd_meter_free(m); return NULL; }
    recount_pixels(m);
    return m;
}

void fd_meter_free(fd_meter *m) {
    if (!m) return;
    free_converter(m);
    av_free(m->pic);
    av_free(m->scratch);
    av_free(m->whole);
    av_free(m->flag);
    av_free(m->bits);
    av_free(m->tile_sse);
    av_free(m->stats);
    av_free(m->pixels);
    av_free(m->masks);
    av_free(m);
}

void fd_meter_add_mask(fd_meter *m, int x, int y, int w, int h) {
    if (x < 0) { w += x; x = 0; }
    if (y < 0) { h += y; y = 0; }
    if (x + w > m->w) w = m->w - x;
    if (y + h > m->h) h = m->h - y;
    if (w <= 0 || h <= 0) return;
    mask_rect *grown = av_realloc_array(m->masks, m->nmasks + 1, sizeof *grown);
    if (!grown) return;
    m->masks = grown;
    m->masks[m->nmasks++] = (mask_rect){x, y, w, h};
    m->pixels_dirty = 1;  // counted once, when the masks are all in (recount_pixels)
    m->has_prev = 0;
}

void fd_meter_keep_stats(fd_meter *m, int keep) { m->keep_stats = keep; }
void fd_meter_count_stages(fd_meter *m, int on) { m->count_stages = on; }
fd_stage_counts fd_meter_stage_counts(const fd_meter *m) { return m->counts; }

// Zeroes masked pixels of rows [y0, y0+rows) of an RGB buffer whose first row is y0.
static void apply_masks(const fd_meter *m, uint8_t *rgb, int y0, int rows) {
    for (int k = 0; k < m->nmasks; k++) {
        const mask_rect *r = &m->masks[k];
        int a = r->y > y0 ? r->y : y0;
        int b = r->y + r->h < y0 + rows ? r->y + r->h : y0 + rows;
        for (int y = a; y < b; y++)
            memset(rgb + (y - y0) * m->stride + (ptrdiff_t)r->x * 3 * m->bpc, 0, (size_t)r->w * 3 * m->bpc);
    }
}

// Measures the flagged tiles of band `by` whose new RGB rows are in `fresh` (same columns as the
// picture), updates their statistics and copies them into the picture.
static void take_tiles(fd_meter *m, const uint8_t *fresh, int by, int rows) {
    int y0 = by * m->tile;
    uint8_t *cur = m->pic + (ptrdiff_t)y0 * m->stride;
    uint64_t *sse = m->tile_sse + (size_t)by * m->tx;
    fd_tile_stats *stats = m->stats + (size_t)by * m->tx;
    for (int t = 0; t < m->tx; t++) {
        if (!m->flag[t]) continue;
        int x0 = t * m->tile, px = x0 + m->tile < m->w ? m->tile : m->w - x0;
        size_t off = (size_t)x0 * 3 * m->bpc, bytes = (size_t)px * 3 * m->bpc;
        m->counts.measure_bytes += bytes * (size_t)rows;
        if (m->has_prev && m->bpc == 1 && px == 16) {
            // (a tile whose RGB did not change gets the statistics and bytes it already has)
            sse[t] = fd_tile16_take(cur + off, m->stride, fresh + off, m->stride, rows, m->keep_stats ? &stats[t] : NULL);
            continue;
        }
        if (m->has_prev) {
            (m->bpc == 1 ? fd_band_sse : fd_band_sse16)(cur + off, m->stride, fresh + off, m->stride, px * 3, rows,
                                                       px * 3, &sse[t]);
            if (sse[t] == 0) continue;  // identical RGB: same statistics, nothing to copy
        }
        if (!m->keep_stats) {
        } else if (m->bpc == 1 && px == 16) fd_tile_stats_16(fresh + off, m->stride, rows, &stats[t]);
        else fd_tile_stats_c(fresh + off, m->stride, px, rows, m->bpc, &stats[t]);
        for (int r = 0; r < rows; r++) memcpy(cur + r * m->stride + off, fresh + r * m->stride + off, bytes);
    }
}

static void finish_push(fd_meter *m) {
    uint64_t s = 0;
    for (int i = 0; i < m->tx * m->ty; i++) s += m->tile_sse[i];
    m->sse = s;
    m->has_prev = 1;
}

static void start_push(fd_meter *m) {
    if (m->pixels_dirty) recount_pixels(m);
    memset(m->tile_sse, 0, sizeof *m->tile_sse * m->tx * m->ty);
    m->changed_bands = 0;
}

int fd_meter_push_rgb(fd_meter *m, const uint8_t *rgb, ptrdiff_t stride, int bits) {
    if (set_depth(m, bits > 8 ? 2 : 1) < 0) return -1;
    size_t row = (size_t)m->w * 3 * m->bpc;
    uint8_t *wide = NULL;
    if (bits <= 8 && m->bpc == 2) {
        // an 8-bit picture after 16-bit ones (a folder of RGB and RGBA PNGs): widened, v*257
        ptrdiff_t ws;
        if (!(wide = alloc_rgb(m->w, m->h, 2, &ws))) return -1;
        for (int y = 0; y < m->h; y++)
            for (int x = 0; x < m->w * 3; x++) ((uint16_t *)(wide + (ptrdiff_t)y * ws))[x] = (uint16_t)(rgb[(ptrdiff_t)y * stride + x] * 257);
        rgb = wide;
        stride = ws;
    }
    if (m->count_stages) m->mark = fd_ticks();
    start_push(m);
    for (int by = 0; by < m->ty; by++) {
        int y0 = by * m->tile, rows = m->h - y0 < m->tile ? m->h - y0 : m->tile;
        const uint8_t *cur = m->pic + (ptrdiff_t)y0 * m->stride;
        int changed = !m->has_prev || m->nmasks;  // masked pixels are zero in the picture
        for (int r = 0; r < rows && !changed; r++, m->counts.compare_bytes += row)
            changed = memcmp(rgb + (y0 + r) * stride, cur + r * m->stride, row) != 0;
        STAGE_DONE(m, compare_ticks);
        if (!changed) continue;
        m->changed_bands++;
        for (int r = 0; r < rows; r++) memcpy(m->scratch + r * m->stride, rgb + (y0 + r) * stride, row);
        apply_masks(m, m->scratch, y0, rows);
        memset(m->flag, 1, (size_t)m->tx);
        take_tiles(m, m->scratch, by, rows);
        STAGE_DONE(m, measure_ticks);
    }
    finish_push(m);
    av_free(wide);
    return 0;
}

// --- video frames ------------------------------------------------------------------------------

static plane_layout layout_of(enum AVPixelFormat fmt, int width) {
    plane_layout l = {0};
    const AVPixFmtDescriptor *d = av_pix_fmt_desc_get(fmt);
    l.palette = d && (d->flags & AV_PIX_FMT_FLAG_PAL);
    l.count = l.palette ? 1 : av_pix_fmt_count_planes(fmt);
    l.tileable = d && !(d->flags & AV_PIX_FMT_FLAG_BITSTREAM);
    for (int p = 0; p < l.count; p++) {
        int chroma = (d->flags & AV_PIX_FMT_FLAG_PLANAR) && (p == 1 || p == 2);
        l.shift_h[p] = chroma ? d->log2_chroma_h : 0;
        l.shift_w[p] = chroma ? d->log2_chroma_w : 0;
        l.row_bytes[p] = av_image_get_linesize(fmt, width, p);
        l.step[p] = 0;
        for (int c = 0; c < d->nb_components; c++)
            if (d->comp[c].plane == p && d->comp[c].step > l.step[p]) l.step[p] = d->comp[c].step;
        if (l.step[p] <= 0) l.tileable = 0;
    }
    return l;
}

// Whether any of bits [b0, b1) is set.
static inline int any_bit(const uint32_t *bits, int b0, int b1) {
    for (int w = b0 >> 5; w <= (b1 - 1) >> 5; w++) {
        uint32_t word = bits[w];
        if (w == b0 >> 5) word &= ~0u << (b0 & 31);
        if (w == (b1 - 1) >> 5 && ((b1 & 31) != 0)) word &= ~0u >> (32 - (b1 & 31));
        if (word) return 1;
    }
    return 0;
}

// Flags the tiles of band [y0, y0+rows) whose planes differ between two frames; returns how many.
// NB: each row is read once (fd_diff_bits: 128 bytes a step while equal, a bitmap of differing
// bytes from the first difference on; memcmp and then a bitmap of the whole row read a changed row
// twice), and its tiles are found from the bitmap, skipping tiles already flagged (walking its set
// bits instead cost 3.3% of the main job against 2%). A compare per tile instead of the bitmap
// cost 4% of a `rank` run, the bitmap of every whole row 9%.
static int flag_tiles(fd_meter *m, const AVFrame *a, const AVFrame *b, int y0, int rows) {
    const plane_layout *l = &m->layout;
    memset(m->flag, 0, (size_t)m->tx);
    int flagged = 0;
    for (int p = 0; p < l->count && flagged < m->tx; p++) {
        int sh = l->shift_h[p], sw = l->shift_w[p], step = l->step[p];
        int r0 = y0 >> sh, r1 = (y0 + rows + (1 << sh) - 1) >> sh;
        for (int r = r0; r < r1 && flagged < m->tx; r++) {
            const uint8_t *ra = a->data[p] + (ptrdiff_t)r * a->linesize[p];
            const uint8_t *rb = b->data[p] + (ptrdiff_t)r * b->linesize[p];
            m->counts.compare_bytes += (uint64_t)l->row_bytes[p];
            if (!fd_diff_bits(ra, rb, l->row_bytes[p], m->bits)) continue;
            if (!l->tileable) {
                memset(m->flag, 1, (size_t)m->tx);
                return m->tx;
            }
            // (only the tiles over the differing bytes: the bitmap's first and last set words)
            int words = (l->row_bytes[p] + 31) / 32, w0 = 0, w1 = words - 1;
            while (w0 < w1 && !m->bits[w0]) w0++;
            while (w1 > w0 && !m->bits[w1]) w1--;
            int span = (m->tile * step) >> sw;  // bytes of one tile in this plane's row
            int t0 = span > 0 ? (w0 * 32) / span - 1 : 0, t1 = span > 0 ? (w1 * 32 + 31) / span + 1 : m->tx - 1;
            // (a tile each side more: a tile width not a multiple of the subsampling rounds its edges)
            if (t0 < 0) t0 = 0;
            if (t1 > m->tx - 1) t1 = m->tx - 1;
            for (int t = t0; t <= t1; t++) {
                if (m->flag[t]) continue;
                int x0 = (t * m->tile) >> sw;
                int x1 = ((t + 1) * m->tile < m->w ? (t + 1) * m->tile : m->w);
                x1 = (x1 + (1 << sw) - 1) >> sw;
                int b0 = x0 * step, b1 = x1 * step < l->row_bytes[p] ? x1 * step : l->row_bytes[p];
                if (b1 > b0 && any_bit(m->bits, b0, b1)) {
                    m->flag[t] = 1;
                    flagged++;
                }
            }
        }
    }
    return flagged;
}

// Plane pointers of a frame at pixel (x, y), for converting a part of it.
static void sources_at(const plane_layout *l, const AVFrame *f, int x, int y, const uint8_t *src[4], int stride[4]) {
    for (int p = 0; p < 4; p++) {
        src[p] = f->data[p];
        stride[p] = f->linesize[p];
    }
    for (int p = 0; p < l->count; p++)
        src[p] = f->data[p] + (ptrdiff_t)(y >> l->shift_h[p]) * f->linesize[p] + (ptrdiff_t)(x >> l->shift_w[p]) * l->step[p];
}

// The colour set-up of ffmpeg's scale filter (vf_scale.c, FFmpeg 5.1): the frame's matrix, with
// the out-of-range values it maps to BT.601, and the frame's range when it declares one. Frames of
// more than 8 bits go to 16-bit RGB, as ffmpeg's PNG extraction writes them.
static enum AVPixelFormat sws_output(int post, int bpc) {
    if (post == POST_PREMULTIPLY8) return AV_PIX_FMT_RGBA;
    if (post == POST_PREMULTIPLY16) return AV_PIX_FMT_RGBA64;
    if (post == POST_GRAY) return AV_PIX_FMT_GRAY16;
    return bpc == 2 ? AV_PIX_FMT_RGB48 : AV_PIX_FMT_RGB24;
}

static struct SwsContext *make_sws(int w, int h, enum AVPixelFormat fmt, int cs, int range, enum AVPixelFormat out) {
    struct SwsContext *c = sws_getContext(w, h, fmt, w, h, out, SWS_BICUBIC, NULL, NULL, NULL);
    if (!c) return NULL;
    int *inv, *table, in_full, out_full, bri, con, sat;
    if (sws_getColorspaceDetails(c, &inv, &in_full, &table, &out_full, &bri, &con, &sat) >= 0) {
        if (cs < 1 || cs > 10 || cs == 8) cs = AVCOL_SPC_BT470BG;
        const int *coefs = sws_getCoefficients(cs);
        if (range != AVCOL_RANGE_UNSPECIFIED) in_full = range == AVCOL_RANGE_JPEG;
        sws_setColorspaceDetails(c, coefs, in_full, coefs, out_full, bri, con, sat);
    }
    return c;
}

// The converter for tiles t0..t1 of a band of `rows` rows (created on first use).
static struct SwsContext *span_sws(fd_meter *m, int t0, int t1, int rows) {
    int tall = rows == m->band_h ? 0 : 1;
    int edge = t1 == m->tx - 1;
    int index = (tall * 2 + edge) * m->tx + (edge ? t0 : t1 - t0);
    if (!m->sws_span[index]) {
        int x0 = t0 * m->tile, x1 = edge ? m->w : (t1 + 1) * m->tile;
        m->sws_span[index] = make_sws(x1 - x0, rows, m->conv_fmt, m->conv_cs, m->conv_range, sws_output(m->post, m->bpc));
    }
    return m->sws_span[index];
}

// Bytes a pixel of what swscale writes.
static int sws_pixel_bytes(const fd_meter *m) {
    switch (m->post) {
    case POST_PREMULTIPLY8: return 4;
    case POST_PREMULTIPLY16: return 8;
    case POST_GRAY: return 2;
    default: return 3 * m->bpc;
    }
}

// Turns `rows` rows of pixels [x0, x1) of swscale's output into the 16-bit RGB measured.
static void post_convert(const fd_meter *m, const uint8_t *in, ptrdiff_t in_stride, uint8_t *out, ptrdiff_t out_stride,
                         int x0, int x1, int rows) {
    for (int r = 0; r < rows; r++) {
        const uint16_t *src = (const uint16_t *)(in + (ptrdiff_t)r * in_stride);
        const uint8_t *src8 = in + (ptrdiff_t)r * in_stride;
        uint16_t *dst = (uint16_t *)(out + (ptrdiff_t)r * out_stride);
        if (m->post == POST_PREMULTIPLY8) {
            // c·257 · a·257 / 65535 = c·a·257/255, rounded
            for (int x = x0; x < x1; x++) {
                uint32_t a = src8[4 * x + 3];
                for (int c = 0; c < 3; c++) dst[3 * x + c] = (uint16_t)((src8[4 * x + c] * a * 257 + 127) / 255);
            }
        } else if (m->post == POST_PREMULTIPLY16) {
            for (int x = x0; x < x1; x++) {
                uint64_t a = src[4 * x + 3];
                for (int c = 0; c < 3; c++) dst[3 * x + c] = (uint16_t)((src[4 * x + c] * a + 32767) / 65535);
            }
        } else {
            for (int x = x0; x < x1; x++) dst[3 * x] = dst[3 * x + 1] = dst[3 * x + 2] = src[x];
        }
    }
}

// Where swscale writes a band (the scratch itself, or the intermediate band with `post`).
static uint8_t *sws_band(const fd_meter *m, ptrdiff_t *stride) {
    *stride = m->post ? m->inter_stride : m->stride;
    return m->post ? m->inter : m->scratch;
}

// Converts tiles t0..t1 of band `by` of frame f into the scratch band (same columns).
static int convert_span(fd_meter *m, const AVFrame *f, int by, int rows, int t0, int t1) {
    struct SwsContext *c = span_sws(m, t0, t1, rows);
    if (!c) return -1;
    int x0 = t0 * m->tile, x1 = t1 == m->tx - 1 ? m->w : (t1 + 1) * m->tile;
    const uint8_t *src[4];
    int src_stride[4];
    sources_at(&m->layout, f, x0, by * m->tile, src, src_stride);
    ptrdiff_t stride;
    uint8_t *band = sws_band(m, &stride);
    uint8_t *dst[4] = {band + (ptrdiff_t)x0 * sws_pixel_bytes(m)};
    int dst_stride[4] = {(int)stride};
    sws_scale(c, src, src_stride, 0, rows, dst, dst_stride);
    if (m->post) post_convert(m, m->inter, m->inter_stride, m->scratch, m->stride, x0, x1, rows);
    m->counts.convert_bytes += (uint64_t)(x1 - x0) * (uint64_t)rows * 3u * (uint64_t)m->bpc;
    return 0;
}

// Converts a whole frame into `dst` (the RGB measured, at the meter's stride).
static void convert_whole(fd_meter *m, const uint8_t *const *data, const int *linesize, uint8_t *dst) {
    uint8_t *out[4] = {m->post ? m->inter_whole : dst};
    int out_stride[4] = {(int)(m->post ? m->inter_stride : m->stride)};
    sws_scale(m->sws_whole, data, linesize, 0, m->h, out, out_stride);
    if (m->post) post_convert(m, m->inter_whole, m->inter_stride, dst, m->stride, 0, m->w, m->h);
    m->counts.convert_bytes += (uint64_t)m->w * (uint64_t)m->h * 3u * (uint64_t)m->bpc;
}

// Span widths a converter is made for: every width up to 8 tiles, then 4 a doubling (10, 12, 14,
// 16, 20, ...), so a converted span is at most 25% wider than the changed tiles it covers.
// NB: a converter costs ~53 KB (swscale's context and tables); one per width and start a film
// needed, 117 on the 10 s bench film and 130 on the 60 s one (6.2 -> 6.9 MB, growing with length);
// snapped widths, and one converter for the short last band, bound them at about 40.
static int snap_width(int n) {
    if (n <= 8) return n;
    int log2 = 31 - __builtin_clz((unsigned)n);
    int step = 1 << (log2 - 2);
    return (n + step - 1) / step * step;
}

// Converts the changed tiles of a band, merging tiles into spans across small gaps. Converting a
// tile that did not change is harmless: the scratch is only read at flagged tiles, and a span that
// covers a tile converted before writes the same bytes (conversion is local, probe_locality).
static int convert_flagged(fd_meter *m, const AVFrame *f, int by, int rows) {
    // the short last band is one band in 164 at 2622 rows: one converter for all of it
    if (rows != m->band_h) return convert_span(m, f, by, rows, 0, m->tx - 1);
    for (int t = 0; t < m->tx;) {
        if (!m->flag[t]) { t++; continue; }
        int end = t, gap = 0;
        for (int u = t + 1; u < m->tx && gap < SPAN_GAP; u++) {
            if (m->flag[u]) { end = u; gap = 0; } else gap++;
        }
        int n = snap_width(end - t + 1);
        if (t + n >= m->tx) {
            // reaches the right edge: an edge span, its start moved left to a snapped width
            int e = snap_width(m->tx - t);
            return convert_span(m, f, by, rows, e < m->tx ? m->tx - e : 0, m->tx - 1);
        }
        if (convert_span(m, f, by, rows, t, t + n - 1) < 0) return -1;
        t += n;
    }
    return 0;
}

// Whether the scratch band holds the whole conversion's bytes for tiles t0..t1 of the band at y0.
static int band_matches(const fd_meter *m, const uint8_t *whole, ptrdiff_t stride, int y0, int rows, int t0, int t1) {
    int x0 = t0 * m->tile, x1 = t1 == m->tx - 1 ? m->w : (t1 + 1) * m->tile;
    size_t off = (size_t)x0 * 3 * m->bpc, bytes = (size_t)(x1 - x0) * 3 * m->bpc;
    for (int r = 0; r < rows; r++)
        if (memcmp(m->scratch + r * m->stride + off, whole + (ptrdiff_t)(y0 + r) * stride + off, bytes)) return 0;
    return 1;
}

// A byte swscale never writes on purpose: the probe fills the scratch past a band's rows with it.
#define OVERRUN_CANARY 0xA5

// Converts tiles t0..t1 of band `by` of the probe frame and checks that swscale wrote nothing past
// the band's rows (the row of slack after them keeps such a write inside the scratch): a converter
// that does reads and writes a stride past its span, so it must not be used on spans.
static int probe_span(fd_meter *m, const AVFrame *probe, int by, int rows, int t0, int t1) {
    ptrdiff_t stride;
    uint8_t *past = sws_band(m, &stride) + (ptrdiff_t)rows * stride;
    size_t slack = (size_t)(m->band_h + 1 - rows) * stride + 64;
    memset(past, OVERRUN_CANARY, slack);
    if (convert_span(m, probe, by, rows, t0, t1) < 0) return 0;
    for (size_t i = 0; i < slack; i++)
        if (past[i] != OVERRUN_CANARY) return 0;
    return 1;
}

// Whether converting parts of a frame gives the bytes of converting it whole: MODE_SPANS when
// spans of tiles do, MODE_BANDS when whole bands do, else MODE_WHOLE. Checked on random planes,
// each conversion also for writing past its rows (probe_span).
static int probe_locality(fd_meter *m) {
    AVFrame *probe = av_frame_alloc();
    ptrdiff_t stride;
    uint8_t *whole = alloc_rgb(m->w, m->h, m->bpc, &stride);
    int mode = MODE_WHOLE;
    if (!probe || !whole) goto done;
    probe->format = m->conv_fmt;
    probe->width = m->w;
    // a band of rows more than the frame: a converter that reads past its span's rows (what
    // probe_span looks for) reads probe bytes, not past the buffer
    probe->height = m->h + m->tile;
    if (av_frame_get_buffer(probe, 0) < 0) goto done;
    uint32_t seed = 12345;
    const plane_layout *l = &m->layout;
    for (int p = 0; p < (l->palette ? 2 : l->count); p++) {
        int rows = l->palette && p == 1 ? 1 : (probe->height + (1 << l->shift_h[p]) - 1) >> l->shift_h[p];
        int bytes = l->palette && p == 1 ? 1024 : l->row_bytes[p];
        for (int r = 0; r < rows; r++)
            for (int i = 0; i < bytes; i++) {
                seed = seed * 1664525u + 1013904223u;
                probe->data[p][(ptrdiff_t)r * probe->linesize[p] + i] = (uint8_t)(seed >> 24);
            }
    }
    convert_whole(m, (const uint8_t *const *)probe->data, probe->linesize, whole);
    // Every band tile by tile would be 12,000 conversions at 1206x2622; the first, a middle and the
    // last band cover every case the converter has (first rows, edge tiles, a short last band).
    int bands[3] = {0, m->ty / 2, m->ty - 1};
    for (int candidate = MODE_SPANS; candidate <= MODE_BANDS && mode == MODE_WHOLE; candidate++) {
        int same = 1;
        for (int b = 0; b < 3 && same; b++) {
            int by = bands[b];
            int y0 = by * m->tile, rows = m->h - y0 < m->tile ? m->h - y0 : m->tile;
            if (candidate == MODE_SPANS && rows == m->band_h) {
                // every tile alone
                for (int t = 0; t < m->tx && same; t++) same = probe_span(m, probe, by, rows, t, t);
                same = same && band_matches(m, whole, stride, y0, rows, 0, m->tx - 1);
                // every span width convert_flagged makes: from the first tile, from the second (a
                // converter serves its width at any start, and odd tiles start chroma mid-word), and
                // to the edge
                for (int n = 2; n < m->tx && same; n = snap_width(n + 1)) {
                    same = probe_span(m, probe, by, rows, 0, n - 1) &&
                           band_matches(m, whole, stride, y0, rows, 0, n - 1) &&
                           (n + 1 >= m->tx || (probe_span(m, probe, by, rows, 1, n) &&
                                               band_matches(m, whole, stride, y0, rows, 1, n))) &&
                           probe_span(m, probe, by, rows, m->tx - n, m->tx - 1) &&
                           band_matches(m, whole, stride, y0, rows, m->tx - n, m->tx - 1);
                }
            }
            // the whole band as one span (MODE_BANDS, and the short last band's converter)
            same = same && probe_span(m, probe, by, rows, 0, m->tx - 1) &&
                   band_matches(m, whole, stride, y0, rows, 0, m->tx - 1);
        }
        if (same) mode = candidate;
    }
done:
    av_frame_free(&probe);
    av_free(whole);
    return mode;
}

static int build_converter(fd_meter *m, const AVFrame *f) {
    free_converter(m);
    const AVPixFmtDescriptor *desc = av_pix_fmt_desc_get(f->format);
    if (!desc) return -1;
    int gray = desc->nb_components <= 2 && !(desc->flags & (AV_PIX_FMT_FLAG_PAL | AV_PIX_FMT_FLAG_RGB));
    m->post = (desc->flags & AV_PIX_FMT_FLAG_ALPHA) ? (desc->comp[0].depth > 8 ? POST_PREMULTIPLY16 : POST_PREMULTIPLY8)
            : gray && desc->comp[0].depth > 8 ? POST_GRAY : POST_NONE;
    if (set_depth(m, desc->comp[0].depth > 8 || m->post ? 2 : 1) < 0) return -1;
    m->conv_fmt = f->format;
    m->conv_cs = f->colorspace;
    m->conv_range = f->color_range;
    m->layout = layout_of(f->format, m->w);
    m->sws_whole = make_sws(m->w, m->h, f->format, f->colorspace, f->color_range, sws_output(m->post, m->bpc));
    m->sws_span = av_calloc((size_t)4 * m->tx, sizeof *m->sws_span);
    if (!m->sws_whole || !m->sws_span) return -1;
    if (m->post) {
        // (a row of slack, as the scratch has: see set_depth)
        m->inter_stride = ((ptrdiff_t)m->w * sws_pixel_bytes(m) + 63) & ~(ptrdiff_t)63;
        m->inter = av_mallocz((size_t)m->inter_stride * (m->band_h + 1) + 64);
        m->inter_whole = av_mallocz((size_t)m->inter_stride * m->h + 64);
        if (!m->inter || !m->inter_whole) return -1;
    }
    m->mode = probe_locality(m);
    // free the tables of the converters the probe made and the mode does not use: all of them for
    // whole frames, all but the whole band's (an edge span from tile 0, of either height) for bands
    for (int i = 0; i < 4 * m->tx; i++) {
        int whole_band = i == 1 * m->tx || i == 3 * m->tx;
        if (m->mode == MODE_WHOLE || (m->mode == MODE_BANDS && !whole_band)) {
            sws_freeContext(m->sws_span[i]);
            m->sws_span[i] = NULL;
        }
    }
    return 0;
}

int fd_meter_push_video(fd_meter *m, const fd_video *v, char *err, size_t errlen) {
    const AVFrame *cur = v->cur, *prev = v->prev;
    if (cur->width != m->w || cur->height != m->h) {
        fd_set_error(err, errlen, "frame size differs from the meter's", 0);
        return -1;
    }
    int rebuilt = 0;
    if (cur->format != m->conv_fmt || cur->colorspace != m->conv_cs || cur->color_range != m->conv_range) {
        // (a film whose pixel format, range or matrix changes mid-stream is still measured against
        // its previous picture: the planes cannot be compared, every tile is converted)
        if (build_converter(m, cur) < 0) {
            fd_set_error(err, errlen, "no conversion to RGB for this pixel format", 0);
            return -1;
        }
        rebuilt = 1;
    }
    int compare = !rebuilt && m->has_prev && prev->data[0] && prev->format == cur->format &&
                  prev->width == cur->width && prev->height == cur->height;
    int palette_changed = compare && m->layout.palette && memcmp(cur->data[1], prev->data[1], 1024);
    if (m->count_stages) m->mark = fd_ticks();
    start_push(m);

    if (m->mode == MODE_WHOLE) {
        int any = !compare || palette_changed;
        for (int by = 0; by < m->ty && !any; by++) {
            int y0 = by * m->tile, rows = m->h - y0 < m->tile ? m->h - y0 : m->tile;
            any = flag_tiles(m, cur, prev, y0, rows) > 0;
        }
        STAGE_DONE(m, compare_ticks);
        if (any && !m->whole && !(m->whole = alloc_rgb(m->w, m->h, m->bpc, &m->stride))) {
            fd_set_error(err, errlen, "out of memory for the frame's RGB picture", 0);
            return -1;
        }
        if (any) {
            convert_whole(m, (const uint8_t *const *)cur->data, cur->linesize, m->whole);
            STAGE_DONE(m, convert_ticks);
            memset(m->flag, 1, (size_t)m->tx);
            for (int by = 0; by < m->ty; by++) {
                int y0 = by * m->tile, rows = m->h - y0 < m->tile ? m->h - y0 : m->tile;
                uint8_t *fresh = m->whole + (ptrdiff_t)y0 * m->stride;
                apply_masks(m, fresh, y0, rows);
                take_tiles(m, fresh, by, rows);
                m->changed_bands++;
            }
        }
        finish_push(m);
        STAGE_DONE(m, measure_ticks);
        return 0;
    }
    for (int by = 0; by < m->ty; by++) {
        int y0 = by * m->tile, rows = m->h - y0 < m->tile ? m->h - y0 : m->tile;
        int n;
        if (!compare || palette_changed) {
            memset(m->flag, 1, (size_t)m->tx);
            n = m->tx;
        } else {
            n = flag_tiles(m, cur, prev, y0, rows);
        }
        STAGE_DONE(m, compare_ticks);
        if (!n) continue;
        m->changed_bands++;
        if (m->mode == MODE_BANDS) memset(m->flag, 1, (size_t)m->tx);
        if (convert_flagged(m, cur, by, rows) < 0) {
            fd_set_error(err, errlen, "cannot convert the frame to RGB", 0);
            return -1;
        }
        STAGE_DONE(m, convert_ticks);
        apply_masks(m, m->scratch, y0, rows);
        take_tiles(m, m->scratch, by, rows);
        STAGE_DONE(m, measure_ticks);
    }
    finish_push(m);
    STAGE_DONE(m, measure_ticks);
    return 0;
}

uint64_t fd_meter_sse(const fd_meter *m) { return m->sse; }
// (the counts are made on first use after masks were added; a cast, not a copy, on this path)
uint64_t fd_meter_samples(const fd_meter *m) {
    if (m->pixels_dirty) recount_pixels((fd_meter *)m);
    return m->samples;
}
int fd_meter_max_value(const fd_meter *m) { return m->bpc == 2 ? 65535 : 255; }
int fd_meter_changed_bands(const fd_meter *m) { return m->changed_bands; }
const uint64_t *fd_meter_tile_sse(const fd_meter *m) { return m->tile_sse; }
const fd_tile_stats *fd_meter_tile_stats(const fd_meter *m) { return m->stats; }
const uint32_t *fd_meter_tile_pixels(const fd_meter *m) {
    if (m->pixels_dirty) recount_pixels((fd_meter *)m);
    return m->pixels;
}
int fd_meter_bits(const fd_meter *m) { return m->bpc * 8; }

void fd_meter_copy_rgb(const fd_meter *m, uint8_t *dst, ptrdiff_t dst_stride) {
    for (int y = 0; y < m->h; y++)
        memcpy(dst + (ptrdiff_t)y * dst_stride, m->pic + (ptrdiff_t)y * m->stride, (size_t)m->w * 3 * m->bpc);
}
