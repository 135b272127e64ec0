// internal.h - what the C files share with each other and never with Swift.
#ifndef CFRAMEDIFF_INTERNAL_H
#define CFRAMEDIFF_INTERNAL_H

#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>

struct fd_video {
    AVFormatContext *fmt;
    AVCodecContext *dec;
    AVPacket *pkt;
    AVFrame *cur;       // the frame fd_video_next last returned
    AVFrame *prev;      // the one before it; the meter compares the two
    AVFrame *pending;   // decoded by fd_video_open, handed out by the first fd_video_next
    int stream;
    int draining;
    int corrupt;
    int64_t start_us;   // the film's start time; ffmpeg subtracts it from every timestamp too
    int64_t last_ts;    // best-effort timestamp of the last frame, for frames without one
    AVRational tb;
    int rotation;
    double cur_ms;
};

void fd_set_error(char *err, size_t errlen, const char *what, int averr);

#endif
