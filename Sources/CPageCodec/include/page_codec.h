/*
 * DriverPort page codec: an SQLite VFS shim over the system "unix" VFS that reads and writes the encrypted
 * SQLite formats apps ship (SQLCipher v1-v4, wxSQLite3 AES-128/AES-256-CBC, SQLite3 Multiple Ciphers
 * ChaCha20-Poly1305 and original sqleet), and SQLite3 Multiple Ciphers' RC4, Ascon-128 and AEGIS ciphers, with
 * OpenSSL libcrypto for every primitive it has (Ascon, AEGIS and Argon2id are written here: see
 * page_codec_primitives.h).
 *
 * This header deliberately does not include <sqlite3.h>: Swift imports the system SQLite through its own module,
 * and a second textual copy of sqlite3.h here would give Swift two definitions of every SQLite type.
 *
 * How it is used (see Sources/SQLiteCipher for the Swift face):
 *   1. dp_codec_register() once (idempotent, thread-safe).
 *   2. sqlite3_open_v2(path, &db, flags, dp_codec_vfs_name()).
 *   3. sqlite3_file_control(db, "main", DP_FCNTL_APPLY_KEY, &apply) before the first statement.
 * Passphrases travel only through these structs: never through a URI, SQL text or a log line.
 */
#ifndef DRIVERPORT_PAGE_CODEC_H
#define DRIVERPORT_PAGE_CODEC_H

#ifdef __cplusplus
extern "C" {
#endif

/* Formats. The numbering is shared with Swift's CipherFormat. */
enum {
    DP_FORMAT_NONE = 0,
    DP_FORMAT_SQLCIPHER4 = 1,
    DP_FORMAT_SQLCIPHER3 = 2,
    DP_FORMAT_SQLCIPHER2 = 3,
    DP_FORMAT_SQLCIPHER1 = 4,
    DP_FORMAT_AES128 = 5,
    DP_FORMAT_AES256 = 6,
    DP_FORMAT_CHACHA20 = 7,
    DP_FORMAT_SQLEET = 8,
    DP_FORMAT_RC4 = 9,
    DP_FORMAT_ASCON128 = 10,
    DP_FORMAT_AEGIS128L = 11,
    DP_FORMAT_AEGIS128X2 = 12,
    DP_FORMAT_AEGIS128X4 = 13,
    DP_FORMAT_AEGIS256 = 14,
    DP_FORMAT_AEGIS256X2 = 15,
    DP_FORMAT_AEGIS256X4 = 16,
};
#define DP_FORMAT_LAST DP_FORMAT_AEGIS256X4

/* What applying a key found. */
enum {
    DP_FILE_UNKNOWN = 0,
    DP_FILE_ENCRYPTED = 1, /* an encrypted database that opened with the key */
    DP_FILE_PLAIN = 2,     /* a plain SQLite file ("SQLite format 3\0"); no codec is attached */
    DP_FILE_NEW = 3,       /* an empty file: the codec will encrypt what SQLite writes */
    DP_FILE_OTHER = 4,     /* (status only) not plain SQLite: encrypted, or not a database */
};

/* Errors the codec reports (dp_key_result.error, dp_status.last_error). */
enum {
    DP_OK = 0,
    DP_ERR_WRONG_KEY = 1,         /* no candidate format opens page 1 with this key */
    DP_ERR_NOT_A_DATABASE = 2,    /* too short to be a database */
    DP_ERR_AUTH = 3,              /* a page failed authentication (error_page names it) */
    DP_ERR_FOREIGN_JOURNAL = 4,   /* a hot journal this key did not write: refused, not rolled back */
    DP_ERR_RAW_KEY_UNSUPPORTED = 5,
    DP_ERR_BAD_KEY = 6,           /* empty passphrase, raw key of the wrong length */
    DP_ERR_MISUSE = 7,            /* key applied twice, or after the first read */
    DP_ERR_RESERVE = 8,           /* the page reserve is too small for the cipher */
    DP_ERR_PAGE_SIZE = 9,         /* an unsupported page size or a page size change */
    DP_ERR_CRYPTO = 10,           /* OpenSSL failed */
    DP_ERR_IO = 11,
};

/* sqlite3_file_control opcodes handled by the codec VFS (ASCII "DP" in the high bytes). */
#define DP_FCNTL_APPLY_KEY 0x44500101 /* argument: dp_apply_key* */
#define DP_FCNTL_STATUS 0x44500102    /* argument: dp_status* */
#define DP_FCNTL_CLEAR_ERROR 0x44500103 /* argument: unused; forgets the last codec error */
/* argument: int*, 0 turns the connection's scan read-ahead off, 1 on (where its format has one), -1 only asks; on
 * return it holds the state: 1 on, 0 off, -1 none for this file (plain, or a format or CPU without it). */
#define DP_FCNTL_READAHEAD 0x44500104
/* Argument: void**, set to the codec's own file: how the C API finds it under a pass-through VFS stacked on top
 * (one that forwards file controls it does not know, as the differential's changed-pages tracker does). */
#define DP_FCNTL_CODEC_FILE 0x44500105

/* A key and the formats to try, in order. */
typedef struct dp_key_spec {
    const int *candidates;         /* formats to try, in order (DP_FORMAT_*) */
    int candidate_count;
    const unsigned char *secret;   /* passphrase bytes, or a raw key (32 bytes, or 48 = key + salt) */
    int secret_length;
    int secret_is_raw;
    int new_file_format;           /* format for an empty file (0: the first candidate) */
    int new_file_page_size;        /* page size for an empty file (0: the format's default) */
    int bypass_key_cache;          /* 1: derive at this open, never take from or leave in the derived-key cache */
} dp_key_spec;

/* What applying a key did. Messages never contain key material. */
typedef struct dp_key_result {
    int outcome;                   /* DP_FILE_* */
    int format;                    /* detected (or new) format */
    int page_size;
    int reserve;                   /* bytes per page the cipher needs */
    int legacy_layout;             /* wxSQLite3 AES: the pre-3.1 page-1 layout */
    int passphrase_truncated;      /* wxSQLite3 AES used only the first 32 bytes */
    int error;                     /* DP_ERR_* */
    unsigned int error_page;
    char message[256];
} dp_key_result;

typedef struct dp_apply_key {
    const dp_key_spec *spec;
    dp_key_result *result;
} dp_apply_key;

/* A connection's codec state, and the last codec error (for turning SQLite's error codes into typed errors). */
typedef struct dp_status {
    int keyed;                     /* a codec is attached */
    int file_state;                /* DP_FILE_*: for an unkeyed file, what its first bytes say */
    int format;
    int page_size;
    int reserve;
    int legacy_layout;
    int header_wal;                /* page 1 says WAL (bytes 18/19 = 2); -1 unknown */
    int header_reserve;            /* page 1 byte 20; -1 unknown */
    int last_error;                /* DP_ERR_* */
    unsigned int last_error_page;
    char last_message[256];
    unsigned long long pages_read;
    unsigned long long pages_written;
    int io_error;                  /* reading the header for this status failed (SQLite code); its fields are unknown */
    unsigned long long pages_read_ahead; /* of pages_read, those the scan read-ahead had decrypted in advance */
} dp_status;

/* Registers the VFS under dp_codec_vfs_name() (not as the default). Returns 0 or an SQLite error code. */
int dp_codec_register(void);
const char *dp_codec_vfs_name(void);

/*
 * For tests and special stacks: registers another instance of the codec VFS under `name` over the VFS named
 * `base_name` (such as a fault-injecting VFS), not as the default. The default instance (dp_codec_vfs_name(), over
 * "unix") is unaffected. The instance stays registered for the life of the process. Returns 0, SQLITE_NOTFOUND (12)
 * when the base does not exist, SQLITE_MISUSE (21) when `name` is taken, or another SQLite error code.
 */
int dp_codec_register_over(const char *name, const char *base_name);

/*
 * Registers an instance of the codec VFS named `name` over the default VFS (as SQLite3 Multiple Ciphers does; over
 * "unix" in a process that changed nothing; never over another codec instance, whose own base it takes) whose main files also answer SQLite3 Multiple
 * Ciphers' interface: PRAGMA cipher, legacy, kdf_iter, key, hexkey, rekey and hexrekey (rekey: on a main database
 * bound to its connection by dp_mc_bind_connection), and the URI parameters cipher, legacy, key and hexkey. With
 * `make_default` it becomes SQLite's default VFS. What the loadable extension (Sources/CCodecExtension) registers.
 * Registering the same name again is SQLITE_OK.
 */
int dp_codec_register_mc(const char *name, int make_default);

/*
 * For hosts that open files through a dp_codec_register_mc instance (the loadable extension calls it for every new
 * connection, through sqlite3_auto_extension): ties the connection's main file to `db` so a key on an empty file can
 * set the page reserve the cipher needs and PRAGMA rekey can rewrite the file, and keeps the connection's temporary
 * files in memory (they are not encrypted). Does nothing when the main file is not a codec file. Returns 0 or an
 * SQLite error code.
 */
int dp_mc_bind_connection(void *db);

/*
 * dp_codec_register_mc(name, make_default), then dp_mc_bind_connection for every connection the process opens from
 * then on (through sqlite3_auto_extension): SQLite3 Multiple Ciphers' key interface for every client of the system
 * SQLite in this process (the loadable extension's entry point, and an app that links the codec and opens its
 * files through another library: GRDB's `Configuration.prepareDatabase` running `PRAGMA key`, SQLite.swift's
 * `Connection` and `PRAGMA key`). Idempotent. Returns 0 or an SQLite error code.
 */
int dp_codec_install_mc(const char *name, int make_default);

/* The name of a codec VFS instance, given the sqlite3_vfs* SQLITE_FCNTL_VFS_POINTER returns; NULL when that VFS is
 * not an instance of the codec. (How a copy reads its result back through the VFS its source was opened with.) */
const char *dp_codec_instance_name(const void *vfs);

/* Facts from page 1, decrypted when the file is encrypted. */
typedef struct dp_header_facts {
    int page_size;
    int reserve;
    int wal_mode;
    unsigned int page_count;
} dp_header_facts;

/* Detects the format of the file at `path` with `spec` without SQLite; fills `facts` from page 1. */
int dp_probe_file(const char *path, const dp_key_spec *spec, dp_key_result *result, dp_header_facts *facts);

/*
 * Expectations: SQLite opens some files itself (the target of VACUUM INTO, an ATTACH). Registering a new-file
 * key for a path makes the next open of that path through the codec VFS encrypt it.
 */
int dp_expect_new_file(const char *path, const dp_key_spec *spec, dp_key_result *result);
void dp_forget_file(const char *path);

/* Progress: calls `callback` every `operations` VM steps with the pages read from `schema` so far. */
typedef int (*dp_progress_callback)(void *context, unsigned long long pages_read);
void *dp_progress_watch(void *db, const char *schema, int operations, dp_progress_callback callback, void *context);
void dp_progress_unwatch(void *db, void *watch);

/* Overwrites memory that held key material (OPENSSL_cleanse: not optimised away). */
void dp_wipe(void *memory, unsigned long length);

/*
 * For tests: audits the codec objects this thread frees (closing a codec connection frees its codec). Between
 * begin and end, every codec's memory (its derived keys, salt and fields, and its scratch pages) is checked to be
 * all zero at the moment it is released; end reports how many were freed and how many were not all zero. OpenSSL's
 * own contexts (key schedules) are released by OpenSSL's free functions and are not inspected.
 */
void dp_wipe_audit_begin(void);
void dp_wipe_audit_end(unsigned long *freed, unsigned long *unwiped);

/* A page cipher outside SQLite, for checking files page by page (and for byte-level tests). */
typedef struct dp_codec dp_codec;
dp_codec *dp_page_cipher_open(const char *path, const dp_key_spec *spec, dp_key_result *result);
int dp_page_cipher_page_size(const dp_codec *codec);
int dp_page_cipher_decrypt(dp_codec *codec, unsigned int page_number, unsigned char *page);
int dp_page_cipher_encrypt(dp_codec *codec, unsigned int page_number, const unsigned char *plain, unsigned char *out);
void dp_page_cipher_close(dp_codec *codec);

#ifdef __cplusplus
}
#endif
#endif
