#!/usr/bin/env python3
"""Serves DIR (the first argument) on 127.0.0.1:8765 for scripts/web-recordings/record; a URL with
?d=MS is answered MS ms late (a slow network, for page loads)."""
import functools, http.server, socketserver, sys, time, urllib.parse


class H(http.server.SimpleHTTPRequestHandler):
    def do_GET(self):
        q = urllib.parse.parse_qs(urllib.parse.urlparse(self.path).query)
        if 'd' in q:
            time.sleep(int(q['d'][0]) / 1000.0)
        self.path = self.path.split('?')[0]
        return super().do_GET()

    def end_headers(self):
        self.send_header('Cache-Control', 'no-store')
        super().end_headers()

    def log_message(self, *a):
        pass


class S(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True


S(('127.0.0.1', 8765), functools.partial(H, directory=sys.argv[1])).serve_forever()
