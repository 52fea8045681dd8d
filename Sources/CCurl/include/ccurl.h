/// CCurl: typed wrappers over libcurl's variadic and macro APIs, so Swift can call them.
///
/// Swift cannot call C variadic functions such as `curl_easy_setopt`, and it cannot import
/// macros with casts such as `CURL_GLOBAL_ALL`. Every wrapper here fixes one argument type.
/// Every symbol is prefixed `ccurl_`. Only the CurlTransport module imports this target.
#ifndef CCURL_H
#define CCURL_H

#include <curl/curl.h>
#include <stddef.h>
#include <stdint.h>
// The network loop's wake signal (`CurlWakeSignal`): Swift's Glibc module leaves eventfd out.
#include <sys/eventfd.h>

// MARK: - Global

/// `curl_global_init(CURL_GLOBAL_ALL)`.
CURLcode ccurl_global_init_all(void);

// MARK: - Easy options

CURLcode ccurl_easy_setopt_long(CURL *handle, CURLoption option, long value);
CURLcode ccurl_easy_setopt_off_t(CURL *handle, CURLoption option, curl_off_t value);
CURLcode ccurl_easy_setopt_string(CURL *handle, CURLoption option, const char *value);
CURLcode ccurl_easy_setopt_pointer(CURL *handle, CURLoption option, void *value);
CURLcode ccurl_easy_setopt_slist(CURL *handle, CURLoption option, struct curl_slist *value);
CURLcode ccurl_easy_setopt_share(CURL *handle, CURLSH *share);

/// Response body bytes: `size * nmemb` bytes at `data`; return that count to go on.
typedef size_t (*ccurl_write_callback)(char *data, size_t size, size_t nmemb, void *userdata);
/// Upload bytes: fill at most `size * nmemb` bytes; return the count, 0 at the end.
typedef size_t (*ccurl_read_callback)(char *buffer, size_t size, size_t nmemb, void *userdata);
/// One response header line (status line included), with its CRLF.
typedef size_t (*ccurl_header_callback)(char *data, size_t size, size_t nmemb, void *userdata);
/// Transfer progress; return non-zero to abort the transfer.
typedef int (*ccurl_xferinfo_callback)(void *userdata, curl_off_t dltotal, curl_off_t dlnow, curl_off_t ultotal,
                                       curl_off_t ulnow);
/// Rewinds an upload source (for redirects and authentication retries).
typedef int (*ccurl_seek_callback)(void *userdata, curl_off_t offset, int origin);
/// Verbose trace of the exchange.
typedef int (*ccurl_debug_callback)(CURL *handle, curl_infotype type, char *data, size_t size, void *userdata);

/// The connection is up (TLS included) and the request is about to go out (libcurl 7.80+):
/// return 0 (`CURL_PREREQFUNC_OK`) to go on.
typedef int (*ccurl_prereq_callback)(void *userdata, char *primary_ip, char *local_ip, int primary_port,
                                     int local_port);

CURLcode ccurl_easy_setopt_write_function(CURL *handle, ccurl_write_callback callback);
CURLcode ccurl_easy_setopt_read_function(CURL *handle, ccurl_read_callback callback);
CURLcode ccurl_easy_setopt_header_function(CURL *handle, ccurl_header_callback callback);
CURLcode ccurl_easy_setopt_xferinfo_function(CURL *handle, ccurl_xferinfo_callback callback);
CURLcode ccurl_easy_setopt_seek_function(CURL *handle, ccurl_seek_callback callback);
CURLcode ccurl_easy_setopt_debug_function(CURL *handle, ccurl_debug_callback callback);
CURLcode ccurl_easy_setopt_prereq_function(CURL *handle, ccurl_prereq_callback callback);

// MARK: - Easy info

CURLcode ccurl_easy_getinfo_long(CURL *handle, CURLINFO info, long *value);
CURLcode ccurl_easy_getinfo_double(CURL *handle, CURLINFO info, double *value);
CURLcode ccurl_easy_getinfo_off_t(CURL *handle, CURLINFO info, curl_off_t *value);
/// The string is owned by the handle; copy it before the next call on the handle.
CURLcode ccurl_easy_getinfo_string(CURL *handle, CURLINFO info, const char **value);
/// The caller frees the list with `curl_slist_free_all`.
CURLcode ccurl_easy_getinfo_slist(CURL *handle, CURLINFO info, struct curl_slist **value);
/// The socket of a `CURLOPT_CONNECT_ONLY` connection (`CURLINFO_ACTIVESOCKET`), for polling it.
CURLcode ccurl_easy_getinfo_socket(CURL *handle, curl_socket_t *value);
/// The certificate chain of the last TLS connection (needs `CURLOPT_CERTINFO`); owned by the handle.
CURLcode ccurl_easy_getinfo_certinfo(CURL *handle, struct curl_certinfo **value);

// MARK: - Multi and share options

CURLMcode ccurl_multi_setopt_long(CURLM *multi, CURLMoption option, long value);
CURLMcode ccurl_multi_setopt_off_t(CURLM *multi, CURLMoption option, curl_off_t value);
CURLMcode ccurl_multi_setopt_pointer(CURLM *multi, CURLMoption option, void *value);
CURLSHcode ccurl_share_setopt_long(CURLSH *share, CURLSHoption option, long value);

// MARK: - Constants Swift cannot import

/// `CURLPAUSE_CONT`.
int ccurl_pause_cont(void);
/// `CURL_WRITEFUNC_PAUSE`.
size_t ccurl_writefunc_pause(void);
/// `CURL_READFUNC_ABORT`.
size_t ccurl_readfunc_abort(void);
/// `CURLAUTH_BASIC`, for `CURLOPT_HTTPAUTH`.
long ccurl_auth_basic(void);
/// `CURLAUTH_DIGEST`, for `CURLOPT_HTTPAUTH`.
long ccurl_auth_digest(void);
/// `CURLAUTH_NTLM`, for `CURLOPT_HTTPAUTH`.
long ccurl_auth_ntlm(void);
/// `CURLAUTH_NEGOTIATE` (SPNEGO), for `CURLOPT_HTTPAUTH`.
long ccurl_auth_negotiate(void);

// MARK: - Version and features

/// What the libcurl the process loaded can do (from `curl_version_info`).
typedef struct ccurl_version {
    /// libcurl's version, e.g. "7.88.1"; static storage.
    const char *version;
    /// libcurl's version as 0xXXYYZZ.
    unsigned int version_number;
    /// The TLS library, e.g. "OpenSSL/3.0.11", or NULL without TLS; static storage.
    const char *ssl_version;
    int http2;
    int http3;
    int brotli;
    int zstd;
    int libz;
    int ipv6;
    int async_dns;
    int https_proxy;
} ccurl_version;

ccurl_version ccurl_version_info(void);

#endif
