/* The VFS shim's file object, shared by the shim and the main-file, journal and WAL handlers. */
#ifndef DRIVERPORT_VFS_INTERNAL_H
#define DRIVERPORT_VFS_INTERNAL_H

#include <sqlite3.h>
#include "codec_internal.h"

enum { DP_KIND_MAIN = 1, DP_KIND_JOURNAL = 2, DP_KIND_WAL = 3, DP_KIND_OTHER = 4 };

typedef struct dp_file dp_file;
typedef struct dp_readahead dp_readahead;
struct dp_file {
    sqlite3_file base;          /* must be first: SQLite sees this */
    sqlite3_file *real;         /* the "unix" VFS's file, allocated right after this struct */
    int kind;
    dp_file *owner;             /* journal and WAL: the main database file they belong to */
    sqlite3_vfs *instance;      /* the codec instance that opened it (instances may be stacked) */
    dp_codec *codec;            /* main file: the codec, or NULL for a plain file (pass-through) */
    uint64_t pages_read;        /* whole pages read (plain files too), for progress */
    sqlite3_vfs *root;          /* main file: the base VFS it was opened on (to read its WAL's page 1) */
    sqlite3_filename name;      /* main file: SQLite's name for it (NULL for a temporary file) */
    dp_readahead *ahead;        /* main file: read-ahead for scans (NULL: its format gains nothing from it) */
    int mc_pragmas;             /* main file: answers SQLite3 Multiple Ciphers' pragmas (dp_codec_register_mc) */
    int mc_cipher;              /* main file: the cipher PRAGMA cipher chose (DP_MC_CIPHER_*; 0: not set) */
    int mc_legacy;              /* main file: PRAGMA legacy's value (0: not set) */
    sqlite3 *mc_db;             /* main file: the connection that opened it (dp_mc_bind_connection), or NULL */
    int mc_cipher_legacy[8];    /* main file: sqlite3mc_config_cipher's legacy per cipher, plus one (0: not set) */
    unsigned char *mc_secret;   /* main file: the passphrase that keyed it through SQLite3MC's interface (for
                                 * sqlite3mc_export), wiped and freed at close; NULL otherwise */
    int mc_secret_length;
    struct dp_rekey *rekey;     /* main file: a rekey in progress (rekey.c), or NULL */

    /* Rollback journal: the record being written / read (page number, then image, then checksum). */
    int journal_written;        /* this handle wrote records: never a hot journal to check */
    int journal_checked;        /* a hot journal was checked and accepted */
    sqlite3_int64 jw_number_offset; uint32_t jw_number; int jw_number_valid;
    sqlite3_int64 jw_image_offset; uint32_t jw_plain_sum, jw_cipher_sum; int jw_image_valid;
    sqlite3_int64 jr_number_offset; uint32_t jr_number; int jr_number_valid;
    sqlite3_int64 jr_image_offset; uint32_t jr_plain_sum, jr_cipher_sum; int jr_image_valid, jr_image_failed;

    /* WAL: a frame header held back until its page arrives (the checksum covers the encrypted page). */
    int wal_pending;
    sqlite3_int64 wal_pending_offset;
    unsigned char wal_pending_header[24];
};

static inline sqlite3_file *dp_real(dp_file *file) { return file->real; }

/* The codec that applies to a file: its own (main) or its owner's (journal, WAL). NULL: plain, pass through. */
static inline dp_codec *dp_file_codec(const dp_file *file) {
    if (file->kind == DP_KIND_MAIN) return file->codec;
    if ((file->kind == DP_KIND_JOURNAL || file->kind == DP_KIND_WAL) && file->owner != NULL) return file->owner->codec;
    return NULL;
}

/* main_file_io.c */
int dp_main_read(dp_file *file, dp_codec *codec, void *buffer, int amount, sqlite3_int64 offset);
int dp_main_write(dp_file *file, dp_codec *codec, const void *buffer, int amount, sqlite3_int64 offset);
int dp_main_read_page1(dp_file *file, dp_codec *codec, unsigned char *page);
/* The page 1 a file with a torn page 1 gets back: the WAL's newest committed one, else a hot journal's. */
int dp_committed_page1(sqlite3_vfs *root, sqlite3_filename main_name, unsigned char *out, int *page_size);

/* journal_io.c */
int dp_journal_read(dp_file *file, dp_codec *codec, void *buffer, int amount, sqlite3_int64 offset);
int dp_journal_write(dp_file *file, dp_codec *codec, const void *buffer, int amount, sqlite3_int64 offset);
int dp_journal_original_page1(sqlite3_vfs *root, sqlite3_filename main_name, int page_size, unsigned char *out,
                              int *journal_page_size);

/* wal_io.c */
int dp_wal_read(dp_file *file, dp_codec *codec, void *buffer, int amount, sqlite3_int64 offset);
int dp_wal_write(dp_file *file, dp_codec *codec, const void *buffer, int amount, sqlite3_int64 offset);
int dp_wal_flush(dp_file *file);
int dp_wal_committed_page1(sqlite3_vfs *root, sqlite3_filename main_name, int page_size, unsigned char *out,
                           int *wal_page_size);

/* vfs_shim.c: attaches a codec to a main file that has read nothing yet (DP_FCNTL_APPLY_KEY). */
int dp_attach_key(dp_file *file, dp_apply_key *apply);
/* vfs_shim.c: `file` as a codec file, or NULL when no codec instance opened it. */
dp_file *dp_as_codec_file(sqlite3_file *file);

/* mc_pragmas.c: SQLite3 Multiple Ciphers' interface on a main file of an instance registered by
 * dp_codec_register_mc. dp_mc_pragma answers an SQLITE_FCNTL_PRAGMA (SQLITE_NOTFOUND: not one of its pragmas);
 * dp_mc_open_uri applies the URI parameters of a file just opened (cipher, legacy, key, hexkey). */
int dp_mc_pragma(dp_file *file, char **args);
int dp_mc_open_uri(dp_file *file, sqlite3_filename name);

/* rekey.c: a rekey in progress on a main file. Pages written from dp_rekey_begin on are encrypted with the new
 * key's codec and remembered; reads of those pages use it too; a page a rollback restores (its journal record was
 * just read back) is written with the old key again. The journal keeps the old key, so a crash mid-rekey leaves a
 * hot journal that rolls the file back under the old key. */
/* Either side may be plain: `file->codec` NULL (encrypting a plain file) or `next` NULL (decrypting it). */
int dp_rekey_begin(dp_file *file, dp_codec *next);
dp_codec *dp_rekey_read_codec(dp_file *file, dp_codec *codec, uint32_t pgno);
dp_codec *dp_rekey_write_codec(dp_file *file, dp_codec *codec, uint32_t pgno);
/* The codec a write of page `pgno` would use now, without recording the write (for checking page 1 first). */
dp_codec *dp_rekey_target(const dp_file *file, dp_codec *codec, uint32_t pgno);
void dp_rekey_note_restore(dp_file *main_file, uint32_t pgno);
/* Ends the rekey: `committed` makes the new codec the file's (after re-encrypting any page the rewrite missed);
 * otherwise every page still under the new key is put back under the old one and the new codec is freed. A plain
 * result leaves `file->codec` NULL. */
int dp_rekey_end(dp_file *file, int committed);

/* expectations.c */
dp_codec *dp_expectation_take(const char *path);

#endif
