// libcurl-floor: the `make bench-transport` reference for "libcurl alone".
//
// A minimal C client on libcurl's multi interface that does what lazer's network thread does per
// request and nothing else: COUNT GETs of URL with INFLIGHT in flight, easy handles reused with
// their options, curl_multi_perform + curl_multi_poll, and the options lazer sets on a plain
// request (cookie engine on a share, progress callback, total timeout, User-Agent, 64 KB buffer,
// explicit empty proxy lists, the URL parsed once and handed over with CURLOPT_CURLU). Prints
// requests per second. What lazer spends beyond this is Swift.
//
//     libcurl-floor URL COUNT INFLIGHT
#include <curl/curl.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static size_t discard(char *data, size_t size, size_t count, void *user) {
    (void)data;
    (void)user;
    return size * count;
}

static int progress(void *user, curl_off_t a, curl_off_t b, curl_off_t c, curl_off_t d) {
    (void)user, (void)a, (void)b, (void)c, (void)d;
    return 0;
}

/* The URL parsed once, as lazer keeps its parsed URLs (CurlURLCache). */
static CURLU *parsed_url;

static CURL *make_handle(CURLSH *share) {
    CURL *easy = curl_easy_init();
    if (!easy) return NULL;
    curl_easy_setopt(easy, CURLOPT_CURLU, parsed_url);
    curl_easy_setopt(easy, CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(easy, CURLOPT_BUFFERSIZE, 65536L);
    curl_easy_setopt(easy, CURLOPT_WRITEFUNCTION, discard);
    curl_easy_setopt(easy, CURLOPT_HEADERFUNCTION, discard);
    curl_easy_setopt(easy, CURLOPT_NOPROGRESS, 0L);
    curl_easy_setopt(easy, CURLOPT_XFERINFOFUNCTION, progress);
    curl_easy_setopt(easy, CURLOPT_SHARE, share);
    curl_easy_setopt(easy, CURLOPT_COOKIEFILE, "");
    curl_easy_setopt(easy, CURLOPT_TIMEOUT_MS, 120000L);
    curl_easy_setopt(easy, CURLOPT_USERAGENT, "lazer");
    curl_easy_setopt(easy, CURLOPT_PROXY, "");
    curl_easy_setopt(easy, CURLOPT_NOPROXY, "");
    curl_easy_setopt(easy, CURLOPT_HTTPGET, 1L);
    return easy;
}

int main(int argc, char **argv) {
    if (argc != 4) {
        fprintf(stderr, "usage: libcurl-floor URL COUNT INFLIGHT\n");
        return 2;
    }
    const char *url = argv[1];
    int count = atoi(argv[2]);
    int inflight = atoi(argv[3]);
    if (count <= 0 || inflight <= 0) return 2;
    if (inflight > count) inflight = count;
    curl_global_init(CURL_GLOBAL_ALL);
    CURLM *multi = curl_multi_init();
    CURLSH *share = curl_share_init();
    curl_share_setopt(share, CURLSHOPT_SHARE, CURL_LOCK_DATA_COOKIE);

    parsed_url = curl_url();
    if (!parsed_url || curl_url_set(parsed_url, CURLUPART_URL, url, CURLU_GUESS_SCHEME | CURLU_NON_SUPPORT_SCHEME)) {
        fprintf(stderr, "bad URL: %s\n", url);
        return 1;
    }
    struct timespec start, end;
    clock_gettime(CLOCK_MONOTONIC, &start);
    int started = 0, finished = 0;
    for (int i = 0; i < inflight; i++, started++) {
        CURL *easy = make_handle(share);
        if (!easy || curl_multi_add_handle(multi, easy) != CURLM_OK) return 1;
    }
    while (finished < count) {
        int running = 0;
        curl_multi_perform(multi, &running);
        CURLMsg *message;
        int queued;
        while ((message = curl_multi_info_read(multi, &queued))) {
            if (message->msg != CURLMSG_DONE) continue;
            CURL *easy = message->easy_handle;
            long status = 0;
            curl_easy_getinfo(easy, CURLINFO_RESPONSE_CODE, &status);
            if (message->data.result != CURLE_OK || status != 200) {
                fprintf(stderr, "request failed: %s, status %ld\n", curl_easy_strerror(message->data.result), status);
                return 1;
            }
            curl_multi_remove_handle(multi, easy);
            finished++;
            if (started < count) {
                curl_easy_setopt(easy, CURLOPT_CURLU, parsed_url);
                curl_multi_add_handle(multi, easy);
                started++;
            } else {
                curl_easy_cleanup(easy);
            }
        }
        if (finished < count) curl_multi_poll(multi, NULL, 0, 1000, NULL);
    }
    clock_gettime(CLOCK_MONOTONIC, &end);
    double seconds = (double)(end.tv_sec - start.tv_sec) + (double)(end.tv_nsec - start.tv_nsec) / 1e9;
    printf("%.0f\n", count / seconds);
    curl_multi_cleanup(multi);
    curl_share_cleanup(share);
    curl_url_cleanup(parsed_url);
    curl_global_cleanup();
    return 0;
}
