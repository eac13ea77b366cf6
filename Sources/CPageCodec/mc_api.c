/*
 * SQLite3 Multiple Ciphers' C API (sqlite3_key_v2, sqlite3_rekey_v2, sqlite3mc_config, sqlite3mc_config_cipher,
 * sqlite3mc_cipher_*) over the codec VFS, under DriverPort's names (include/mc_api.h). A connection's configuration
 * lives where the codec reads it at key time: on its main file (the cipher, and the legacy value per cipher), which
 * lives exactly as long as the connection. Each call holds the connection's mutex, as SQLite3MC's do.
 */
#include <stdlib.h>
#include <string.h>
#include "mc_internal.h"
#include "mc_api.h"

dp_file *dp_mc_file(sqlite3 *db, const char *schema) {
    sqlite3_file *pointer = NULL;
    if (db == NULL) return NULL;
    if (sqlite3_file_control(db, schema != NULL ? schema : "main", SQLITE_FCNTL_FILE_POINTER, &pointer) != SQLITE_OK) {
        return NULL;
    }
    dp_file *file = dp_as_codec_file(pointer);
    return file != NULL && file->kind == DP_KIND_MAIN ? file : NULL;
}

/* Logs why `call` refused (sqlite3_log, as SQLite3MC does) and returns `rc` (an SQLite code, or -1 for the
 * configuration calls, logged as SQLITE_ERROR). */
static int dp_mc_refuse(const char *call, int rc, const char *why) {
    sqlite3_log(rc > 0 ? rc : SQLITE_ERROR, "%s: %s", call, why);
    return rc;
}

static const char *const dp_mc_not_codec =
    "the database was not opened through the page codec: install it before opening (SQLite3MultipleCiphers.install() "
    "or KeyPragmas.install()) or open with vfs=driverport";

/* An attached database keyed through the C API takes the connection's configuration, which its main file holds. */
static void dp_mc_inherit(dp_file *file, const dp_file *main_file) {
    if (main_file == NULL || file == main_file) return;
    if (file->mc_cipher == 0) file->mc_cipher = main_file->mc_cipher;
    if (file->mc_legacy == 0) file->mc_legacy = main_file->mc_legacy;
    for (int cipher = 0; cipher < DP_MC_CIPHER_COUNT; cipher++) {
        if (file->mc_cipher_legacy[cipher] == 0) file->mc_cipher_legacy[cipher] = main_file->mc_cipher_legacy[cipher];
    }
}

int dp_mc_key_v2(void *handle, const char *schema, const void *key, int length) {
    sqlite3 *db = handle;
    if (key != NULL && length < 0) length = (int)strlen(key);
    if (key == NULL || length == 0) return SQLITE_OK; /* SQLite3MC: no key, nothing to do */
    dp_file *file = dp_mc_file(db, schema);
    if (file == NULL) return dp_mc_refuse("sqlite3_key_v2", SQLITE_ERROR, dp_mc_not_codec);
    sqlite3_mutex_enter(sqlite3_db_mutex(db));
    dp_file *main_file = dp_mc_file(db, "main");
    dp_mc_inherit(file, main_file);
    if (file == main_file && file->mc_db == NULL) file->mc_db = db;
    char *message = NULL;
    int rc = dp_mc_key_allowed(file, &message);
    if (rc == SQLITE_OK) {
        sqlite3_free(message);
        message = NULL;
        rc = dp_mc_apply(file, key, length, &message);
    }
    if (rc != SQLITE_OK) dp_mc_refuse("sqlite3_key_v2", rc, message != NULL ? message : "the key was refused");
    sqlite3_free(message);
    sqlite3_mutex_leave(sqlite3_db_mutex(db));
    return rc;
}

/* Runs one statement whose first column is text, copying that text to `out`; SQLITE_OK or the statement's error. */
static int dp_mc_query_text(sqlite3 *db, const char *sql, char *out, int size) {
    sqlite3_stmt *statement = NULL;
    int rc = sqlite3_prepare_v2(db, sql, -1, &statement, NULL);
    out[0] = 0;
    if (rc == SQLITE_OK && sqlite3_step(statement) == SQLITE_ROW) {
        const unsigned char *text = sqlite3_column_text(statement, 0);
        if (text != NULL) {
            strncpy(out, (const char *)text, (size_t)size - 1);
            out[size - 1] = 0;
        }
    }
    int final = sqlite3_finalize(statement);
    return rc != SQLITE_OK ? rc : final;
}

static int dp_mc_exec(sqlite3 *db, const char *format, const char *schema) {
    char *sql = sqlite3_mprintf(format, schema);
    if (sql == NULL) return SQLITE_NOMEM;
    int rc = sqlite3_exec(db, sql, NULL, NULL, NULL);
    sqlite3_free(sql);
    return rc;
}

static long dp_mc_no_bytes(void *context, void *buffer, int amount, int64_t offset) {
    (void)context, (void)buffer, (void)amount, (void)offset;
    return 0;
}

/* The page size SQLite3MC's cipher fixes (SQLCipher with a legacy value: its versions' page size), else 0. */
static int dp_mc_legacy_page_size(int cipher, int legacy) {
    if (cipher != DP_MC_CIPHER_SQLCIPHER) return 0;
    return legacy >= 1 && legacy <= 3 ? 1024 : 4096;
}

/* The page size of database `schema` as SQLite reads it (0 when it cannot be read). */
static int dp_mc_page_size(sqlite3 *db, const char *schema) {
    char text[16];
    char *sql = sqlite3_mprintf("PRAGMA \"%w\".page_size", schema);
    int rc = sql != NULL ? dp_mc_query_text(db, sql, text, sizeof(text)) : SQLITE_NOMEM;
    sqlite3_free(sql);
    return rc == SQLITE_OK ? atoi(text) : 0;
}

/* The codec the new key gives: the configured cipher's format (or the file's own; for a plain file SQLite3MC's
 * default, ChaCha20, as its sqlite3_rekey takes the connection's cipher), a new salt, the file's page size. */
static dp_codec *dp_mc_next_codec(sqlite3 *db, const char *schema, dp_file *file, const void *key, int length,
                                  const char **why) {
    int plain = file->codec == NULL;
    int cipher = file->mc_cipher != 0 ? file->mc_cipher : plain ? DP_MC_CIPHER_CHACHA20 : 0;
    int format = plain ? DP_FORMAT_NONE : file->codec->format->id;
    int page_size = plain ? dp_mc_page_size(db, schema) : file->codec->page_size;
    if (cipher != 0) {
        dp_mc_choice choice = dp_mc_choose(cipher, dp_mc_legacy_of(file, cipher));
        if (choice.new_format == 0) {
            *why = choice.cannot_create;
            return NULL;
        }
        format = choice.new_format;
    }
    const dp_format *target = dp_format_by_id(format);
    if (target == NULL || (!plain && target->reserve != file->codec->format->reserve)) {
        *why = "the configured cipher reserves another number of bytes per page than the file's: rekeying to it in "
               "place is not supported (driverport rekey --cipher writes a new file)";
        return NULL;
    }
    int fixed = dp_mc_legacy_page_size(cipher, dp_mc_legacy_of(file, cipher));
    if (plain && (!dp_valid_page_size(page_size) || (fixed != 0 && fixed != page_size))) {
        /* SQLite3MC refuses too: an encrypted database keeps its page size. */
        *why = "the configured cipher needs another page size than the database's: set PRAGMA page_size and VACUUM "
               "first, or choose another cipher";
        return NULL;
    }
    dp_key_spec spec = {
        .candidates = &format,
        .candidate_count = 1,
        .secret = key,
        .secret_length = length,
        .secret_is_raw = 0,
        .new_file_format = format,
        .new_file_page_size = page_size,
    };
    dp_source empty = {.read = dp_mc_no_bytes, .context = NULL, .size = 0};
    dp_key_result result;
    dp_codec *next = dp_detect(&empty, &spec, &result);
    if (result.error != DP_OK || next == NULL || result.outcome != DP_FILE_NEW) {
        dp_codec_free(next);
        *why = "the new key could not be set up (OpenSSL error or an unusable key)";
        next = NULL;
    }
    dp_wipe(&result, sizeof(result));
    return next;
}

/* Has VACUUM give every page at least `reserve` bytes at its end (SQLITE_FCNTL_RESERVE_BYTES: VACUUM keeps the larger
 * of this and the file's reserve, so it grows a reserve and never shrinks one). Returns the value asked before (to
 * put back if the rewrite fails). */
static int dp_mc_want_reserve(sqlite3 *db, const char *schema, int reserve) {
    int before = -1; /* -1 only asks */
    sqlite3_file_control(db, schema, SQLITE_FCNTL_RESERVE_BYTES, &before);
    if (reserve > before) sqlite3_file_control(db, schema, SQLITE_FCNTL_RESERVE_BYTES, &reserve);
    return before;
}

/* The rewrite itself: VACUUM in rollback-journal mode with the temporary database in memory, the page reserve grown
 * to what `next` needs. `next` NULL: the pages come out plain (decrypting); a file without a codec gets `next`
 * (encrypting). Frees `next` unless it became the file's codec. */
static int dp_mc_rewrite(sqlite3 *db, dp_file *file, const char *schema, dp_codec *next, char **message) {
    char journal_mode[16], temp_store[8];
    char *sql = sqlite3_mprintf("PRAGMA \"%w\".journal_mode", schema);
    int rc = sql != NULL ? dp_mc_query_text(db, sql, journal_mode, sizeof(journal_mode)) : SQLITE_NOMEM;
    sqlite3_free(sql);
    if (rc == SQLITE_OK) rc = dp_mc_query_text(db, "PRAGMA temp_store", temp_store, sizeof(temp_store));
    if (rc != SQLITE_OK) {
        dp_codec_free(next);
        *message = sqlite3_mprintf("cannot read the journal mode and temp_store: %s", sqlite3_errstr(rc));
        return rc;
    }
    int was_wal = sqlite3_stricmp(journal_mode, "wal") == 0;
    if (was_wal) {
        char now[16];
        sql = sqlite3_mprintf("PRAGMA \"%w\".journal_mode = DELETE", schema);
        rc = sql != NULL ? dp_mc_query_text(db, sql, now, sizeof(now)) : SQLITE_NOMEM;
        sqlite3_free(sql);
        if (rc == SQLITE_OK && sqlite3_stricmp(now, "delete") != 0) rc = SQLITE_BUSY;
        if (rc != SQLITE_OK) {
            dp_codec_free(next);
            return dp_mc_answer(message, rc, "a WAL database is rekeyed in rollback-journal mode, and leaving WAL mode "
                                             "needs the file's other connections closed");
        }
    }
    sqlite3_exec(db, "PRAGMA temp_store = MEMORY", NULL, NULL, NULL);
    rc = dp_rekey_begin(file, next);
    if (rc != SQLITE_OK) {
        dp_codec_free(next);
    } else {
        int reserve_before = dp_mc_want_reserve(db, schema, next != NULL ? next->format->reserve : 0);
        int vacuum = dp_mc_exec(db, "VACUUM \"%w\"", schema);
        if (vacuum != SQLITE_OK) {
            *message = sqlite3_mprintf("the rewrite failed, the file keeps its old key: %s", sqlite3_errmsg(db));
            if (reserve_before >= 0) sqlite3_file_control(db, schema, SQLITE_FCNTL_RESERVE_BYTES, &reserve_before);
        }
        rc = dp_rekey_end(file, vacuum == SQLITE_OK);
        if (vacuum != SQLITE_OK) rc = vacuum;
    }
    sql = sqlite3_mprintf("PRAGMA temp_store = %s", temp_store[0] != 0 ? temp_store : "0");
    if (sql != NULL) sqlite3_exec(db, sql, NULL, NULL, NULL);
    sqlite3_free(sql);
    if (was_wal) dp_mc_exec(db, "PRAGMA \"%w\".journal_mode = WAL", schema);
    return rc;
}

/* Whether database `schema` reads: its first page decodes (SQLITE_NOTADB for an encrypted file without its key). */
static int dp_mc_readable(sqlite3 *db, const char *schema) {
    char version[32];
    char *sql = sqlite3_mprintf("PRAGMA \"%w\".schema_version", schema);
    int rc = sql != NULL ? dp_mc_query_text(db, sql, version, sizeof(version)) : SQLITE_NOMEM;
    sqlite3_free(sql);
    return rc;
}

int dp_mc_rekey(sqlite3 *db, const char *schema, const void *key, int length, char **message) {
    const char *name = schema != NULL ? schema : "main";
    *message = NULL;
    if (key != NULL && length < 0) length = (int)strlen(key);
    if (key == NULL) length = 0;
    dp_file *file = dp_mc_file(db, name);
    if (file == NULL) return dp_mc_answer(message, SQLITE_ERROR, dp_mc_not_codec);
    if (file->codec == NULL) {
        if (length == 0) return SQLITE_OK; /* SQLite3MC: not encrypted and no key, nothing to do */
        int rc = dp_mc_readable(db, name);
        if (rc != SQLITE_OK) {
            *message = sqlite3_mprintf("%s: its current key is missing or wrong (PRAGMA key or sqlite3_key_v2 "
                                       "first)", sqlite3_errstr(rc));
            return rc;
        }
    }
    if (!sqlite3_get_autocommit(db)) {
        return dp_mc_answer(message, SQLITE_ERROR, "a transaction is open: rekey outside transactions");
    }
    sqlite3_mutex_enter(sqlite3_db_mutex(db));
    dp_mc_inherit(file, dp_mc_file(db, "main"));
    /* A key: the pages go under it (from the old key, or from plain pages); none: they come out plain. */
    const char *why = NULL;
    dp_codec *next = length > 0 ? dp_mc_next_codec(db, name, file, key, length, &why) : NULL;
    int rc = length > 0 && next == NULL ? dp_mc_answer(message, SQLITE_ERROR, why)
                                        : dp_mc_rewrite(db, file, name, next, message);
    if (rc == SQLITE_OK) rc = dp_mc_keep_secret(file, key, length);
    if (rc != SQLITE_OK && *message == NULL) *message = sqlite3_mprintf("%s", sqlite3_errstr(rc));
    sqlite3_mutex_leave(sqlite3_db_mutex(db));
    return rc;
}

int dp_mc_rekey_v2(void *handle, const char *schema, const void *key, int length) {
    char *message = NULL;
    int rc = dp_mc_rekey(handle, schema, key, length, &message);
    if (rc != SQLITE_OK) dp_mc_refuse("sqlite3_rekey_v2", rc, message != NULL ? message : sqlite3_errstr(rc));
    sqlite3_free(message);
    return rc;
}

/* SQLite3MC's parameter prefixes: "default:", "min:", "max:" (in that order), stripped from `*name`. */
enum { DP_MC_VALUE = 0, DP_MC_DEFAULT = 1, DP_MC_MIN = 2, DP_MC_MAX = 3 };
static int dp_mc_prefix(const char **name) {
    int which = DP_MC_VALUE;
    if (sqlite3_strnicmp(*name, "default:", 8) == 0) {
        which = DP_MC_DEFAULT;
        *name += 8;
    }
    if (sqlite3_strnicmp(*name, "min:", 4) == 0) {
        which = DP_MC_MIN;
        *name += 4;
    } else if (sqlite3_strnicmp(*name, "max:", 4) == 0) {
        which = DP_MC_MAX;
        *name += 4;
    }
    return which;
}

int dp_mc_config(void *handle, const char *name, int value) {
    sqlite3 *db = handle;
    if (name == NULL || (db == NULL && value >= 0)) return -1;
    int which = dp_mc_prefix(&name);
    if (sqlite3_stricmp(name, "cipher") == 0) {
        if (which == DP_MC_MIN) return 1;
        if (which == DP_MC_MAX) return DP_MC_CIPHER_COUNT - 1;
        if (db == NULL) return DP_MC_CIPHER_CHACHA20; /* SQLite3MC's default cipher */
        dp_file *file = dp_mc_file(db, "main");
        if (file == NULL) return dp_mc_refuse("sqlite3mc_config", -1, dp_mc_not_codec);
        sqlite3_mutex_enter(sqlite3_db_mutex(db));
        if (value >= 1 && value < DP_MC_CIPHER_COUNT) file->mc_cipher = value;
        int current = file->mc_cipher > 0 ? file->mc_cipher : DP_MC_CIPHER_CHACHA20;
        sqlite3_mutex_leave(sqlite3_db_mutex(db));
        return current;
    }
    if (sqlite3_stricmp(name, "hmac_check") == 0) {
        if (which == DP_MC_MIN) return 0;
        if (value == 0) sqlite3_log(SQLITE_WARNING, "sqlite3mc_config: hmac_check stays 1: this codec always checks MACs");
        return 1;
    }
    return -1;
}

/* The legacy values SQLite3MC accepts per cipher, and its default. */
static void dp_mc_legacy_range(int cipher, int *low, int *high, int *standard) {
    *low = cipher == DP_MC_CIPHER_RC4 ? 1 : 0;
    *high = cipher == DP_MC_CIPHER_SQLCIPHER ? 4 : cipher <= DP_MC_CIPHER_RC4 ? 1 : 0;
    *standard = cipher == DP_MC_CIPHER_RC4 ? 1 : 0;
}

int dp_mc_config_cipher(void *handle, const char *cipher_name, const char *name, int value) {
    sqlite3 *db = handle;
    if (cipher_name == NULL || name == NULL || (db == NULL && value >= 0)) return -1;
    int cipher = dp_mc_cipher_named(cipher_name);
    if (cipher < 0) return -1;
    int which = dp_mc_prefix(&name);
    int low, high, standard;
    dp_mc_legacy_range(cipher, &low, &high, &standard);
    dp_file *file = db != NULL ? dp_mc_file(db, "main") : NULL;
    if (db != NULL && file == NULL) return dp_mc_refuse("sqlite3mc_config_cipher", -1, dp_mc_not_codec);
    int legacy = file != NULL && file->mc_cipher_legacy[cipher] > 0 ? file->mc_cipher_legacy[cipher] - 1 : standard;
    if (sqlite3_stricmp(name, "legacy") == 0) {
        if (which == DP_MC_MIN) return low;
        if (which == DP_MC_MAX) return high;
        if (file == NULL) return standard;
        if (value >= low && value <= high) {
            sqlite3_mutex_enter(sqlite3_db_mutex(db));
            file->mc_cipher_legacy[cipher] = value + 1;
            sqlite3_mutex_leave(sqlite3_db_mutex(db));
            return value;
        }
        if (value != -1) sqlite3_log(SQLITE_WARNING, "sqlite3mc_config_cipher: legacy %d out of range [%d..%d]", value, low, high);
        return legacy;
    }
    if (sqlite3_stricmp(name, "kdf_iter") == 0) {
        int iterations = dp_mc_default_kdf_iter(cipher, cipher == DP_MC_CIPHER_SQLCIPHER && legacy == 0 ? 4 : legacy);
        if (iterations == 0) return -1;
        if (value >= 0 && value != iterations) {
            sqlite3_log(SQLITE_WARNING, "sqlite3mc_config_cipher: kdf_iter stays %d: this codec reads each format "
                        "with its standard count", iterations);
        }
        return iterations;
    }
    if (sqlite3_stricmp(name, "legacy_page_size") == 0) return dp_mc_legacy_page_size(cipher, legacy);
    return -1;
}

int dp_mc_cipher_count(void) { return DP_MC_CIPHER_COUNT - 1; }

int dp_mc_cipher_index(const char *name) { return name != NULL ? dp_mc_cipher_named(name) : -1; }

const char *dp_mc_cipher_name(int index) {
    return index >= 1 && index < DP_MC_CIPHER_COUNT ? dp_mc_names[index] : "";
}
