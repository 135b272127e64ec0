// video.c - a streaming decoder over libavformat/libavcodec.
//
// Exists because FFmpeg's send/receive loop leans on macros Swift cannot import (AVERROR(EAGAIN),
// AVERROR_EOF, AV_NOPTS_VALUE) and on AVFrame fields that arrive in Swift as 8-tuples.
#include "cframediff.h"
#include "internal.h"

#include <libavutil/display.h>
#include <libavutil/pixdesc.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

void fd_set_error(char *err, size_t errlen, const char *what, int averr) {
    if (!err || !errlen) return;
    if (averr) {
        char buf[AV_ERROR_MAX_STRING_SIZE] = {0};
        av_strerror(averr, buf, sizeof buf);
        snprintf(err, errlen, "%s: %s", what, buf);
    } else {
        snprintf(err, errlen, "%s", what);
    }
}

static int read_rotation(AVStream *st) {
    const int32_t *matrix = NULL;
#if LIBAVFORMAT_VERSION_MAJOR >= 61
    // FFmpeg 6.1+ keeps stream side data in codecpar.
    const AVPacketSideData *sd = av_packet_side_data_get(st->codecpar->coded_side_data,
                                                          st->codecpar->nb_coded_side_data,
                                                          AV_PKT_DATA_DISPLAYMATRIX);
    if (sd && sd->size >= 9 * 4) matrix = (const int32_t *)sd->data;
#else
    size_t size = 0;
    matrix = (const int32_t *)av_stream_get_side_data(st, AV_PKT_DATA_DISPLAYMATRIX, &size);
    if (size < 9 * 4) matrix = NULL;
#endif
    if (!matrix) return 0;
    // Same arithmetic as ffmpeg's own get_rotation(): the matrix turns counter-clockwise.
    double theta = -round(av_display_rotation_get(matrix));
    theta -= 360 * floor(theta / 360 + 0.9 / 360);
    int deg = (int)lround(theta) % 360;
    return (deg == 90 || deg == 180 || deg == 270) ? deg : 0;
}

static void release(fd_video *v) {
    if (v->thread_started) {
        pthread_mutex_lock(&v->lock);
        v->stop = 1;
        pthread_cond_broadcast(&v->changed);
        pthread_mutex_unlock(&v->lock);
        pthread_join(v->thread, NULL);
        pthread_mutex_destroy(&v->lock);
        pthread_cond_destroy(&v->changed);
    }
    for (int i = 0; i < FD_AHEAD; i++) av_frame_free(&v->ring[i]);
    av_frame_free(&v->cur);
    av_frame_free(&v->prev);
    av_frame_free(&v->work);
    av_packet_free(&v->pkt);
    avcodec_free_context(&v->dec);
    avformat_close_input(&v->fmt);
}

void fd_video_close(fd_video *v) {
    if (!v) return;
    release(v);
    av_free(v);
}

// Decodes the next frame into `out`: 1 a frame, 0 the end, -1 an error.
static int decode_next(fd_video *v, AVFrame *out, char *err, size_t errlen) {
    for (;;) {
        int ret = avcodec_receive_frame(v->dec, out);
        if (ret == 0) {
            // a frame the decoder concealed errors in is shown (as ffmpeg does) but counted
            if ((out->flags & AV_FRAME_FLAG_CORRUPT) || out->decode_error_flags) v->corrupt++;
            int64_t ts = out->best_effort_timestamp;
            if (ts == AV_NOPTS_VALUE) ts = out->pts;
            if (ts == AV_NOPTS_VALUE) ts = v->last_ts == AV_NOPTS_VALUE ? 0 : v->last_ts + 1;
            v->last_ts = ts;
            out->pts = ts;
            return 1;
        }
        if (ret == AVERROR_EOF) return 0;
        if (ret != AVERROR(EAGAIN)) {
            // A frame the decoder could not rebuild: ffmpeg goes on past it, and so do we.
            v->corrupt++;
            if (v->corrupt > 1000) { fd_set_error(err, errlen, "too many undecodable frames", ret); return -1; }
            continue;
        }
        if (v->draining) return 0;
        ret = av_read_frame(v->fmt, v->pkt);
        // EAGAIN from the demuxer (a damaged stretch it is resynchronising over): try again, as
        // ffmpeg does, a bounded number of times
        if (ret == AVERROR(EAGAIN) && ++v->retries < 10000) continue;
        v->retries = 0;
        if (ret == AVERROR_EOF) {
            // A container that indexes its frames (MP4/MOV) and ends before the last of them was
            // cut off mid-recording; the demuxer only warns ("partial file").
            int64_t declared = v->fmt->streams[v->stream]->nb_frames;
            int indexed = v->fmt->iformat && strstr(v->fmt->iformat->name, "mov") != NULL;  // not GIF, not MKV
            if (indexed && declared > 0 && v->packets < declared) {
                char what[128];
                snprintf(what, sizeof what, "the film is truncated: its index lists %lld frames, the file holds %lld",
                         (long long)declared, (long long)v->packets);
                fd_set_error(err, errlen, what, 0);
                return -1;
            }
            v->draining = 1;
            avcodec_send_packet(v->dec, NULL);
            continue;
        }
        if (ret < 0) {
            // ffmpeg warns and goes on with what it has; an analysis of part of a film would look
            // like a clean result, so this is an error.
            char what[96];
            snprintf(what, sizeof what, "the film is truncated or damaged after %.0f ms",
                     v->last_ts == AV_NOPTS_VALUE ? 0.0 : v->last_ts * av_q2d(v->tb) * 1000.0 - v->start_us / 1000.0);
            fd_set_error(err, errlen, what, ret);
            return -1;
        }
        if (v->pkt->stream_index == v->stream) {
            v->packets++;
            ret = avcodec_send_packet(v->dec, v->pkt);
            if (ret < 0 && ret != AVERROR(EAGAIN)) v->corrupt++;
        }
        av_packet_unref(v->pkt);
    }
}

static void fill_info(fd_video *v, const AVFrame *f);

// The decoding thread: fills the ring until the film ends, an error, or the caller closes it.
static void *decode_ahead(void *arg) {
    fd_video *v = arg;
    char err[256] = {0};
    for (;;) {
        pthread_mutex_lock(&v->lock);
        while (v->ring_count == FD_AHEAD && !v->stop) pthread_cond_wait(&v->changed, &v->lock);
        int stop = v->stop;
        pthread_mutex_unlock(&v->lock);
        if (stop) break;
        int ret = decode_next(v, v->work, err, sizeof err);
        pthread_mutex_lock(&v->lock);
        v->corrupt_seen = v->corrupt;
        if (ret == 1) {
            av_frame_move_ref(v->ring[(v->ring_head + v->ring_count) % FD_AHEAD], v->work);
            v->ring_count++;
        } else {
            v->finished = ret == 0 ? 1 : -1;
            snprintf(v->ring_err, sizeof v->ring_err, "%s", err);
        }
        pthread_cond_broadcast(&v->changed);
        pthread_mutex_unlock(&v->lock);
        if (ret != 1) break;
    }
    return NULL;
}

enum { MP4_NOT, MP4_NO_MOOV, MP4_HAS_MOOV, MP4_BROKEN };

// What the top-level boxes of an MP4/MOV say when FFmpeg cannot open it: not an MP4 (no ftyp
// first), no moov (cut off before the index was written), a moov (it is damaged), or a box whose
// size runs past the end of the file.
static int mp4_boxes(const char *path) {
    FILE *fp = fopen(path, "rb");
    if (!fp) return MP4_NOT;
    unsigned char h[16];
    int result = MP4_NOT;
    if (fread(h, 1, 8, fp) != 8 || memcmp(h + 4, "ftyp", 4)) goto done;
    if (fseeko(fp, 0, SEEK_END) != 0) goto done;
    off_t end = ftello(fp), at = 0;
    result = MP4_NO_MOOV;
    for (int n = 0; at < end && n < 100000; n++) {
        if (fseeko(fp, at, SEEK_SET) != 0 || fread(h, 1, 8, fp) != 8) { result = MP4_BROKEN; break; }
        uint64_t size = ((uint64_t)h[0] << 24) | ((uint64_t)h[1] << 16) | ((uint64_t)h[2] << 8) | h[3];
        if (size == 1) {
            if (fread(h + 8, 1, 8, fp) != 8) { result = MP4_BROKEN; break; }
            size = 0;
            for (int i = 8; i < 16; i++) size = (size << 8) | h[i];
        } else if (size == 0) {
            size = (uint64_t)(end - at);
        }
        if (!memcmp(h + 4, "moov", 4)) { result = MP4_HAS_MOOV; break; }
        if (size < 8 || size > (uint64_t)(end - at)) {
            // the last box may be cut short (a recording stopped mid-write): still no index
            result = size < 8 ? MP4_BROKEN : MP4_NO_MOOV;
            if (size > (uint64_t)(end - at) && memcmp(h + 4, "mdat", 4) && memcmp(h + 4, "free", 4)) result = MP4_BROKEN;
            break;
        }
        at += (off_t)size;
    }
done:
    fclose(fp);
    return result;
}

// Whether the stream is a still picture attached to the file (cover art, a thumbnail), which
// FFmpeg lists as a video stream of one frame.
static int is_attached_picture(const AVStream *st) {
    return (st->disposition & AV_DISPOSITION_ATTACHED_PIC) != 0;
}

static int attached_pictures(const AVFormatContext *fmt) {
    int n = 0;
    for (unsigned i = 0; i < fmt->nb_streams; i++)
        n += fmt->streams[i]->codecpar->codec_type == AVMEDIA_TYPE_VIDEO && is_attached_picture(fmt->streams[i]);
    return n;
}

// The video stream to analyse: FFmpeg's choice among the streams that are not attached pictures
// (av_find_best_stream only ranks a cover below a film, it picks one when nothing else is there).
static int pick_video_stream(AVFormatContext *fmt, const AVCodec **codec) {
    int best = av_find_best_stream(fmt, AVMEDIA_TYPE_VIDEO, -1, -1, codec, 0);
    if (best < 0 || !is_attached_picture(fmt->streams[best])) return best;
    int ret = AVERROR_STREAM_NOT_FOUND;
    for (unsigned i = 0; i < fmt->nb_streams && ret < 0; i++) {
        const AVStream *st = fmt->streams[i];
        if (st->codecpar->codec_type != AVMEDIA_TYPE_VIDEO || is_attached_picture(st)) continue;
        ret = av_find_best_stream(fmt, AVMEDIA_TYPE_VIDEO, (int)i, -1, codec, 0);
    }
    return ret;
}

fd_video *fd_video_open(const char *path, int threads, char *err, size_t errlen) {
    av_log_set_level(AV_LOG_QUIET);
    fd_video *v = av_mallocz(sizeof *v);
    if (!v) { fd_set_error(err, errlen, "out of memory", 0); return NULL; }
    v->last_ts = AV_NOPTS_VALUE;
    int ret = avformat_open_input(&v->fmt, path, NULL, NULL);
    if (ret < 0) {
        // An MP4/MOV whose index (moov) is missing starts like a film but cannot be opened:
        // almost always a recording that was cut off before it was finished.
        int boxes = mp4_boxes(path);
        if (boxes == MP4_NO_MOOV)
            fd_set_error(err, errlen, "truncated MP4/MOV: no index (moov box), the recording was not finished", 0);
        else if (boxes == MP4_BROKEN)
            fd_set_error(err, errlen, "damaged MP4/MOV: its box structure is broken (a box runs past the end of the file)", 0);
        else if (boxes == MP4_HAS_MOOV)
            fd_set_error(err, errlen, "damaged MP4/MOV: its index (moov box) cannot be read", ret);
        else
            fd_set_error(err, errlen, "not a film FFmpeg can open", ret);
        goto fail;
    }
    ret = avformat_find_stream_info(v->fmt, NULL);
    if (ret < 0) { fd_set_error(err, errlen, "cannot read the film's streams", ret); goto fail; }
    const AVCodec *codec = NULL;
    ret = pick_video_stream(v->fmt, &codec);
    if (ret == AVERROR_STREAM_NOT_FOUND) {
        fd_set_error(err, errlen, attached_pictures(v->fmt) ? "no video stream (only an attached picture)" : "no video stream", 0);
        goto fail;
    }
    if (ret < 0 || !codec) { fd_set_error(err, errlen, "no decoder for the video stream", ret < 0 ? ret : 0); goto fail; }
    v->stream = ret;
    AVStream *st = v->fmt->streams[v->stream];
    for (unsigned i = 0; i < v->fmt->nb_streams; i++)
        if ((int)i != v->stream) v->fmt->streams[i]->discard = AVDISCARD_ALL;
    v->tb = st->time_base;
    v->start_us = v->fmt->start_time == AV_NOPTS_VALUE ? 0 : v->fmt->start_time;
    v->rotation = read_rotation(st);

    v->dec = avcodec_alloc_context3(codec);
    if (!v->dec) { fd_set_error(err, errlen, "out of memory", 0); goto fail; }
    ret = avcodec_parameters_to_context(v->dec, st->codecpar);
    if (ret < 0) { fd_set_error(err, errlen, "bad codec parameters", ret); goto fail; }
    v->dec->pkt_timebase = st->time_base;
    v->dec->thread_count = threads;
    v->dec->thread_type = FF_THREAD_FRAME | FF_THREAD_SLICE;
    ret = avcodec_open2(v->dec, codec, NULL);
    if (ret < 0) { fd_set_error(err, errlen, "cannot open the decoder", ret); goto fail; }

    v->pkt = av_packet_alloc();
    v->cur = av_frame_alloc();
    v->prev = av_frame_alloc();
    v->work = av_frame_alloc();
    int ok = v->pkt && v->cur && v->prev && v->work;
    for (int i = 0; i < FD_AHEAD; i++) ok = ok && (v->ring[i] = av_frame_alloc());
    if (!ok) { fd_set_error(err, errlen, "out of memory", 0); goto fail; }
    // The first frame is decoded here, so that a film with nothing decodable fails to open.
    ret = decode_next(v, v->ring[0], err, errlen);
    if (ret < 0) goto fail;
    if (ret == 0) {
        fd_set_error(err, errlen, v->corrupt ? "no frame could be decoded (corrupt or truncated)"
                                             : "the video stream has no frames", 0);
        goto fail;
    }
    v->ring_count = 1;
    fill_info(v, v->ring[0]);
    if (pthread_mutex_init(&v->lock, NULL) || pthread_cond_init(&v->changed, NULL) ||
        pthread_create(&v->thread, NULL, decode_ahead, v)) {
        fd_set_error(err, errlen, "cannot start the decoding thread", 0);
        goto fail;
    }
    v->thread_started = 1;
    return v;
fail:
    release(v);
    av_free(v);
    return NULL;
}

static void fill_info(fd_video *v, const AVFrame *f) {
    fd_video_info *info = &v->info;
    memset(info, 0, sizeof *info);
    AVStream *st = v->fmt->streams[v->stream];
    info->width = f->width;
    info->height = f->height;
    info->rotation = v->rotation;
    info->frames_hint = st->nb_frames;
    if (v->fmt->duration != AV_NOPTS_VALUE && v->fmt->duration > 0)
        info->duration_ms = v->fmt->duration / 1000.0;
    // a duration guessed from the file size and bitrate (MPEG-TS) says nothing of truncation
    info->duration_declared = info->duration_ms > 0 && v->fmt->duration_estimation_method != AVFMT_DURATION_FROM_BITRATE;
    snprintf(info->codec, sizeof info->codec, "%s", v->dec->codec->name);
    const char *pf = av_get_pix_fmt_name((enum AVPixelFormat)f->format);
    snprintf(info->pix_fmt, sizeof info->pix_fmt, "%s", pf ? pf : "unknown");
}

void fd_video_get_info(const fd_video *v, fd_video_info *info) { *info = v->info; }

int fd_video_next(fd_video *v, char *err, size_t errlen) {
    av_frame_unref(v->prev);
    av_frame_move_ref(v->prev, v->cur);
    pthread_mutex_lock(&v->lock);
    while (v->ring_count == 0 && !v->finished) pthread_cond_wait(&v->changed, &v->lock);
    int ret;
    if (v->ring_count > 0) {
        av_frame_move_ref(v->cur, v->ring[v->ring_head]);
        v->ring_head = (v->ring_head + 1) % FD_AHEAD;
        v->ring_count--;
        pthread_cond_broadcast(&v->changed);
        ret = 1;
    } else {
        ret = v->finished < 0 ? -1 : 0;
        if (ret < 0) snprintf(err, errlen, "%s", v->ring_err);
    }
    pthread_mutex_unlock(&v->lock);
    if (ret == 1)
        v->cur_ms = v->cur->pts * av_q2d(v->tb) * 1000.0 - v->start_us / 1000.0;
    return ret;
}

double fd_video_pts_ms(const fd_video *v) { return v->cur_ms; }
int fd_video_frame_width(const fd_video *v) { return v->cur->width; }
int fd_video_frame_height(const fd_video *v) { return v->cur->height; }
int fd_video_corrupt_packets(fd_video *v) {
    pthread_mutex_lock(&v->lock);
    int n = v->corrupt_seen;
    pthread_mutex_unlock(&v->lock);
    return n;
}
