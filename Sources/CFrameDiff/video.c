// video.c - a streaming decoder over libavformat/libavcodec.
//
// Exists because FFmpeg's send/receive loop leans on macros Swift cannot import (AVERROR(EAGAIN),
// AVERROR_EOF, AV_NOPTS_VALUE) and on AVFrame fields that arrive in Swift as 8-tuples.
#include "cframediff.h"
#include "internal.h"

#include <libavutil/cpu.h>
#include <libavutil/display.h>
#include <libavutil/pixdesc.h>
#include <math.h>
#include <stdio.h>
#include <errno.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

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

// How a player turns the stored picture, as ffmpeg's own autorotation does (FFmpeg 5.1,
// ffmpeg_filter.c): clockwise degrees, and whether the picture is mirrored left to right first.
// A display matrix with a mirror is one of transpose=cclock_flip/clock_flip, hflip or vflip there.
// (no matrix: upright)
static void orientation_of(const int32_t *matrix, int *degrees, int *mirror) {
    *degrees = 0;
    *mirror = 0;
    if (!matrix) return;
    // Same arithmetic as ffmpeg's own get_rotation(): the matrix turns counter-clockwise.
    double theta = -round(av_display_rotation_get(matrix));
    theta -= 360 * floor(theta / 360 + 0.9 / 360);
    int deg = (int)lround(theta) % 360;
    // (each case as a mirror followed by a clockwise turn: vflip is a mirror turned 180°,
    // cclock_flip, the transpose, a mirror turned 270°, clock_flip a mirror turned 90°)
    if (deg == 90) {
        if (matrix[3] > 0) { *mirror = 1; *degrees = 270; } else *degrees = 90;
    } else if (deg == 180) {
        int h = matrix[0] < 0, v = matrix[4] < 0;
        if (h && v) *degrees = 180;
        else if (h) *mirror = 1;
        else if (v) { *mirror = 1; *degrees = 180; }
    } else if (deg == 270) {
        if (matrix[3] < 0) { *mirror = 1; *degrees = 90; } else *degrees = 270;
    } else if (deg == 0 && matrix[4] < 0) {
        *mirror = 1;
        *degrees = 180;
    }
}

// The container's display matrix (an MP4's tkhd, a Matroska projection): 1 when the stream has one.
static int read_orientation(AVStream *st, int *degrees, int *mirror) {
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
    orientation_of(matrix, degrees, mirror);
    return matrix != NULL;
}

// A display matrix the codec carries in the picture itself (H.264/HEVC display orientation SEI,
// `h264_metadata=rotate=90`), which ffmpeg's autorotation follows when the container has none:
// read off the first decoded frame.
static void read_frame_orientation(const AVFrame *f, int *degrees, int *mirror) {
    const AVFrameSideData *sd = av_frame_get_side_data(f, AV_FRAME_DATA_DISPLAYMATRIX);
    if (sd && sd->size >= 9 * 4) orientation_of((const int32_t *)sd->data, degrees, mirror);
}

// Frees everything a film holds. Called by whichever of its two owners (the caller, the decoding
// thread) lets go last: a caller that gave up on a stalled film leaves the rest to the thread.
static void destroy(fd_video *v) {
    for (int i = 0; i < FD_AHEAD; i++) av_frame_free(&v->ring[i]);
    av_frame_free(&v->cur);
    av_frame_free(&v->prev);
    av_frame_free(&v->work);
    av_packet_free(&v->pkt);
    avcodec_free_context(&v->dec);
    avformat_close_input(&v->fmt);
    pthread_mutex_destroy(&v->lock);
    pthread_cond_destroy(&v->changed);
    av_free(v->path);
    av_free(v);
}

static void let_go(fd_video *v) {
    if (__atomic_sub_fetch(&v->refs, 1, __ATOMIC_ACQ_REL) == 0) destroy(v);
}

// Tells the decoding thread to stop; waits for it unless the caller abandoned it (a thread blocked
// in a read that never returns must not block the caller too).
static void stop_thread(fd_video *v) {
    pthread_mutex_lock(&v->lock);
    __atomic_store_n(&v->stop, 1, __ATOMIC_RELEASE);
    int abandoned = v->abandoned;
    pthread_cond_broadcast(&v->changed);
    pthread_mutex_unlock(&v->lock);
    if (abandoned) pthread_detach(v->thread);
    else pthread_join(v->thread, NULL);
}

void fd_video_close(fd_video *v) {
    if (!v) return;
    stop_thread(v);
    let_go(v);
}

// FFmpeg asks this during blocking I/O (where its protocols poll): a closing film stops reading.
static int interrupted(void *opaque) {
    fd_video *v = opaque;
    return __atomic_load_n(&v->stop, __ATOMIC_ACQUIRE);
}

// Waits on `changed` (lock held) until `deadline`, or forever without a stall limit. 0, or
// ETIMEDOUT.
static int wait_until(fd_video *v, const struct timespec *deadline) {
    if (v->stall_ms <= 0) return pthread_cond_wait(&v->changed, &v->lock);
    return pthread_cond_timedwait(&v->changed, &v->lock, deadline);
}

static struct timespec deadline_after(int ms) {
    struct timespec t;
    clock_gettime(CLOCK_REALTIME, &t);
    t.tv_sec += ms / 1000;
    t.tv_nsec += (long)(ms % 1000) * 1000000L;
    if (t.tv_nsec >= 1000000000L) { t.tv_sec++; t.tv_nsec -= 1000000000L; }
    return t;
}

// Whether the GIF decoder logged an error since this was last asked (see on_log), forgetting it:
// the frame or refused packet it is asked for takes it, so it is counted once.
static int take_decoder_log(fd_video *v) { return __atomic_exchange_n(&v->decode_logged, 0, __ATOMIC_RELAXED); }

// How far apart frames without a timestamp are, in the stream's time base: a raw H.264 or HEVC
// stream (`adb screenrecord --output-format=h264`) carries none, and one tick of its 1/1200000
// base put 60 frames of a 2-s film inside 0.05 ms. As ffmpeg times them: one frame of the
// stream's rate (the SPS's timing, else the demuxer's 25 fps).
static int64_t frame_step(const fd_video *v) {
    const AVStream *st = v->fmt->streams[v->stream];
    AVRational rate = st->avg_frame_rate;
    if (rate.num <= 0 || rate.den <= 0) rate = st->r_frame_rate;
    if (rate.num <= 0 || rate.den <= 0) rate = v->dec->framerate;
    if (rate.num <= 0 || rate.den <= 0) rate = (AVRational){25, 1};
    int64_t step = av_rescale_q(1, av_inv_q(rate), v->tb);
    return step > 0 ? step : 1;
}

// Decodes the next frame into `out`: 1 a frame, 0 the end, -1 an error.
static int decode_next(fd_video *v, AVFrame *out, char *err, size_t errlen) {
    for (;;) {
        int ret = avcodec_receive_frame(v->dec, out);
        if (ret == 0) {
            // a frame the decoder concealed errors in is shown (as ffmpeg does) but counted
            int logged = take_decoder_log(v);
            if ((out->flags & AV_FRAME_FLAG_CORRUPT) || out->decode_error_flags || logged) v->corrupt++;
            if ((int64_t)out->width * out->height > FD_MAX_PIXELS) {
                char what[128];
                snprintf(what, sizeof what, "frames of %dx%d are larger than framediff reads (%d pixels a frame, 8192x8192)",
                         out->width, out->height, FD_MAX_PIXELS);
                fd_set_error(err, errlen, what, 0);
                return -1;
            }
            int64_t ts = out->best_effort_timestamp;
            if (ts == AV_NOPTS_VALUE) ts = out->pts;
            if (ts == AV_NOPTS_VALUE) ts = v->last_ts == AV_NOPTS_VALUE ? 0 : v->last_ts + frame_step(v);
            if (v->last_ts != AV_NOPTS_VALUE && ts < v->last_ts) {
                // a player would show these frames out of order and every duration after them
                // would be wrong: the film is refused rather than reported with negative times
                char what[160];
                double ms = ts * av_q2d(v->tb) * 1000.0 - v->start_us / 1000.0;
                double before = v->last_ts * av_q2d(v->tb) * 1000.0 - v->start_us / 1000.0;
                snprintf(what, sizeof what, "its timestamps go backwards at frame %lld (%.1f ms after %.1f ms)",
                         (long long)v->frames_out, ms, before);
                fd_set_error(err, errlen, what, 0);
                return -1;
            }
            v->last_ts = ts;
            out->pts = ts;
            v->frames_out++;
            return 1;
        }
        if (ret == AVERROR_EOF) return 0;
        if (ret != AVERROR(EAGAIN)) {
            // A frame the decoder could not rebuild: ffmpeg goes on past it, and so do we.
            take_decoder_log(v);
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
            // A container that indexes its frames (MP4/MOV, AVI) and ends before the last of them was
            // cut off mid-recording; the demuxer only warns ("partial file").
            int64_t declared = v->fmt->streams[v->stream]->nb_frames;
            // (MP4/MOV and AVI index every frame; GIF and Matroska do not)
            int avi = v->fmt->iformat && !strcmp(v->fmt->iformat->name, "avi");
            int indexed = v->fmt->iformat && (strstr(v->fmt->iformat->name, "mov") || avi);
            // (an AVI's frames reach the ticks it lists, within one step between frames: whole)
            v->ticks_whole = avi && declared > 0 && v->pkt_end != AV_NOPTS_VALUE && v->pkt_end + v->pkt_step >= declared;
            if (indexed && declared > 0 && v->packets < declared && !v->ticks_whole && v->seek_ms < 0) {
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
            if (v->pkt->flags & AV_PKT_FLAG_DISCARD) v->discarded++;
            if (v->pkt->pos >= 0) v->last_end = v->pkt->pos + v->pkt->size;
            int64_t tick = v->pkt->dts != AV_NOPTS_VALUE ? v->pkt->dts : v->pkt->pts;
            if (tick != AV_NOPTS_VALUE) {
                if (v->pkt_last != AV_NOPTS_VALUE && tick - v->pkt_last > v->pkt_step) v->pkt_step = tick - v->pkt_last;
                v->pkt_last = tick;
                int64_t end = tick + (v->pkt->duration > 0 ? v->pkt->duration : 1);
                if (v->pkt_end == AV_NOPTS_VALUE || end > v->pkt_end) v->pkt_end = end;
            }
            ret = avcodec_send_packet(v->dec, v->pkt);
            // (a packet the decoder refused is one damaged packet, whatever it logged: the flag
            // goes with it, not onto the next frame)
            if (ret < 0 && ret != AVERROR(EAGAIN)) {
                take_decoder_log(v);
                v->corrupt++;
            }
        }
        av_packet_unref(v->pkt);
    }
}

// The MP4/MOV box at `at`: its type, its size (a 64-bit one read; 0 means to the end of the file)
// and the length of its header. 0 when no header can be read there.
static int read_box(FILE *fp, off_t at, off_t end, unsigned char type[4], uint64_t *size, off_t *head) {
    unsigned char h[16];
    if (fseeko(fp, at, SEEK_SET) != 0 || fread(h, 1, 8, fp) != 8) return 0;
    uint64_t n = ((uint64_t)h[0] << 24) | ((uint64_t)h[1] << 16) | ((uint64_t)h[2] << 8) | h[3];
    *head = 8;
    if (n == 1) {
        if (fread(h + 8, 1, 8, fp) != 8) return 0;
        n = 0;
        for (int i = 8; i < 16; i++) n = (n << 8) | h[i];
        *head = 16;
    } else if (n == 0) {
        n = (uint64_t)(end - at);
    }
    memcpy(type, h + 4, 4);
    *size = n;
    return 1;
}

enum { MP4_NOT, MP4_NO_MOOV, MP4_HAS_MOOV, MP4_MOOV_CUT, MP4_BROKEN };

// What the top-level boxes of an MP4/MOV say when FFmpeg cannot open it: not an MP4 (no ftyp
// first), no moov (cut off before the index was written), a moov (it is damaged), a moov that runs
// past the end of the file (cut off while the index was written), or another box that does.
static int mp4_boxes(const char *path) {
    FILE *fp = fopen(path, "rb");
    if (!fp) return MP4_NOT;
    unsigned char h[16];
    int result = MP4_NOT;
    if (fread(h, 1, 8, fp) != 8 || memcmp(h + 4, "ftyp", 4)) goto done;
    if (fseeko(fp, 0, SEEK_END) != 0) goto done;
    off_t end = ftello(fp), at = 0, head;
    result = MP4_NO_MOOV;
    unsigned char type[4];
    uint64_t size;
    for (int n = 0; at < end && n < 100000; n++) {
        if (!read_box(fp, at, end, type, &size, &head)) { result = MP4_BROKEN; break; }
        if (!memcmp(type, "moov", 4)) { result = size > (uint64_t)(end - at) ? MP4_MOOV_CUT : MP4_HAS_MOOV; break; }
        if (size < 8 || size > (uint64_t)(end - at)) {
            // the last box may be cut short (a recording stopped mid-write): still no index
            result = size < 8 ? MP4_BROKEN : MP4_NO_MOOV;
            if (size > (uint64_t)(end - at) && memcmp(type, "mdat", 4) && memcmp(type, "free", 4)) result = MP4_BROKEN;
            break;
        }
        at += (off_t)size;
    }
done:
    fclose(fp);
    return result;
}

// An MP4/MOV's top-level layout (see fd_video.mp4), in one walk over its boxes. A film fragmented
// after a first fragment kept in its moov announces the fragments there, with an `mvex`, before
// any `moof`: one cut before the first reads as plain but for that.
static void read_mp4_layout(fd_video *v) {
    memset(&v->mp4, 0, sizeof v->mp4);
    FILE *fp = fopen(v->path, "rb");
    if (!fp) return;
    if (fseeko(fp, 0, SEEK_END) == 0) {
        off_t end = ftello(fp), at = 0, head;
        unsigned char type[4];
        uint64_t size;
        for (int n = 0; at < end && n < 1000000 && read_box(fp, at, end, type, &size, &head); n++) {
            if (size < 8 || size > (uint64_t)(end - at)) break;
            v->mp4.sidx |= !memcmp(type, "sidx", 4);
            v->mp4.fragmented |= !memcmp(type, "moof", 4);
            for (off_t child = at + head; !memcmp(type, "moov", 4) && child + 8 <= at + (off_t)size;) {
                unsigned char ctype[4];
                uint64_t csize;
                off_t chead;
                if (!read_box(fp, child, end, ctype, &csize, &chead) || csize < 8) break;
                v->mp4.fragmented |= !memcmp(ctype, "mvex", 4);
                child += (off_t)csize;
            }
            at += (off_t)size;
            v->mp4.finished = at == end && !memcmp(type, "mfra", 4);
        }
    }
    fclose(fp);
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

static void fill_info(fd_video *v, const AVFrame *f) {
    fd_video_info *info = &v->info;
    memset(info, 0, sizeof *info);
    AVStream *st = v->fmt->streams[v->stream];
    info->width = f->width;
    info->height = f->height;
    info->rotation = v->rotation;
    info->mirror = v->mirror;
    info->frames_hint = st->nb_frames;
    info->start_ms = v->start_us / 1000.0;
    if (v->fmt->duration != AV_NOPTS_VALUE && v->fmt->duration > 0)
        info->duration_ms = v->fmt->duration / 1000.0;
    // a duration guessed from the file size and bitrate (MPEG-TS) says nothing of truncation
    // (one guessed from the bitrate (MPEG-TS), or read from the file's own last timestamps
    // (MPEG-PS, Ogg), says nothing of what a cut-off file lost)
    // (a fragmented MP4 whose moov lists no frames declares what a `sidx` index says, if it has
    // one; without, its duration is only that of the fragments there were to read)
    // (whether the moov lists no frames, not v->mp4.fragmented: a film fragmented after a first
    // fragment kept in its moov lists that fragment's frames, and is left as it was)
    int unlisted = v->fmt->iformat && strstr(v->fmt->iformat->name, "mov") && st->nb_frames <= 0;
    info->duration_declared = info->duration_ms > 0 && v->fmt->duration_estimation_method == AVFMT_DURATION_FROM_STREAM
                              && (!unlisted || v->mp4.sidx);
    snprintf(info->codec, sizeof info->codec, "%s", v->dec->codec->name);
    const char *pf = av_get_pix_fmt_name((enum AVPixelFormat)f->format);
    snprintf(info->pix_fmt, sizeof info->pix_fmt, "%s", pf ? pf : "unknown");
}

// Opens the container and the decoder and decodes the first frame into ring[0] (so that a film
// with nothing decodable fails to open). On the decoding thread: a read that blocks (a FIFO, a
// stalled network file system) blocks it, not the caller. 0, or -1 with err.
static int open_film(fd_video *v, char *err, size_t errlen) {
    v->fmt = avformat_alloc_context();
    if (!v->fmt) { fd_set_error(err, errlen, "out of memory", 0); return -1; }
    v->fmt->interrupt_callback = (AVIOInterruptCB){interrupted, v};
    v->fmt->opaque = v;
    int ret = avformat_open_input(&v->fmt, v->path, NULL, NULL);
    if (ret < 0) {
        // An MP4/MOV whose index (moov) is missing starts like a film but cannot be opened:
        // almost always a recording that was cut off before it was finished.
        int boxes = mp4_boxes(v->path);
        if (boxes == MP4_NO_MOOV)
            fd_set_error(err, errlen, "truncated MP4/MOV: no index (moov box), the recording was not finished", 0);
        else if (boxes == MP4_BROKEN)
            fd_set_error(err, errlen, "damaged MP4/MOV: its box structure is broken (a box runs past the end of the file)", 0);
        else if (boxes == MP4_MOOV_CUT)
            fd_set_error(err, errlen, "truncated MP4/MOV: the file ends inside its index (moov box)", 0);
        else if (boxes == MP4_HAS_MOOV)
            fd_set_error(err, errlen, "damaged MP4/MOV: its index (moov box) cannot be read", ret);
        else if (ret == AVERROR_EOF)
            fd_set_error(err, errlen, "the file ends before its first frame (a film with no frames, or cut short)", 0);
        else
            fd_set_error(err, errlen, "not a film FFmpeg can open", ret);
        return -1;
    }
    ret = avformat_find_stream_info(v->fmt, NULL);
    if (ret == AVERROR_EOF) {
        fd_set_error(err, errlen, "the file ends before its first frame (a film with no frames, or cut short)", 0);
        return -1;
    }
    if (ret < 0) { fd_set_error(err, errlen, "cannot read the film's streams", ret); return -1; }
    const AVCodec *codec = NULL;
    ret = pick_video_stream(v->fmt, &codec);
    if (ret == AVERROR_STREAM_NOT_FOUND) {
        // (an index cut short may hold no complete track: say so rather than "no video stream")
        if (mp4_boxes(v->path) == MP4_MOOV_CUT)
            fd_set_error(err, errlen, "truncated MP4/MOV: the file ends inside its index (moov box)", 0);
        else
            fd_set_error(err, errlen, attached_pictures(v->fmt) ? "no video stream (only an attached picture)" : "no video stream", 0);
        return -1;
    }
    if (ret < 0 || !codec) { fd_set_error(err, errlen, "no decoder for the video stream", ret < 0 ? ret : 0); return -1; }
    v->stream = ret;
    AVStream *st = v->fmt->streams[v->stream];
    if ((int64_t)st->codecpar->width * st->codecpar->height > FD_MAX_PIXELS) {
        // refused before a frame takes memory (a 4 MB MJPEG can declare 15000x15000)
        char what[128];
        snprintf(what, sizeof what, "frames of %dx%d are larger than framediff reads (%d pixels a frame, 8192x8192)",
                 st->codecpar->width, st->codecpar->height, FD_MAX_PIXELS);
        fd_set_error(err, errlen, what, 0);
        return -1;
    }
    for (unsigned i = 0; i < v->fmt->nb_streams; i++)
        if ((int)i != v->stream) v->fmt->streams[i]->discard = AVDISCARD_ALL;
    v->tb = st->time_base;
    v->start_us = v->fmt->start_time == AV_NOPTS_VALUE ? 0 : v->fmt->start_time;
    v->matrix_in_container = read_orientation(st, &v->rotation, &v->mirror);

    v->dec = avcodec_alloc_context3(codec);
    if (!v->dec) { fd_set_error(err, errlen, "out of memory", 0); return -1; }
    ret = avcodec_parameters_to_context(v->dec, st->codecpar);
    if (ret < 0) { fd_set_error(err, errlen, "bad codec parameters", ret); return -1; }
    v->dec->pkt_timebase = st->time_base;
    // (the GIF decoder logs "LZW decode failed" and returns the frame it could rebuild, unflagged:
    // on_log marks the frame through the context's opaque. Only GIF's: H.264 flags what it
    // conceals, and logs errors a healthy stream can give, at an open GOP's start)
    if (codec->id == AV_CODEC_ID_GIF) v->dec->opaque = v;
    // NB: 0 is one thread per core (at most 16, FFmpeg's own cap), not FFmpeg's automatic count
    // (one more than the cores for frame threading): the measuring and classifying threads want
    // the cores too. On 2 cores, 3 frame threads cost the second bench film 9% of wall time
    // against 2 (more decoder CPU, no more frames a second); ffmpeg alone is faster with 2 as well.
    v->dec->thread_count = v->threads > 0 ? v->threads : FFMIN(av_cpu_count(), 16);
    v->dec->thread_type = FF_THREAD_FRAME | FF_THREAD_SLICE;
    ret = avcodec_open2(v->dec, codec, NULL);
    if (ret < 0) { fd_set_error(err, errlen, "cannot open the decoder", ret); return -1; }
    if (v->seek_ms >= 0) {
        // the keyframe at or before the moment; a container that cannot seek is read from the start
        int64_t ts = av_rescale_q((int64_t)(v->seek_ms * 1000.0) + v->start_us, AV_TIME_BASE_Q, v->tb);
        if (av_seek_frame(v->fmt, v->stream, ts, AVSEEK_FLAG_BACKWARD) >= 0) avcodec_flush_buffers(v->dec);
    }
    ret = decode_next(v, v->ring[0], err, errlen);
    if (ret < 0) return -1;
    if (ret == 0) {
        fd_set_error(err, errlen, v->corrupt ? "no frame could be decoded (corrupt or truncated)"
                                             : "the video stream has no frames", 0);
        return -1;
    }
    if (!v->matrix_in_container) read_frame_orientation(v->ring[0], &v->rotation, &v->mirror);
    if (v->fmt->iformat && strstr(v->fmt->iformat->name, "mov")) read_mp4_layout(v);
    fill_info(v, v->ring[0]);
    return 0;
}

// What the thread has counted, for the caller (lock held).
static void publish_counts(fd_video *v) {
    v->corrupt_seen = v->corrupt;
    v->packets_seen = v->packets;
    v->frames_seen = v->frames_out;
    v->discarded_seen = v->discarded;
    v->last_end_seen = v->last_end;
}

// The decoding thread: opens the film, then fills the ring until the film ends, an error, or the
// caller closes it.
static void *decode_ahead(void *arg) {
    fd_video *v = arg;
    char err[256] = {0};
    int ok = open_film(v, err, sizeof err) == 0;
    pthread_mutex_lock(&v->lock);
    v->opened = ok ? 1 : -1;
    if (ok) v->ring_count = 1;
    else snprintf(v->ring_err, sizeof v->ring_err, "%s", err);
    publish_counts(v);
    pthread_cond_broadcast(&v->changed);
    pthread_mutex_unlock(&v->lock);
    while (ok) {
        pthread_mutex_lock(&v->lock);
        while (v->ring_count == FD_AHEAD && !v->stop) pthread_cond_wait(&v->changed, &v->lock);
        int stop = v->stop;
        pthread_mutex_unlock(&v->lock);
        if (stop) break;
        int ret = decode_next(v, v->work, err, sizeof err);
        pthread_mutex_lock(&v->lock);
        publish_counts(v);
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
    let_go(v);
    return NULL;
}

static void stall_error(const fd_video *v, const char *what, char *err, size_t errlen) {
    char msg[160];
    snprintf(msg, sizeof msg, "%s for %g s: the input or its decoder stalled", what, v->stall_ms / 1000.0);
    fd_set_error(err, errlen, msg, 0);
}

// FFmpeg's log, kept quiet but read: an error the demuxer logs (a Matroska element that is no
// element, a damaged GIF block) means it skipped damaged data, and frames with it; the film is
// found through the format context's `opaque`, set to its fd_video. An error the GIF decoder
// logs marks the frame it returns next as damaged (its codec context's `opaque`).
static void on_log(void *avcl, int level, const char *fmt, va_list vl) {
    (void)fmt;
    (void)vl;
    if (level > AV_LOG_ERROR || !avcl) return;
    const AVClass *cls = *(const AVClass **)avcl;
    if (!cls) return;
    if (!strcmp(cls->class_name, "AVCodecContext")) {
        fd_video *v = ((AVCodecContext *)avcl)->opaque;
        if (v) __atomic_store_n(&v->decode_logged, 1, __ATOMIC_RELAXED);
        return;
    }
    if (strcmp(cls->class_name, "AVFormatContext")) return;
    fd_video *v = ((AVFormatContext *)avcl)->opaque;
    if (v) __atomic_add_fetch(&v->demux_errors, 1, __ATOMIC_RELAXED);
}

static void install_log(void) {
    av_log_set_level(AV_LOG_ERROR);
    av_log_set_callback(on_log);
}

void fd_log_install(void) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, install_log);
}

fd_video *fd_video_open(const char *path, int threads, int stall_ms, double seek_ms, char *err, size_t errlen) {
    fd_log_install();
    fd_video *v = av_mallocz(sizeof *v);
    if (!v) { fd_set_error(err, errlen, "out of memory", 0); return NULL; }
    v->path = av_strdup(path);
    v->threads = threads;
    v->stall_ms = stall_ms;
    v->seek_ms = seek_ms;
    v->last_ts = AV_NOPTS_VALUE;
    v->last_end = -1;
    v->pkt_last = v->pkt_end = AV_NOPTS_VALUE;
    v->pkt = av_packet_alloc();
    v->cur = av_frame_alloc();
    v->prev = av_frame_alloc();
    v->work = av_frame_alloc();
    int ok = v->path && v->pkt && v->cur && v->prev && v->work;
    for (int i = 0; i < FD_AHEAD; i++) ok = ok && (v->ring[i] = av_frame_alloc());
    if (!ok || pthread_mutex_init(&v->lock, NULL) || pthread_cond_init(&v->changed, NULL)) {
        fd_set_error(err, errlen, "out of memory", 0);
        destroy(v);
        return NULL;
    }
    v->refs = 2;
    if (pthread_create(&v->thread, NULL, decode_ahead, v)) {
        fd_set_error(err, errlen, "cannot start the decoding thread", 0);
        destroy(v);
        return NULL;
    }
    struct timespec deadline = deadline_after(stall_ms);
    pthread_mutex_lock(&v->lock);
    int timed_out = 0;
    while (v->opened == 0 && !timed_out) timed_out = wait_until(v, &deadline) == ETIMEDOUT && v->opened == 0;
    if (timed_out) v->abandoned = 1;
    int opened = v->opened;
    if (opened < 0) snprintf(err, errlen, "%s", v->ring_err);
    pthread_mutex_unlock(&v->lock);
    if (opened > 0) return v;
    if (timed_out) stall_error(v, "no answer from the film", err, errlen);
    fd_video_close(v);
    return NULL;
}

void fd_video_get_info(const fd_video *v, fd_video_info *info) { *info = v->info; }

int fd_video_next(fd_video *v, char *err, size_t errlen) {
    av_frame_unref(v->prev);
    av_frame_move_ref(v->prev, v->cur);
    struct timespec deadline = deadline_after(v->stall_ms);
    pthread_mutex_lock(&v->lock);
    int timed_out = 0;
    while (v->ring_count == 0 && !v->finished && !timed_out)
        timed_out = wait_until(v, &deadline) == ETIMEDOUT && v->ring_count == 0 && !v->finished;
    int ret;
    if (v->ring_count > 0) {
        av_frame_move_ref(v->cur, v->ring[v->ring_head]);
        v->ring_head = (v->ring_head + 1) % FD_AHEAD;
        v->ring_count--;
        pthread_cond_broadcast(&v->changed);
        ret = 1;
    } else if (timed_out) {
        // the thread is left to finish (or block) on its own; fd_video_close will not wait for it
        v->abandoned = 1;
        ret = -1;
    } else {
        ret = v->finished < 0 ? -1 : 0;
        if (ret < 0) snprintf(err, errlen, "%s", v->ring_err);
    }
    pthread_mutex_unlock(&v->lock);
    if (timed_out) stall_error(v, "no frame", err, errlen);
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

// --- whether the file holds all of the film ------------------------------------------------------

enum { WHOLE_UNKNOWN = -1, WHOLE_CUT = 0, WHOLE_YES = 1 };

static int64_t file_size(const char *path) {
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode) ? (int64_t)st.st_size : -1;
}

// An EBML variable-length integer at the file's position: its value (the marker bit kept for an
// ID, removed for a size) and its length; 0 when the file ends or the bytes are no vint.
static int read_vint(FILE *fp, int keep_marker, uint64_t *value, int *unknown) {
    int first = fgetc(fp);
    if (first == EOF || first == 0) return 0;
    int len = 1;
    while (!(first & (0x80 >> (len - 1)))) len++;
    uint64_t v = keep_marker ? (uint64_t)first : (uint64_t)(first & (0xFF >> len));
    int ones = (first & (0xFF >> len)) == (0xFF >> len);
    for (int i = 1; i < len; i++) {
        int c = fgetc(fp);
        if (c == EOF) return 0;
        v = (v << 8) | (uint64_t)c;
        ones = ones && c == 0xFF;
    }
    *value = v;
    if (unknown) *unknown = ones;
    return len;
}

// Walks the element headers of a Matroska/WebM file (never the frames' bytes): an element whose
// header or declared size runs past the end of the file means it was cut short. Clusters of
// unknown size (live WebM, what a browser's MediaRecorder writes) are walked block by block.
static int matroska_whole(const char *path, int64_t size, int *sealed) {
    enum { EBML = 0x1A45DFA3, SEGMENT = 0x18538067, CLUSTER = 0x1F43B675 };
    static const uint32_t top[] = {0x1F43B675, 0x1C53BB6B, 0x1254C367, 0x1043A770, 0x1941A469,
                                   0x114D9B74, 0x1549A966, 0x1654AE6B};
    FILE *fp = fopen(path, "rb");
    if (!fp) return WHOLE_UNKNOWN;
    int result = WHOLE_UNKNOWN, in_cluster = 0, sized = 0;
    int64_t at = 0, segment_end = size;
    *sealed = 0;
    for (long n = 0; n < 100000000L; n++) {
        if (at == segment_end || (at == size && !in_cluster)) { result = WHOLE_YES; *sealed = sized && at == segment_end; break; }
        if (at == size) { result = WHOLE_YES; break; }  // a live cluster ends with the file
        if (fseeko(fp, at, SEEK_SET) != 0) break;
        uint64_t id, len;
        int unknown = 0;
        int a = read_vint(fp, 1, &id, NULL);
        int b = a ? read_vint(fp, 0, &len, &unknown) : 0;
        if (!a || !b) { result = at + 12 > size ? WHOLE_CUT : WHOLE_UNKNOWN; break; }
        int64_t body = at + a + b;
        if (in_cluster) {
            int is_top = 0;
            for (size_t i = 0; i < sizeof top / sizeof *top; i++) is_top |= id == top[i];
            if (is_top) in_cluster = 0;  // the next cluster (or the cues) ends this one
        }
        if (id == SEGMENT) {
            if (!unknown) segment_end = body + (int64_t)len < size ? body + (int64_t)len : segment_end;
            sized = !unknown && body + (int64_t)len <= size;
            if (!unknown && body + (int64_t)len > size) { result = WHOLE_CUT; break; }
            at = body;
            continue;
        }
        if (id == CLUSTER && unknown) {
            in_cluster = 1;
            at = body;
            continue;
        }
        if (unknown) break;  // no other element may leave its size open: cannot tell
        if (body + (int64_t)len > size) { result = WHOLE_CUT; break; }
        at = body + (int64_t)len;
    }
    fclose(fp);
    return result;
}

int fd_video_end_state(fd_video *v, fd_video_end *out) {
    memset(out, 0, sizeof *out);
    pthread_mutex_lock(&v->lock);
    int finished = v->finished;
    out->packets = v->packets_seen;
    out->frames = v->frames_seen;
    int64_t shown = v->packets_seen - v->discarded_seen, last_end = v->last_end_seen;
    pthread_mutex_unlock(&v->lock);
    if (finished != 1 || v->seek_ms >= 0) return -1;  // only a film read from its start to its end
    // a packet the decoder took and gave no frame for is a frame lost to damage
    out->lost = shown > out->frames ? shown - out->frames : 0;
    const char *name = v->fmt->iformat ? v->fmt->iformat->name : "";
    int64_t size = file_size(v->path);
    int whole = WHOLE_UNKNOWN;
    if (size < 0) {
        whole = WHOLE_UNKNOWN;
    } else if (strstr(name, "mov") || !strcmp(name, "avi")) {
        // its index was checked frame by frame while decoding, when it lists every frame read (an
        // AVI that counts no frames cannot say). A fragmented MP4 lists none (an empty moov) or
        // only its first fragment's, and one cut between two fragments ends like a whole one: it
        // is whole when it ends with the `mfra` its muxer writes on finishing, else cannot say.
        int64_t indexed = v->fmt->streams[v->stream]->nb_frames;
        if (v->mp4.fragmented)
            whole = v->mp4.finished ? WHOLE_YES : WHOLE_UNKNOWN;
        else
            whole = indexed > 0 && (out->packets == indexed || v->ticks_whole) ? WHOLE_YES : WHOLE_UNKNOWN;
    } else if (!strcmp(name, "gif")) {
        // a GIF ends with a trailer byte (0x3B) after its last frame
        FILE *fp = fopen(v->path, "rb");
        int last = -1;
        if (fp && fseeko(fp, -1, SEEK_END) == 0) last = fgetc(fp);
        if (fp) fclose(fp);
        whole = last == 0x3B ? WHOLE_YES : WHOLE_CUT;
        if (whole == WHOLE_CUT) snprintf(out->cause, sizeof out->cause, "the GIF has no trailer: the file was cut short");
    } else if (!strcmp(name, "mpegts")) {
        // 188-byte packets (192 with a timecode, 204 with error correction); nothing follows them
        if (size % 188 && size % 192 && size % 204) {
            whole = WHOLE_CUT;
            snprintf(out->cause, sizeof out->cause, "the file ends inside an MPEG-TS packet: it was cut short");
        } else if (last_end >= 0 && size - last_end > 65536 && size - last_end > size / 10) {
            // (audio may run past the last video packet by a second or so: 16 KB at 128 kbit/s)
            whole = WHOLE_CUT;
            snprintf(out->cause, sizeof out->cause, "the last %.1f MB of the file hold no frames: damaged",
                     (size - last_end) / 1e6);
        }
        // (else unknown: a file cut on a packet boundary ends like a whole one)
    } else if (strstr(name, "matroska")) {
        whole = matroska_whole(v->path, size, &out->sealed);
        if (whole == WHOLE_CUT) snprintf(out->cause, sizeof out->cause, "the file ends inside a Matroska element: it was cut short");
    }
    int damaged = __atomic_load_n(&v->demux_errors, __ATOMIC_RELAXED);
    if (damaged && whole != WHOLE_CUT) {
        whole = WHOLE_CUT;
        snprintf(out->cause, sizeof out->cause, "its container is damaged (the demuxer skipped damaged data %d time%s): frames are missing",
                 damaged, damaged == 1 ? "" : "s");
    }
    out->checked = whole != WHOLE_UNKNOWN;
    out->whole = whole == WHOLE_YES;
    return 0;
}
