/*
 * Keys for files SQLite opens by itself. VACUUM INTO (and ATTACH) open their file inside SQLite, where no
 * sqlite3_file_control can reach it before the first write; a key registered here for the file's full path is
 * attached when the codec VFS opens that path as a main database, once.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <openssl/crypto.h>
#include "vfs_internal.h"
#include "codec_support.h"

typedef struct dp_expectation {
    struct dp_expectation *next;
    char *path;
    dp_codec *codec;
} dp_expectation;

/* Guards dp_expectations. */
static pthread_mutex_t dp_expectations_lock = PTHREAD_MUTEX_INITIALIZER;
static dp_expectation *dp_expectations;

static char *dp_expectation_path(const char *path) {
    int size = dp_max_pathname() + 1;
    char *full = malloc((size_t)size);
    if (full != NULL && dp_full_path(path, full, size) != SQLITE_OK) {
        free(full);
        return NULL;
    }
    return full;
}

/* Removes and returns the entry for `full` (caller holds the lock). */
static dp_expectation *dp_expectation_unlink(const char *full) {
    for (dp_expectation **link = &dp_expectations; *link != NULL; link = &(*link)->next) {
        if (strcmp((*link)->path, full) == 0) {
            dp_expectation *found = *link;
            *link = found->next;
            return found;
        }
    }
    return NULL;
}

static void dp_expectation_free(dp_expectation *entry) {
    if (entry == NULL) return;
    dp_codec_free(entry->codec);
    free(entry->path);
    free(entry);
}

int dp_expect_new_file(const char *path, const dp_key_spec *spec, dp_key_result *result) {
    memset(result, 0, sizeof(*result));
    char *full = dp_expectation_path(path);
    if (full == NULL) {
        dp_result_error(result, DP_ERR_IO, 0, "cannot resolve the path of the new file");
        return result->error;
    }
    dp_source empty = {.read = NULL, .context = NULL, .size = 0};
    dp_codec *codec = dp_detect(&empty, spec, result);
    if (codec == NULL) {
        free(full);
        return result->error != DP_OK ? result->error : DP_ERR_MISUSE;
    }
    dp_expectation *entry = malloc(sizeof(dp_expectation));
    if (entry == NULL) {
        dp_codec_free(codec);
        free(full);
        dp_result_error(result, DP_ERR_CRYPTO, 0, "out of memory");
        return result->error;
    }
    entry->path = full;
    entry->codec = codec;
    pthread_mutex_lock(&dp_expectations_lock);
    dp_expectation *previous = dp_expectation_unlink(full);
    entry->next = dp_expectations;
    dp_expectations = entry;
    pthread_mutex_unlock(&dp_expectations_lock);
    dp_expectation_free(previous);
    return DP_OK;
}

void dp_forget_file(const char *path) {
    char *full = dp_expectation_path(path);
    if (full == NULL) return;
    pthread_mutex_lock(&dp_expectations_lock);
    dp_expectation *entry = dp_expectation_unlink(full);
    pthread_mutex_unlock(&dp_expectations_lock);
    free(full);
    dp_expectation_free(entry);
}

dp_codec *dp_expectation_take(const char *path) {
    pthread_mutex_lock(&dp_expectations_lock);
    dp_expectation *entry = dp_expectations != NULL ? dp_expectation_unlink(path) : NULL;
    pthread_mutex_unlock(&dp_expectations_lock);
    if (entry == NULL) return NULL;
    dp_codec *codec = entry->codec;
    entry->codec = NULL;
    dp_expectation_free(entry);
    return codec;
}
