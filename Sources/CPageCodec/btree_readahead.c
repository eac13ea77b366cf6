/*
 * Read-ahead for b-tree scans of an encrypted main file whose format decrypts four pages at once faster than one
 * by one (SQLCipher 4: four HMAC-SHA512s side by side). SQLite reads a scanned b-tree's children in order, each
 * when it needs it, so the VFS never sees four reads together. This file watches for that order instead: it keeps
 * the child list of the last interior b-tree page SQLite read, and once SQLite has read two of its children one
 * after the other, it reads the next DP_AHEAD siblings itself, verifies and decrypts them four at a time, and
 * hands each over when SQLite asks for it. A page that fails to authenticate or decrypt is not kept, so SQLite's own
 * read of it reports the error as before; an I/O error while reading ahead fails the read that started it, so no
 * I/O error is ever hidden (the fault sweeps check that every injected fault reaches the caller).
 *
 * Pages read ahead are valid only while the file cannot change under this connection: SQLite changes the main file
 * only through this handle's writes, or, from other connections, between this connection's transactions, and every
 * transaction boundary is a lock call (xLock/xUnlock, or xShmLock in WAL mode; a WAL checkpoint never rewrites a
 * page an open read transaction reads from the main file). So every write, truncate and lock call forgets them,
 * wiping their memory. The child list is kept across transactions, because SQLite keeps interior pages in its own
 * cache and does not read them again: it is only a guess at which pages come next, never data handed to SQLite, so
 * a list another connection has made out of date costs at most one wasted batch. It is wiped when the file closes.
 */
#include <string.h>
#include <openssl/crypto.h>
#include "readahead.h"

#define DP_AHEAD 8 /* siblings read ahead at once: two four-way batches */

struct dp_readahead {
    int enabled;
    int page_size;
    /* The last interior b-tree page read: its children, left to right (right-most pointer last). */
    uint32_t parent;
    uint32_t *children;
    int child_count, child_capacity;
    int last_child;              /* index of the child read last; -1: none yet or the order was broken */
    /* Siblings read ahead, decrypted: page numbers (0: slot empty) and DP_AHEAD pages. */
    uint32_t kept[DP_AHEAD];
    unsigned char *pages;
    unsigned long long served;   /* pages handed to SQLite from read-ahead */
};

static void dp_readahead_wipe_pages(dp_readahead *ahead) {
    size_t size = (size_t)ahead->page_size;
    if (ahead->pages != NULL) {
        for (int i = 0; i < DP_AHEAD; i++) {
            if (ahead->kept[i] != 0) OPENSSL_cleanse(ahead->pages + (size_t)i * size, size);
        }
    }
    memset(ahead->kept, 0, sizeof(ahead->kept));
}

void dp_readahead_forget(dp_readahead *ahead) {
    if (ahead != NULL) dp_readahead_wipe_pages(ahead);
}

void dp_readahead_free(dp_readahead *ahead) {
    if (ahead == NULL) return;
    dp_readahead_wipe_pages(ahead);
    if (ahead->children != NULL) OPENSSL_cleanse(ahead->children, sizeof(uint32_t) * (size_t)ahead->child_capacity);
    if (ahead->pages != NULL) {
        dp_wipe_audit_note(ahead->pages, (size_t)DP_AHEAD * (size_t)ahead->page_size);
        OPENSSL_free(ahead->pages);
    }
    if (ahead->children != NULL) {
        dp_wipe_audit_note(ahead->children, sizeof(uint32_t) * (size_t)ahead->child_capacity);
        OPENSSL_free(ahead->children);
    }
    OPENSSL_cleanse(ahead, sizeof(*ahead));
    dp_wipe_audit_note(ahead, sizeof(*ahead));
    OPENSSL_free(ahead);
}

int dp_readahead_supported(const dp_codec *codec) {
    return codec != NULL && codec->format->decrypt4 != NULL && codec->mac_x4_ready;
}

dp_readahead *dp_readahead_new(void) {
    dp_readahead *ahead = OPENSSL_zalloc(sizeof(dp_readahead));
    if (ahead == NULL) return NULL;
    ahead->enabled = 1;
    ahead->last_child = -1;
    return ahead;
}

void dp_readahead_set_enabled(dp_readahead *ahead, int enabled) {
    if (ahead == NULL) return;
    if (!enabled) dp_readahead_forget(ahead);
    ahead->enabled = enabled != 0;
}

int dp_readahead_enabled(const dp_readahead *ahead) { return ahead != NULL && ahead->enabled; }

unsigned long long dp_readahead_served(const dp_readahead *ahead) { return ahead != NULL ? ahead->served : 0; }

int dp_readahead_take(dp_readahead *ahead, uint32_t pgno, unsigned char *out, int page_size) {
    if (ahead == NULL || pgno == 0 || ahead->page_size != page_size) return 0;
    for (int i = 0; i < DP_AHEAD; i++) {
        if (ahead->kept[i] != pgno) continue;
        unsigned char *page = ahead->pages + (size_t)i * (size_t)page_size;
        memcpy(out, page, (size_t)page_size);
        OPENSSL_cleanse(page, (size_t)page_size);
        ahead->kept[i] = 0;
        ahead->served++;
        return 1;
    }
    return 0;
}

static int dp_readahead_holds(const dp_readahead *ahead, uint32_t pgno) {
    for (int i = 0; i < DP_AHEAD; i++) if (ahead->kept[i] == pgno) return 1;
    return 0;
}

/* Records the children of an interior b-tree page (table 0x05, index 0x02); 0 when `page` is not one. */
static int dp_readahead_note_parent(dp_readahead *ahead, uint32_t pgno, const unsigned char *page, int usable) {
    int header = pgno == 1 ? 100 : 0;
    unsigned char type = page[header];
    if (type != 0x05 && type != 0x02) return 0;
    int cells = (page[header + 3] << 8) | page[header + 4];
    if (header + 12 + 2 * cells > usable) return 0; /* not a b-tree page after all */
    if (cells + 1 > ahead->child_capacity) {
        uint32_t *grown = OPENSSL_zalloc(sizeof(uint32_t) * (size_t)(cells + 1));
        if (grown == NULL) return 0;
        if (ahead->children != NULL) {
            OPENSSL_cleanse(ahead->children, sizeof(uint32_t) * (size_t)ahead->child_capacity);
            OPENSSL_free(ahead->children);
        }
        ahead->children = grown;
        ahead->child_capacity = cells + 1;
    }
    if (ahead->child_count > cells + 1) {
        OPENSSL_cleanse(ahead->children, sizeof(uint32_t) * (size_t)ahead->child_count); /* the longer last list */
    }
    int count = 0;
    for (int i = 0; i < cells; i++) {
        int cell = (page[header + 12 + 2 * i] << 8) | page[header + 13 + 2 * i];
        if (cell < header + 12 || cell + 4 > usable) { /* not a b-tree page after all: no parent to follow */
            ahead->parent = 0;
            ahead->child_count = 0;
            ahead->last_child = -1;
            return 0;
        }
        ahead->children[count++] = dp_get_be32(page + cell);
    }
    ahead->children[count++] = dp_get_be32(page + header + 8);
    ahead->parent = pgno;
    ahead->child_count = count;
    ahead->last_child = -1;
    return 1;
}

/* Reads, verifies and decrypts children[first ..< first + count] into empty slots, four at a time. Returns
 * SQLITE_OK, or the I/O error a read returned (then nothing is kept). */
static int dp_readahead_fill(dp_readahead *ahead, dp_file *file, dp_codec *codec, int first, int count) {
    int size = codec->page_size;
    if (ahead->pages == NULL || ahead->page_size != size) {
        OPENSSL_free(ahead->pages); /* all its slots are empty, hence wiped */
        ahead->pages = OPENSSL_zalloc((size_t)DP_AHEAD * (size_t)size);
        ahead->page_size = ahead->pages != NULL ? size : 0;
        if (ahead->pages == NULL) return SQLITE_OK; /* out of memory: no read-ahead, nothing wrong with the file */
    }
    dp_readahead_wipe_pages(ahead); /* what is left of the last batch is behind the scan now */
    int filled = 0;
    for (int i = 0; i < count && filled < DP_AHEAD; i++) {
        uint32_t pgno = ahead->children[first + i];
        if (pgno < 2) continue;
        unsigned char *page = ahead->pages + (size_t)filled * (size_t)size;
        int rc = file->real->pMethods->xRead(file->real, page, size, (sqlite3_int64)(pgno - 1) * size);
        if (rc != SQLITE_OK && rc != SQLITE_IOERR_SHORT_READ) {
            OPENSSL_cleanse(page, (size_t)size);
            dp_readahead_wipe_pages(ahead);
            return rc;
        }
        if (rc != SQLITE_OK || dp_is_zero(page, size)) {
            OPENSSL_cleanse(page, (size_t)size); /* past the end: SQLite's own read says what that means */
            continue;
        }
        ahead->kept[filled++] = pgno;
    }
    for (int batch = 0; batch + 4 <= filled; batch += 4) {
        uint32_t numbers[4];
        unsigned char *pages[4];
        int results[4];
        for (int i = 0; i < 4; i++) {
            numbers[i] = ahead->kept[batch + i];
            pages[i] = ahead->pages + (size_t)(batch + i) * (size_t)size;
        }
        if (codec->format->decrypt4(codec, numbers, pages, results) != DP_OK) {
            for (int i = 0; i < 4; i++) results[i] = DP_ERR_CRYPTO;
        }
        for (int i = 0; i < 4; i++) {
            if (results[i] == DP_OK) continue;
            OPENSSL_cleanse(pages[i], (size_t)size);
            ahead->kept[batch + i] = 0;
        }
    }
    /* A short last batch would only be decrypted earlier, not faster: leave it to SQLite's own reads. */
    for (int i = filled - filled % 4; i < filled; i++) {
        OPENSSL_cleanse(ahead->pages + (size_t)i * (size_t)size, (size_t)size);
        ahead->kept[i] = 0;
    }
    return SQLITE_OK;
}

int dp_readahead_after_read(dp_readahead *ahead, dp_file *file, dp_codec *codec, uint32_t pgno,
                            const unsigned char *page) {
    if (ahead == NULL || !ahead->enabled) return SQLITE_OK;
    int usable = codec->page_size - codec->format->reserve;
    if (dp_readahead_note_parent(ahead, pgno, page, usable)) return SQLITE_OK;
    int next = ahead->last_child + 1;
    if (ahead->parent == 0 || next >= ahead->child_count || ahead->children[next] != pgno) {
        /* Not the next child: the start of a parent's children, or a read elsewhere (a lookup, an overflow page). */
        if (ahead->parent != 0 && ahead->child_count > 0 && ahead->children[0] == pgno) ahead->last_child = 0;
        return SQLITE_OK;
    }
    int in_order = ahead->last_child >= 0;
    ahead->last_child = next;
    int rest = ahead->child_count - (next + 1);
    if (!in_order || rest < 4 || dp_readahead_holds(ahead, ahead->children[next + 1])) return SQLITE_OK;
    return dp_readahead_fill(ahead, file, codec, next + 1, rest < DP_AHEAD ? rest : DP_AHEAD);
}
