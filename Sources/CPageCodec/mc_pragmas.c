/*
 * SQLite3 Multiple Ciphers' key interface on the codec VFS: the pragmas (cipher, legacy, kdf_iter, key, hexkey)
 * arrive through SQLITE_FCNTL_PRAGMA before the first page is read (rekey and hexrekey at any time after the key),
 * and the URI parameters (cipher, legacy, key, hexkey) when the main file is opened. Only instances registered by
 * dp_codec_register_mc answer them.
 *
 * As in SQLite3MC, a wrong key is not refused by PRAGMA key: the file stays without a codec and its first read fails
 * with SQLITE_NOTADB ("file is not a database"), before anything can be written. Everything this codec cannot do as
 * SQLite3MC would (a key on a plain file, an unknown cipher, a key after the first read, a kdf_iter other than the
 * format's, a rekey of an attached database) is an error naming what to do instead. Passphrases never appear in a
 * message.
 */
#include <stdlib.h>
#include <string.h>
#include "vfs_internal.h"
#include "mc_internal.h"

/* SQLite3MC's cipher names, indexed by DP_MC_CIPHER_*. */
const char *const dp_mc_names[DP_MC_CIPHER_COUNT] = {
    "", "aes128cbc", "aes256cbc", "chacha20", "sqlcipher", "rc4", "ascon128", "aegis",
};

/* The page size of a new file: SQLite's default, which the connection's page 1 gets (a PRAGMA page_size before the
 * key makes the codec refuse the first write with a page-size error, never a wrong file). */
#define DP_MC_NEW_PAGE_SIZE 4096

/* Formats to try for a cipher and legacy value, and the format a new (empty) file gets (0: cannot create one). */
static void dp_mc_add(dp_mc_choice *choice, int format) { choice->candidates[choice->count++] = format; }

dp_mc_choice dp_mc_choose(int cipher, int legacy) {
    dp_mc_choice choice = {.count = 0, .new_format = 0, .cannot_create = NULL};
    switch (cipher) {
    case DP_MC_CIPHER_AES128:
        dp_mc_add(&choice, DP_FORMAT_AES128); /* both page-1 layouts read */
        if (legacy == 0) choice.new_format = DP_FORMAT_AES128;
        else choice.cannot_create = "this codec creates AES-128 files only in the current layout: drop PRAGMA legacy";
        break;
    case DP_MC_CIPHER_AES256:
        dp_mc_add(&choice, DP_FORMAT_AES256);
        choice.new_format = DP_FORMAT_AES256;
        break;
    case DP_MC_CIPHER_CHACHA20:
        dp_mc_add(&choice, legacy >= 1 ? DP_FORMAT_SQLEET : DP_FORMAT_CHACHA20);
        choice.new_format = choice.candidates[0];
        break;
    case DP_MC_CIPHER_SQLCIPHER:
        if (legacy >= 1 && legacy <= 4) {
            static const int by_legacy[] = {0, DP_FORMAT_SQLCIPHER1, DP_FORMAT_SQLCIPHER2, DP_FORMAT_SQLCIPHER3,
                                            DP_FORMAT_SQLCIPHER4};
            dp_mc_add(&choice, by_legacy[legacy]);
            choice.new_format = by_legacy[legacy];
        } else {
            dp_mc_add(&choice, DP_FORMAT_SQLCIPHER4);
            dp_mc_add(&choice, DP_FORMAT_SQLCIPHER3);
            dp_mc_add(&choice, DP_FORMAT_SQLCIPHER2);
            dp_mc_add(&choice, DP_FORMAT_SQLCIPHER1);
            choice.cannot_create = "SQLite3MC's own SQLCipher variant (legacy = 0) is not written by this codec: "
                                   "set PRAGMA legacy = 4 for a SQLCipher 4 file";
        }
        break;
    case DP_MC_CIPHER_RC4:
        dp_mc_add(&choice, DP_FORMAT_RC4);
        choice.new_format = DP_FORMAT_RC4;
        break;
    case DP_MC_CIPHER_ASCON128:
        dp_mc_add(&choice, DP_FORMAT_ASCON128);
        choice.new_format = DP_FORMAT_ASCON128;
        break;
    case DP_MC_CIPHER_AEGIS: {
        /* SQLite3MC's default AEGIS algorithm is AEGIS-256: first, and what a new file gets. */
        static const int aegis[] = {DP_FORMAT_AEGIS256, DP_FORMAT_AEGIS256X2, DP_FORMAT_AEGIS256X4,
                                    DP_FORMAT_AEGIS128L, DP_FORMAT_AEGIS128X2, DP_FORMAT_AEGIS128X4};
        for (size_t index = 0; index < sizeof(aegis) / sizeof(aegis[0]); index++) dp_mc_add(&choice, aegis[index]);
        choice.new_format = DP_FORMAT_AEGIS256;
        break;
    }
    default: { /* no PRAGMA cipher */
        /* The order DriverPort detects in (Swift's CipherFormat.detectionOrder: the most widely written formats first). */
        static const int detection[] = {
            DP_FORMAT_SQLCIPHER4, DP_FORMAT_AES128, DP_FORMAT_SQLCIPHER3, DP_FORMAT_SQLCIPHER2, DP_FORMAT_SQLCIPHER1,
            DP_FORMAT_CHACHA20, DP_FORMAT_SQLEET, DP_FORMAT_AES256, DP_FORMAT_RC4, DP_FORMAT_ASCON128,
            DP_FORMAT_AEGIS256, DP_FORMAT_AEGIS256X2, DP_FORMAT_AEGIS256X4, DP_FORMAT_AEGIS128L, DP_FORMAT_AEGIS128X2,
            DP_FORMAT_AEGIS128X4,
        };
        for (size_t index = 0; index < sizeof(detection) / sizeof(detection[0]); index++) {
            dp_mc_add(&choice, detection[index]);
        }
        choice.new_format = DP_FORMAT_CHACHA20;
        break;
    }
    }
    return choice;
}

/* kdf_iter of the formats whose count SQLite3MC lets an app set; 0 where the cipher has no single default here. */
int dp_mc_default_kdf_iter(int cipher, int legacy) {
    if (cipher != DP_MC_CIPHER_SQLCIPHER) return 0;
    switch (legacy) {
    case 4: return 256000;
    case 3: return 64000;
    case 1:
    case 2: return 4000;
    default: return 0;
    }
}

int dp_mc_cipher_named(const char *name) {
    for (int index = 1; index < DP_MC_CIPHER_COUNT; index++) {
        if (sqlite3_stricmp(name, dp_mc_names[index]) == 0) return index;
    }
    return -1;
}

int dp_mc_answer(char **message, int rc, const char *text) {
    *message = sqlite3_mprintf("%s", text);
    return rc;
}

static int dp_hex_value(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/* Decodes hex into a new buffer (sqlite3_free it after dp_wipe); NULL when `hex` is not an even run of hex digits. */
static unsigned char *dp_mc_unhex(const char *hex, int *length) {
    size_t digits = strlen(hex);
    if (digits == 0 || digits % 2 != 0) return NULL;
    unsigned char *bytes = sqlite3_malloc64(digits / 2);
    if (bytes == NULL) return NULL;
    for (size_t index = 0; index < digits / 2; index++) {
        int high = dp_hex_value(hex[2 * index]), low = dp_hex_value(hex[2 * index + 1]);
        if (high < 0 || low < 0) {
            dp_wipe(bytes, digits / 2);
            sqlite3_free(bytes);
            return NULL;
        }
        bytes[index] = (unsigned char)(high * 16 + low);
    }
    *length = (int)(digits / 2);
    return bytes;
}

int dp_mc_legacy(const dp_file *file) { return dp_mc_legacy_of(file, file->mc_cipher); }

int dp_mc_legacy_of(const dp_file *file, int cipher) {
    if (cipher > 0 && cipher < DP_MC_CIPHER_COUNT && file->mc_cipher_legacy[cipher] > 0) {
        return file->mc_cipher_legacy[cipher] - 1;
    }
    return file->mc_legacy;
}

int dp_mc_keep_secret(dp_file *file, const unsigned char *secret, int length) {
    if (file->mc_secret != NULL) {
        dp_wipe(file->mc_secret, (unsigned long)file->mc_secret_length);
        sqlite3_free(file->mc_secret);
        file->mc_secret = NULL;
        file->mc_secret_length = 0;
    }
    if (length <= 0) return SQLITE_OK; /* no key now (decrypted in place): nothing to keep */
    file->mc_secret = sqlite3_malloc(length);
    if (file->mc_secret == NULL) return SQLITE_NOMEM;
    memcpy(file->mc_secret, secret, (size_t)length);
    file->mc_secret_length = length;
    return SQLITE_OK;
}

/* PRAGMA cipher_migrate (SQLCipher's, which mmex-ios runs after the key): "0" when the file needs no migration (it
 * is in its cipher's current format, or plain), "1" for an SQLCipher 1-3 file, which this codec reads but does not
 * convert in place (driverport upgrade/rekey writes a new file). */
static int dp_mc_cipher_migrate(dp_file *file, char **message) {
    int format = file->codec != NULL ? file->codec->format->id : DP_FORMAT_NONE;
    int old = format == DP_FORMAT_SQLCIPHER3 || format == DP_FORMAT_SQLCIPHER2 || format == DP_FORMAT_SQLCIPHER1;
    if (old) sqlite3_log(SQLITE_WARNING, "cipher_migrate: an SQLCipher 1-3 file is not converted in place; use driverport rekey");
    *message = sqlite3_mprintf("%d", old);
    return SQLITE_OK;
}

/* Applies a passphrase with the file's cipher and legacy. SQLITE_OK also for a wrong key (the file then stays without
 * a codec, and its first read fails with SQLITE_NOTADB); otherwise an error with `*message` set. */
int dp_mc_apply(dp_file *file, const unsigned char *secret, int length, char **message) {
    if (length <= 0) return dp_mc_answer(message, SQLITE_ERROR, "an empty key: give the file's passphrase");
    dp_mc_choice choice = dp_mc_choose(file->mc_cipher, dp_mc_legacy(file));
    sqlite3_int64 size = 0;
    if (file->real->pMethods->xFileSize(file->real, &size) != SQLITE_OK) {
        return dp_mc_answer(message, SQLITE_IOERR, "cannot read the database's size");
    }
    if (size == 0 && choice.new_format == 0) return dp_mc_answer(message, SQLITE_ERROR, choice.cannot_create);
    if (size == 0 && file->mc_db == NULL) {
        return dp_mc_answer(message, SQLITE_ERROR, "an empty file is encrypted only as a connection's main database: "
                                                   "open it directly (not ATTACH) and give the key first");
    }
    dp_key_spec spec = {
        .candidates = choice.candidates,
        .candidate_count = choice.count,
        .secret = secret,
        .secret_length = length,
        .secret_is_raw = 0,
        .new_file_format = choice.new_format,
        .new_file_page_size = DP_MC_NEW_PAGE_SIZE,
    };
    dp_key_result result;
    dp_apply_key apply = {.spec = &spec, .result = &result};
    int rc = dp_attach_key(file, &apply);
    if (rc == SQLITE_OK && result.outcome == DP_FILE_PLAIN) {
        rc = dp_mc_answer(message, SQLITE_ERROR,
                          "the database is not encrypted: open it without PRAGMA key (driverport rekey encrypts it)");
    } else if (rc != SQLITE_OK && result.error == DP_ERR_WRONG_KEY) {
        rc = dp_mc_answer(message, SQLITE_OK, "ok"); /* SQLITE_NOTADB at the first read, as in SQLite3MC */
    } else if (rc != SQLITE_OK) {
        *message = sqlite3_mprintf("%s", result.message);
    } else {
        if (result.outcome == DP_FILE_NEW) {
            /* SQLITE_FCNTL_RESERVE_BYTES: SQLite leaves this many bytes at the end of every page for the cipher. */
            int reserve = result.reserve;
            sqlite3_file_control(file->mc_db, "main", SQLITE_FCNTL_RESERVE_BYTES, &reserve);
        }
        rc = dp_mc_keep_secret(file, secret, length);
        rc = dp_mc_answer(message, rc, rc == SQLITE_OK ? "ok" : "out of memory");
    }
    dp_wipe(&result, sizeof(result));
    return rc;
}

int dp_mc_key_allowed(dp_file *file, char **message) {
    if (file->codec != NULL) return dp_mc_answer(message, SQLITE_MISUSE, "a key was already applied to this database");
    if (file->pages_read > 0) {
        return dp_mc_answer(message, SQLITE_MISUSE,
                            "PRAGMA key after the database was read: give the key first, before any other statement");
    }
    return SQLITE_OK;
}

/* The passphrase a key pragma's value gives: the text itself (NULL: none), or for hexkey/hexrekey the bytes its hex
 * digits encode, held in `copy` until dp_mc_secret_wipe. */
typedef struct dp_mc_secret {
    const unsigned char *bytes;
    int length;
    unsigned char *copy;
} dp_mc_secret;

/* SQLITE_OK, or SQLITE_ERROR with `*message` set when a hex value is not an even run of hex digits. */
static int dp_mc_secret_of(const char *value, int hex, const char *pragma, dp_mc_secret *secret, char **message) {
    secret->bytes = (const unsigned char *)value;
    secret->length = value != NULL ? (int)strlen(value) : 0;
    secret->copy = NULL;
    if (!hex || value == NULL) return SQLITE_OK;
    secret->copy = dp_mc_unhex(value, &secret->length);
    secret->bytes = secret->copy;
    if (secret->copy != NULL) return SQLITE_OK;
    *message = sqlite3_mprintf("PRAGMA %s needs an even number of hex digits", pragma);
    return SQLITE_ERROR;
}

static void dp_mc_secret_wipe(dp_mc_secret *secret) {
    if (secret->copy != NULL) {
        dp_wipe(secret->copy, (unsigned long)secret->length);
        sqlite3_free(secret->copy);
    }
    secret->bytes = secret->copy = NULL;
    secret->length = 0;
}

static int dp_mc_key(dp_file *file, const char *value, int hex, char **message) {
    if (value == NULL) return dp_mc_answer(message, SQLITE_ERROR, "PRAGMA key needs a value: PRAGMA key = '...'");
    int rc = dp_mc_key_allowed(file, message);
    if (rc != SQLITE_OK) return rc;
    dp_mc_secret secret;
    rc = dp_mc_secret_of(value, hex, "hexkey", &secret, message);
    if (rc == SQLITE_OK) rc = dp_mc_apply(file, secret.bytes, secret.length, message);
    dp_mc_secret_wipe(&secret);
    return rc;
}

/*
 * PRAGMA rekey / hexrekey: sqlite3_rekey_v2 on the main database of the connection the file is bound to
 * (dp_mc_bind_connection; an attached file has no connection here, so it is refused). It runs while SQLite prepares
 * the PRAGMA, its rewrite's statements nested on the same connection, as SQLite3MC's pragma handler does; the
 * statement SQLite then compiles only returns the answer ("ok", as in SQLite3MC), so stepping it never rekeys again.
 * A failure is an error with one line saying why; SQLITE_SCHEMA would make SQLite prepare the PRAGMA again (a second
 * rekey), so it is answered as SQLITE_ERROR.
 */
static int dp_mc_rekey_pragma(dp_file *file, const char *value, int hex, char **message) {
    const char *pragma = hex ? "hexrekey" : "rekey";
    if (file->mc_db == NULL || dp_mc_file(file->mc_db, "main") != file) {
        *message = sqlite3_mprintf("PRAGMA %s changes the key of a connection's main database only: for an attached "
                                   "one call sqlite3_rekey_v2 with its schema name (the SQLite3MultipleCiphers "
                                   "module) or use driverport rekey FILE", pragma);
        return SQLITE_ERROR;
    }
    dp_mc_secret secret;
    int rc = dp_mc_secret_of(value, hex, pragma, &secret, message);
    if (rc != SQLITE_OK) return rc;
    rc = dp_mc_rekey(file->mc_db, "main", secret.bytes, secret.length, message);
    dp_mc_secret_wipe(&secret);
    if (rc == SQLITE_OK) return dp_mc_answer(message, SQLITE_OK, "ok");
    return rc == SQLITE_SCHEMA || rc == SQLITE_ERROR_RETRY ? SQLITE_ERROR : rc;
}

static int dp_mc_set_cipher(dp_file *file, const char *value, char **message) {
    if (value == NULL) {
        *message = sqlite3_mprintf("%s", file->mc_cipher == 0 ? "auto" : dp_mc_names[file->mc_cipher]);
        return SQLITE_OK;
    }
    int cipher = dp_mc_cipher_named(value);
    if (cipher < 0) {
        *message = sqlite3_mprintf("unknown cipher '%q': use aes128cbc, aes256cbc, chacha20, sqlcipher, rc4, ascon128 "
                                   "or aegis",
                                   value);
        return SQLITE_ERROR;
    }
    if (file->codec != NULL || file->pages_read > 0) {
        return dp_mc_answer(message, SQLITE_MISUSE, "PRAGMA cipher after the key or the first read: set it first");
    }
    file->mc_cipher = cipher;
    *message = sqlite3_mprintf("%s", dp_mc_names[cipher]);
    return SQLITE_OK;
}

static int dp_mc_set_legacy(dp_file *file, const char *value, char **message) {
    if (value != NULL) {
        char *end = NULL;
        long legacy = strtol(value, &end, 10);
        if (end == value || *end != 0 || legacy < 0 || legacy > 4) {
            return dp_mc_answer(message, SQLITE_ERROR, "PRAGMA legacy takes 0 to 4 (4: SQLCipher 4)");
        }
        if (file->codec != NULL || file->pages_read > 0) {
            return dp_mc_answer(message, SQLITE_MISUSE, "PRAGMA legacy after the key or the first read: set it first");
        }
        file->mc_legacy = (int)legacy;
        if (file->mc_cipher > 0) file->mc_cipher_legacy[file->mc_cipher] = (int)legacy + 1;
    }
    *message = sqlite3_mprintf("%d", file->mc_legacy);
    return SQLITE_OK;
}

static int dp_mc_kdf_iter(dp_file *file, const char *value, char **message) {
    int expected = dp_mc_default_kdf_iter(file->mc_cipher, dp_mc_legacy(file));
    if (value == NULL) {
        *message = sqlite3_mprintf("%d", expected);
        return SQLITE_OK;
    }
    if (expected != 0 && atol(value) == expected) {
        *message = sqlite3_mprintf("%d", expected);
        return SQLITE_OK;
    }
    return dp_mc_answer(message, SQLITE_ERROR,
                        "this codec reads each format with its standard kdf_iter only (SQLCipher 4: 256000, 3: 64000, "
                        "2 and 1: 4000, after PRAGMA cipher = 'sqlcipher' and PRAGMA legacy): drop PRAGMA kdf_iter");
}

int dp_mc_pragma(dp_file *file, char **args) {
    const char *name = args[1];
    const char *value = args[2];
    if (sqlite3_stricmp(name, "key") == 0) return dp_mc_key(file, value, 0, &args[0]);
    if (sqlite3_stricmp(name, "hexkey") == 0) return dp_mc_key(file, value, 1, &args[0]);
    if (sqlite3_stricmp(name, "cipher") == 0) return dp_mc_set_cipher(file, value, &args[0]);
    if (sqlite3_stricmp(name, "legacy") == 0) return dp_mc_set_legacy(file, value, &args[0]);
    if (sqlite3_stricmp(name, "kdf_iter") == 0) return dp_mc_kdf_iter(file, value, &args[0]);
    if (sqlite3_stricmp(name, "cipher_migrate") == 0) return dp_mc_cipher_migrate(file, &args[0]);
    if (sqlite3_stricmp(name, "rekey") == 0) return dp_mc_rekey_pragma(file, value, 0, &args[0]);
    if (sqlite3_stricmp(name, "hexrekey") == 0) return dp_mc_rekey_pragma(file, value, 1, &args[0]);
    return SQLITE_NOTFOUND;
}

int dp_mc_open_uri(dp_file *file, sqlite3_filename name) {
    const char *cipher = sqlite3_uri_parameter(name, "cipher");
    if (cipher != NULL) {
        file->mc_cipher = dp_mc_cipher_named(cipher);
        if (file->mc_cipher < 0) return SQLITE_ERROR; /* an unknown cipher name */
    }
    sqlite3_int64 legacy = sqlite3_uri_int64(name, "legacy", 0);
    if (legacy < 0 || legacy > 4) return SQLITE_ERROR;
    file->mc_legacy = (int)legacy;
    const char *key = sqlite3_uri_parameter(name, "key");
    const char *hexkey = sqlite3_uri_parameter(name, "hexkey");
    if (key == NULL && hexkey == NULL) return SQLITE_OK;
    char *message = NULL;
    int rc = dp_mc_key(file, key != NULL ? key : hexkey, key == NULL, &message);
    sqlite3_free(message);
    return rc == SQLITE_OK ? SQLITE_OK : SQLITE_NOTADB;
}

int dp_mc_bind_connection(void *handle) {
    sqlite3 *db = handle;
    sqlite3_file *main_file = NULL;
    if (sqlite3_file_control(db, "main", SQLITE_FCNTL_FILE_POINTER, &main_file) != SQLITE_OK) return SQLITE_OK;
    dp_file *file = dp_as_codec_file(main_file);
    if (file == NULL || !file->mc_pragmas) return SQLITE_OK;
    file->mc_db = db;
    int rc = dp_mc_register_functions(db);
    if (rc != SQLITE_OK) return rc;
    return sqlite3_exec(db, "PRAGMA temp_store = MEMORY", NULL, NULL, NULL);
}

/* Runs for every connection opened after dp_codec_install_mc (sqlite3_auto_extension's signature). */
static int dp_mc_connection_opened(sqlite3 *db, char **error_message, const void *routines) {
    (void)error_message;
    (void)routines;
    return dp_mc_bind_connection(db);
}

int dp_codec_install_mc(const char *name, int make_default) {
    int rc = dp_codec_register_mc(name, make_default);
    if (rc != SQLITE_OK) return rc;
    /* sqlite3_auto_extension ignores a function already registered: installing twice binds once. */
    return sqlite3_auto_extension((void (*)(void))dp_mc_connection_opened);
}
