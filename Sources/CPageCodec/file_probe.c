/*
 * The codec outside SQLite: detecting a file's format and reading its page-1 facts from a path (so a caller can
 * choose how to open it), and a page cipher for checking or comparing files page by page.
 */
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <openssl/crypto.h>
#include "codec_internal.h"

static long dp_fd_read(void *context, void *buffer, int amount, int64_t offset) {
    int fd = *(int *)context;
    long total = 0;
    while (total < amount) {
        ssize_t got = pread(fd, (char *)buffer + total, (size_t)(amount - total), (off_t)(offset + total));
        if (got < 0) return -1;
        if (got == 0) break;
        total += got;
    }
    return total;
}

static dp_codec *dp_open_and_detect(const char *path, const dp_key_spec *spec, dp_key_result *result, int *fd_out) {
    memset(result, 0, sizeof(*result));
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    struct stat info;
    if (fd < 0 || fstat(fd, &info) != 0) {
        if (fd >= 0) close(fd);
        dp_result_error(result, DP_ERR_IO, 0, "cannot open the file for reading");
        return NULL;
    }
    dp_source source = {.read = dp_fd_read, .context = &fd, .size = info.st_size};
    dp_codec *codec = dp_detect(&source, spec, result);
    *fd_out = fd;
    return codec;
}

int dp_probe_file(const char *path, const dp_key_spec *spec, dp_key_result *result, dp_header_facts *facts) {
    memset(facts, 0, sizeof(*facts));
    int fd = -1;
    dp_codec *codec = dp_open_and_detect(path, spec, result, &fd);
    if (result->error == DP_OK && result->outcome != DP_FILE_NEW) {
        unsigned char *page = OPENSSL_malloc(DP_MAX_PAGE);
        int size = codec != NULL ? codec->page_size : 100;
        if (page != NULL && dp_fd_read(&fd, page, size, 0) == size
            && (codec == NULL || codec->format->decrypt(codec, 1, page) == DP_OK)) {
            facts->page_size = dp_header_page_size(page);
            facts->reserve = page[20];
            facts->wal_mode = page[18] == 2 && page[19] == 2;
            facts->page_count = ((unsigned)page[28] << 24) | ((unsigned)page[29] << 16) | ((unsigned)page[30] << 8) | page[31];
        }
        if (page != NULL) OPENSSL_clear_free(page, DP_MAX_PAGE);
    }
    if (fd >= 0) close(fd);
    dp_codec_free(codec);
    return result->error;
}

dp_codec *dp_page_cipher_open(const char *path, const dp_key_spec *spec, dp_key_result *result) {
    int fd = -1;
    dp_codec *codec = dp_open_and_detect(path, spec, result, &fd);
    if (fd >= 0) close(fd);
    return codec;
}

int dp_page_cipher_page_size(const dp_codec *codec) { return codec->page_size; }

int dp_page_cipher_decrypt(dp_codec *codec, unsigned int page_number, unsigned char *page) {
    return codec->format->decrypt(codec, page_number, page);
}

int dp_page_cipher_encrypt(dp_codec *codec, unsigned int page_number, const unsigned char *plain, unsigned char *out) {
    return codec->format->encrypt(codec, page_number, plain, out);
}

void dp_page_cipher_close(dp_codec *codec) { dp_codec_free(codec); }
