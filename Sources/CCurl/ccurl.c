#include "ccurl.h"

CURLcode ccurl_global_init_all(void) { return curl_global_init(CURL_GLOBAL_ALL); }

CURLcode ccurl_easy_setopt_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}

CURLcode ccurl_easy_setopt_off_t(CURL *handle, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(handle, option, value);
}

CURLcode ccurl_easy_setopt_string(CURL *handle, CURLoption option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}

CURLcode ccurl_easy_setopt_pointer(CURL *handle, CURLoption option, void *value) {
    return curl_easy_setopt(handle, option, value);
}

CURLcode ccurl_easy_setopt_slist(CURL *handle, CURLoption option, struct curl_slist *value) {
    return curl_easy_setopt(handle, option, value);
}

CURLcode ccurl_easy_setopt_share(CURL *handle, CURLSH *share) { return curl_easy_setopt(handle, CURLOPT_SHARE, share); }

CURLcode ccurl_easy_setopt_write_function(CURL *handle, ccurl_write_callback callback) {
    return curl_easy_setopt(handle, CURLOPT_WRITEFUNCTION, callback);
}

CURLcode ccurl_easy_setopt_read_function(CURL *handle, ccurl_read_callback callback) {
    return curl_easy_setopt(handle, CURLOPT_READFUNCTION, callback);
}

CURLcode ccurl_easy_setopt_header_function(CURL *handle, ccurl_header_callback callback) {
    return curl_easy_setopt(handle, CURLOPT_HEADERFUNCTION, callback);
}

CURLcode ccurl_easy_setopt_xferinfo_function(CURL *handle, ccurl_xferinfo_callback callback) {
    return curl_easy_setopt(handle, CURLOPT_XFERINFOFUNCTION, callback);
}

CURLcode ccurl_easy_setopt_seek_function(CURL *handle, ccurl_seek_callback callback) {
    return curl_easy_setopt(handle, CURLOPT_SEEKFUNCTION, callback);
}

CURLcode ccurl_easy_setopt_debug_function(CURL *handle, ccurl_debug_callback callback) {
    return curl_easy_setopt(handle, CURLOPT_DEBUGFUNCTION, callback);
}

CURLcode ccurl_easy_setopt_prereq_function(CURL *handle, ccurl_prereq_callback callback) {
    return curl_easy_setopt(handle, CURLOPT_PREREQFUNCTION, callback);
}

CURLcode ccurl_easy_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}

CURLcode ccurl_easy_getinfo_double(CURL *handle, CURLINFO info, double *value) {
    return curl_easy_getinfo(handle, info, value);
}

CURLcode ccurl_easy_getinfo_off_t(CURL *handle, CURLINFO info, curl_off_t *value) {
    return curl_easy_getinfo(handle, info, value);
}

CURLcode ccurl_easy_getinfo_string(CURL *handle, CURLINFO info, const char **value) {
    char *result = NULL;
    CURLcode code = curl_easy_getinfo(handle, info, &result);
    *value = result;
    return code;
}

CURLcode ccurl_easy_getinfo_slist(CURL *handle, CURLINFO info, struct curl_slist **value) {
    return curl_easy_getinfo(handle, info, value);
}

CURLcode ccurl_easy_getinfo_socket(CURL *handle, curl_socket_t *value) {
    return curl_easy_getinfo(handle, CURLINFO_ACTIVESOCKET, value);
}

CURLcode ccurl_easy_getinfo_certinfo(CURL *handle, struct curl_certinfo **value) {
    return curl_easy_getinfo(handle, CURLINFO_CERTINFO, value);
}

CURLMcode ccurl_multi_setopt_long(CURLM *multi, CURLMoption option, long value) {
    return curl_multi_setopt(multi, option, value);
}

CURLMcode ccurl_multi_setopt_off_t(CURLM *multi, CURLMoption option, curl_off_t value) {
    return curl_multi_setopt(multi, option, value);
}

CURLMcode ccurl_multi_setopt_pointer(CURLM *multi, CURLMoption option, void *value) {
    return curl_multi_setopt(multi, option, value);
}

CURLSHcode ccurl_share_setopt_long(CURLSH *share, CURLSHoption option, long value) {
    return curl_share_setopt(share, option, value);
}

int ccurl_pause_cont(void) { return CURLPAUSE_CONT; }

size_t ccurl_writefunc_pause(void) { return CURL_WRITEFUNC_PAUSE; }

size_t ccurl_readfunc_abort(void) { return CURL_READFUNC_ABORT; }

long ccurl_auth_basic(void) { return (long)CURLAUTH_BASIC; }

long ccurl_auth_digest(void) { return (long)CURLAUTH_DIGEST; }

long ccurl_auth_ntlm(void) { return (long)CURLAUTH_NTLM; }

long ccurl_auth_negotiate(void) { return (long)CURLAUTH_NEGOTIATE; }

ccurl_version ccurl_version_info(void) {
    const curl_version_info_data *data = curl_version_info(CURLVERSION_NOW);
    ccurl_version result = {0};
    if (data == NULL) {
        return result;
    }
    int features = data->features;
    result.version = data->version;
    result.version_number = data->version_num;
    result.ssl_version = data->ssl_version;
    result.http2 = (features & CURL_VERSION_HTTP2) != 0;
    result.http3 = (features & CURL_VERSION_HTTP3) != 0;
    result.brotli = (features & CURL_VERSION_BROTLI) != 0;
    result.zstd = (features & CURL_VERSION_ZSTD) != 0;
    result.libz = (features & CURL_VERSION_LIBZ) != 0;
    result.ipv6 = (features & CURL_VERSION_IPV6) != 0;
    result.async_dns = (features & CURL_VERSION_ASYNCHDNS) != 0;
    result.https_proxy = (features & CURL_VERSION_HTTPS_PROXY) != 0;
    return result;
}
