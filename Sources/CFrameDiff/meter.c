// meter.c - one pass a frame: find the bands that changed, convert and measure only those.
//
// NB: converting every frame to RGB costs 1.4-2.4 ms at 1206x2622 against ~5 ms of decoding
// (shared/FACTS.md), while an app recording changes a small part of the screen most of the time.
// Comparing the decoded planes band by band is a memcmp at memory speed; a band whose planes are
// byte-identical has byte-identical RGB and contributes exactly zero. Only changed bands are
// converted (with the converter ffmpeg itself uses, so values match `compare` on ffmpeg's PNGs)
// and measured against the RGB of the previous frame kept in `cache`.
#include "cframediff.h"
#include "internal.h"

#include <libavutil/imgutils.h>
#include <libavutil/pixdesc.h>
#include <libswscale/swscale.h>
#include <stdlib.h>
#include <string.h>

typedef struct mask_rect { int x, y, w, h; } mask_rect;

struct fd_meter {
    int w, h, tile, tx, ty;
    int band_h;                      // rows of a full band: the tile, or the whole frame if shorter
    uint8_t *cache, *band, *whole;   // RGB: last frame, one band of the new frame, a whole new frame
    ptrdiff_t stride;                // of all three
    int bpc;                         // bytes a channel: 1, or 2 for frames of more than 8 bits
    uint64_t *tile_sse;
    fd_tile_stats *stats;
    uint32_t *pixels;
    mask_rect *masks;
    int nmasks;
    // The converter, built for the pixel format, matrix and range of the frames it sees.
    struct SwsContext *sws_band, *sws_last, *sws_whole;
    int conv_fmt, conv_cs, conv_range, row_local;
    int has_prev;
    uint64_t sse, samples;
    int changed_bands;
};

static void *alloc_rgb(int w, int h, int bpc, ptrdiff_t *stride) {
    // Padded stride: swscale leaves the last pixels of a row unwritten when the stride is exactly
    // width*3 and the width is not a multiple of 8 (shared/FACTS.md).
    *stride = ((ptrdiff_t)w * 3 * bpc + 63) & ~(ptrdiff_t)63;
    return av_mallocz((size_t)(*stride) * h + 64);
}

// Sizes the RGB buffers for `bpc` bytes a channel; a change of depth forgets the previous frame.
static int set_depth(fd_meter *m, int bpc) {
    if (m->bpc == bpc && m->cache) return 0;
    av_freep(&m->cache);
    av_freep(&m->band);
    av_freep(&m->whole);
    m->bpc = bpc;
    m->has_prev = 0;
    m->cache = alloc_rgb(m->w, m->h, bpc, &m->stride);
    m->band = alloc_rgb(m->w, m->tile, bpc, &m->stride);
    return m->cache && m->band ? 0 : -1;
}

static void recount_pixels(fd_meter *m) {
    m->samples = 0;
    for (int ty = 0; ty < m->ty; ty++)
        for (int tx = 0; tx < m->tx; tx++) {
            int x0 = tx * m->tile, y0 = ty * m->tile;
            int x1 = x0 + m->tile < m->w ? x0 + m->tile : m->w;
            int y1 = y0 + m->tile < m->h ? y0 + m->tile : m->h;
            uint32_t n = 0;
            for (int y = y0; y < y1; y++)
                for (int x = x0; x < x1; x++) {
                    int masked = 0;
                    for (int k = 0; k < m->nmasks && !masked; k++) {
                        const mask_rect *r = &m->masks[k];
                        masked = x >= r->x && x < r->x + r->w && y >= r->y && y < r->y + r->h;
                    }
                    n += !masked;
                }
            m->pixels[ty * m->tx + tx] = n;
            m->samples += (uint64_t)n * 3;
        }
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
    m->tile_sse = av_calloc((size_t)m->tx * m->ty, sizeof *m->tile_sse);
    m->stats = av_calloc((size_t)m->tx * m->ty, sizeof *m->stats);
    m->pixels = av_calloc((size_t)m->tx * m->ty, sizeof *m->pixels);
    if (set_depth(m, 1) < 0 || !m->tile_sse || !m->stats || !m->pixels) { fd_meter_free(m); return NULL; }
    recount_pixels(m);
    return m;
}

static void free_converter(fd_meter *m) {
    sws_freeContext(m->sws_band);
    sws_freeContext(m->sws_last);
    sws_freeContext(m->sws_whole);
    m->sws_band = m->sws_last = m->sws_whole = NULL;
    m->conv_fmt = -1;
}

void fd_meter_free(fd_meter *m) {
    if (!m) return;
    free_converter(m);
    av_free(m->cache);
    av_free(m->band);
    av_free(m->whole);
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
    recount_pixels(m);
    m->has_prev = 0;
}

void fd_meter_reset(fd_meter *m) { m->has_prev = 0; }

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

// Recomputes the statistics of the tiles in band `by` from its RGB rows.
static void band_stats(fd_meter *m, const uint8_t *rgb, int by, int rows) {
    fd_tile_stats *row = m->stats + (size_t)by * m->tx;
    memset(row, 0, sizeof *row * m->tx);
    for (int r = 0; r < rows; r++) {
        const uint8_t *p = rgb + r * m->stride;
        for (int t = 0; t < m->tx; t++) {
            int x0 = t * m->tile, x1 = x0 + m->tile < m->w ? x0 + m->tile : m->w;
            uint32_t sr = 0, sg = 0, sb = 0, sq = 0;
            for (int x = x0; x < x1; x++) {
                uint32_t R, G, B;
                if (m->bpc == 1) {
                    R = p[3 * x]; G = p[3 * x + 1]; B = p[3 * x + 2];
                } else {  // statistics stay on the 8-bit scale
                    const uint16_t *q = (const uint16_t *)p;
                    R = q[3 * x] >> 8; G = q[3 * x + 1] >> 8; B = q[3 * x + 2] >> 8;
                }
                sr += R; sg += G; sb += B;
                sq += R * R + G * G + B * B;
            }
            row[t].sum_r += sr; row[t].sum_g += sg; row[t].sum_b += sb; row[t].sum_sq += sq;
        }
    }
}

// Measures band `by` whose new RGB rows are `rgb`, then makes them the cached picture.
static void take_band(fd_meter *m, uint8_t *rgb, int by, int rows, int measure) {
    int y0 = by * m->tile;
    uint8_t *cached = m->cache + (ptrdiff_t)y0 * m->stride;
    apply_masks(m, rgb, y0, rows);
    if (measure)
        (m->bpc == 1 ? fd_band_sse : fd_band_sse16)(cached, m->stride, rgb, m->stride, m->w * 3, rows,
                                                   m->tile * 3, m->tile_sse + (size_t)by * m->tx);
    band_stats(m, rgb, by, rows);
    if (rgb != cached)
        for (int r = 0; r < rows; r++)
            memcpy(cached + r * m->stride, rgb + r * m->stride, (size_t)m->w * 3 * m->bpc);
}

static void finish_push(fd_meter *m) {
    uint64_t s = 0;
    for (int i = 0; i < m->tx * m->ty; i++) s += m->tile_sse[i];
    m->sse = s;
    m->has_prev = 1;
}

int fd_meter_push_rgb(fd_meter *m, const uint8_t *rgb, ptrdiff_t stride, int bits) {
    if (set_depth(m, bits > 8 ? 2 : 1) < 0) return -1;
    size_t row = (size_t)m->w * 3 * m->bpc;
    memset(m->tile_sse, 0, sizeof *m->tile_sse * m->tx * m->ty);
    m->changed_bands = 0;
    for (int by = 0; by < m->ty; by++) {
        int y0 = by * m->tile, rows = m->h - y0 < m->tile ? m->h - y0 : m->tile;
        int changed = !m->has_prev || m->nmasks;
        for (int r = 0; r < rows && !changed; r++)
            changed = memcmp(rgb + (y0 + r) * stride, m->cache + (y0 + r) * m->stride, row) != 0;
        if (!changed) continue;
        m->changed_bands++;
        for (int r = 0; r < rows; r++) memcpy(m->band + r * m->stride, rgb + (y0 + r) * stride, row);
        take_band(m, m->band, by, rows, m->has_prev);
    }
    finish_push(m);
    return 0;
}

// --- video frames ------------------------------------------------------------------------------

typedef struct plane_layout {
    int count;               // planes holding pixels (a palette is not counted)
    int palette;             // 1 when data[1] is a palette
    int shift[4];            // vertical subsampling of each plane
    int row_bytes[4];
} plane_layout;

static plane_layout layout_of(enum AVPixelFormat fmt, int width) {
    plane_layout l = {0};
    const AVPixFmtDescriptor *d = av_pix_fmt_desc_get(fmt);
    l.palette = d && (d->flags & AV_PIX_FMT_FLAG_PAL);
    l.count = l.palette ? 1 : av_pix_fmt_count_planes(fmt);
    for (int p = 0; p < l.count; p++) {
        l.shift[p] = (p == 1 || p == 2) ? d->log2_chroma_h : 0;
        l.row_bytes[p] = av_image_get_linesize(fmt, width, p);
    }
    return l;
}

static int band_differs(const plane_layout *l, const AVFrame *a, const AVFrame *b, int y0, int rows) {
    for (int p = 0; p < l->count; p++) {
        int s = l->shift[p];
        int r0 = y0 >> s, r1 = (y0 + rows + (1 << s) - 1) >> s;
        for (int r = r0; r < r1; r++)
            if (memcmp(a->data[p] + (ptrdiff_t)r * a->linesize[p], b->data[p] + (ptrdiff_t)r * b->linesize[p],
                       (size_t)l->row_bytes[p]))
                return 1;
    }
    return 0;
}

static void band_sources(const plane_layout *l, const AVFrame *f, int y0, const uint8_t *src[4], int stride[4]) {
    for (int p = 0; p < 4; p++) {
        src[p] = f->data[p];
        stride[p] = f->linesize[p];
    }
    for (int p = 0; p < l->count; p++) src[p] = f->data[p] + (ptrdiff_t)(y0 >> l->shift[p]) * f->linesize[p];
}

// The colour set-up of ffmpeg's scale filter (vf_scale.c, FFmpeg 5.1): the frame's matrix, with
// the out-of-range values it maps to BT.601, and the frame's range when it declares one.
// Frames of more than 8 bits go to 16-bit RGB, as ffmpeg's PNG extraction writes them.
static struct SwsContext *make_sws(int w, int h, enum AVPixelFormat fmt, int cs, int range, int bpc) {
    enum AVPixelFormat out = bpc == 2 ? AV_PIX_FMT_RGB48 : AV_PIX_FMT_RGB24;
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

// Builds the converter for a format, then checks on random planes that converting band by band
// gives the same bytes as converting the whole frame (true for swscale's direct YUV->RGB paths;
// not where it filters or dithers across rows, e.g. 10-bit input). If not, every changed frame is
// converted whole.
static int build_converter(fd_meter *m, const AVFrame *f) {
    free_converter(m);
    enum AVPixelFormat fmt = f->format;
    const AVPixFmtDescriptor *desc = av_pix_fmt_desc_get(fmt);
    if (!desc || set_depth(m, desc->comp[0].depth > 8 ? 2 : 1) < 0) return -1;
    m->sws_whole = make_sws(m->w, m->h, fmt, f->colorspace, f->color_range, m->bpc);
    if (!m->sws_whole) return -1;
    int last = m->h % m->tile;
    m->sws_band = make_sws(m->w, m->band_h, fmt, f->colorspace, f->color_range, m->bpc);
    m->sws_last = last && m->h > m->tile ? make_sws(m->w, last, fmt, f->colorspace, f->color_range, m->bpc) : NULL;
    m->conv_fmt = fmt;
    m->conv_cs = f->colorspace;
    m->conv_range = f->color_range;
    m->row_local = 0;
    if (!m->whole) m->whole = alloc_rgb(m->w, m->h, m->bpc, &m->stride);
    if (!m->whole) return -1;
    if (!m->sws_band || (last && m->h > m->tile && !m->sws_last)) return 0;

    AVFrame *probe = av_frame_alloc();
    uint8_t *banded = alloc_rgb(m->w, m->h, m->bpc, &m->stride);
    int ok = probe && banded;
    if (ok) {
        probe->format = fmt;
        probe->width = m->w;
        probe->height = m->h;
        ok = av_frame_get_buffer(probe, 0) >= 0;
    }
    if (ok) {
        uint32_t seed = 12345;
        plane_layout l = layout_of(fmt, m->w);
        int planes = l.palette ? 2 : l.count;
        for (int p = 0; p < planes; p++) {
            int rows = l.palette && p == 1 ? 1 : (m->h + (1 << l.shift[p]) - 1) >> l.shift[p];
            int bytes = l.palette && p == 1 ? 1024 : l.row_bytes[p];
            for (int r = 0; r < rows; r++)
                for (int i = 0; i < bytes; i++) {
                    seed = seed * 1664525u + 1013904223u;
                    probe->data[p][(ptrdiff_t)r * probe->linesize[p] + i] = (uint8_t)(seed >> 24);
                }
        }
        uint8_t *dst[4] = {m->whole};
        int dst_stride[4] = {(int)m->stride};
        sws_scale(m->sws_whole, (const uint8_t *const *)probe->data, probe->linesize, 0, m->h, dst, dst_stride);
        for (int by = 0; by < m->ty; by++) {
            int y0 = by * m->tile, rows = m->h - y0 < m->tile ? m->h - y0 : m->tile;
            const uint8_t *src[4];
            int src_stride[4];
            band_sources(&l, probe, y0, src, src_stride);
            uint8_t *bd[4] = {banded + (ptrdiff_t)y0 * m->stride};
            sws_scale(rows == m->band_h ? m->sws_band : m->sws_last, src, src_stride, 0, rows, bd, dst_stride);
        }
        int same = 1;
        for (int y = 0; y < m->h && same; y++)
            same = !memcmp(m->whole + y * m->stride, banded + y * m->stride, (size_t)m->w * 3 * m->bpc);
        m->row_local = same;
    }
    av_frame_free(&probe);
    av_free(banded);
    return 0;
}

int fd_meter_push_video(fd_meter *m, const fd_video *v, char *err, size_t errlen) {
    const AVFrame *cur = v->cur, *prev = v->prev;
    if (cur->width != m->w || cur->height != m->h) {
        fd_set_error(err, errlen, "frame size differs from the meter's", 0);
        return -1;
    }
    if (cur->format != m->conv_fmt || cur->colorspace != m->conv_cs || cur->color_range != m->conv_range) {
        if (build_converter(m, cur) < 0) {
            fd_set_error(err, errlen, "no conversion to RGB for this pixel format", 0);
            return -1;
        }
        m->has_prev = m->has_prev && prev->format == cur->format;
    }
    int compare = m->has_prev && prev->data[0] && prev->format == cur->format &&
                  prev->width == cur->width && prev->height == cur->height;
    plane_layout l = layout_of(cur->format, m->w);
    int palette_changed = compare && l.palette && memcmp(cur->data[1], prev->data[1], 1024);
    memset(m->tile_sse, 0, sizeof *m->tile_sse * m->tx * m->ty);
    m->changed_bands = 0;

    unsigned char changed[m->ty];
    for (int by = 0; by < m->ty; by++) {
        int y0 = by * m->tile, rows = m->h - y0 < m->tile ? m->h - y0 : m->tile;
        changed[by] = !compare || palette_changed || band_differs(&l, cur, prev, y0, rows);
        m->changed_bands += changed[by];
    }
    if (m->changed_bands && !m->row_local) {
        uint8_t *dst[4] = {m->whole};
        int dst_stride[4] = {(int)m->stride};
        sws_scale(m->sws_whole, (const uint8_t *const *)cur->data, cur->linesize, 0, m->h, dst, dst_stride);
        for (int by = 0; by < m->ty; by++) {
            int y0 = by * m->tile, rows = m->h - y0 < m->tile ? m->h - y0 : m->tile;
            take_band(m, m->whole + (ptrdiff_t)y0 * m->stride, by, rows, m->has_prev);
        }
    } else if (m->changed_bands) {
        for (int by = 0; by < m->ty; by++) {
            if (!changed[by]) continue;
            int y0 = by * m->tile, rows = m->h - y0 < m->tile ? m->h - y0 : m->tile;
            const uint8_t *src[4];
            int src_stride[4];
            band_sources(&l, cur, y0, src, src_stride);
            uint8_t *dst[4] = {m->band};
            int dst_stride[4] = {(int)m->stride};
            sws_scale(rows == m->band_h ? m->sws_band : m->sws_last, src, src_stride, 0, rows, dst, dst_stride);
            take_band(m, m->band, by, rows, m->has_prev);
        }
    }
    finish_push(m);
    return 0;
}

uint64_t fd_meter_sse(const fd_meter *m) { return m->sse; }
uint64_t fd_meter_samples(const fd_meter *m) { return m->samples; }
int fd_meter_max_value(const fd_meter *m) { return m->bpc == 2 ? 65535 : 255; }
int fd_meter_changed_bands(const fd_meter *m) { return m->changed_bands; }
int fd_meter_converted_whole(const fd_meter *m) { return !m->row_local; }
int fd_meter_tiles_x(const fd_meter *m) { return m->tx; }
int fd_meter_tiles_y(const fd_meter *m) { return m->ty; }
const uint64_t *fd_meter_tile_sse(const fd_meter *m) { return m->tile_sse; }
const fd_tile_stats *fd_meter_tile_stats(const fd_meter *m) { return m->stats; }
const uint32_t *fd_meter_tile_pixels(const fd_meter *m) { return m->pixels; }
const uint8_t *fd_meter_rgb(const fd_meter *m, ptrdiff_t *stride, int *bits) {
    *stride = m->stride;
    *bits = m->bpc * 8;
    return m->cache;
}
