/*
 * Primitives OpenSSL 3.0 does not have, written from their published specifications: Ascon v1.2 (Ascon-128 AEAD,
 * Ascon-Hash, and SQLite3 Multiple Ciphers' Ascon-based PBKDF2), AEGIS-128L/-256 and their X2/X4 parallel forms
 * (draft-irtf-cfrg-aegis-aead, as SQLite3 Multiple Ciphers implements it), BLAKE2b (RFC 7693) and Argon2id
 * (RFC 9106), and a four-way HMAC-SHA512 (RFC 2104 over FIPS 180-4). Public for the tests that check them against
 * their specifications' test vectors.
 */
#ifndef DRIVERPORT_PRIMITIVES_H
#define DRIVERPORT_PRIMITIVES_H

#include <stddef.h>
#include <stdint.h>

/* ---- Ascon v1.2 ---- */
/* Ascon-128: 16-byte key and nonce, 16-byte tag, no associated data (the page formats use none). */
void dp_ascon128_encrypt(unsigned char *out, unsigned char tag[16], const unsigned char *in, size_t length,
                         const unsigned char *ad, size_t ad_length, const unsigned char nonce[16],
                         const unsigned char key[16]);
/* Decrypts and returns 0 when the tag verifies, -1 otherwise (the output is then not to be used). */
int dp_ascon128_decrypt(unsigned char *out, const unsigned char *in, size_t length, const unsigned char *ad,
                        size_t ad_length, const unsigned char tag[16], const unsigned char nonce[16],
                        const unsigned char key[16]);
/* Ascon-Hash: 32-byte digest. */
void dp_ascon_hash(unsigned char out[32], const unsigned char *in, size_t length);
/* PBKDF2 with PRF(P, X) = Ascon-cXOF(X, 256, "PBKDF2", P), as SQLite3 Multiple Ciphers defines it. */
void dp_ascon_pbkdf2(unsigned char *out, size_t out_length, const unsigned char *password, size_t password_length,
                     const unsigned char *salt, size_t salt_length, uint32_t iterations);

/* ---- AEGIS ---- */
enum { DP_AEGIS_128L = 1, DP_AEGIS_128X2, DP_AEGIS_128X4, DP_AEGIS_256, DP_AEGIS_256X2, DP_AEGIS_256X4 };
/* Key length (16 or 32); the nonce has the same length. */
int dp_aegis_key_length(int variant);
/* Encrypts with a 16- or 32-byte tag. */
void dp_aegis_encrypt(int variant, unsigned char *out, unsigned char *tag, size_t tag_length, const unsigned char *in,
                      size_t length, const unsigned char *ad, size_t ad_length, const unsigned char *nonce,
                      const unsigned char *key);
/* Decrypts; 0 when the tag verifies, -1 otherwise (the output is then unverified: the caller discards it). */
int dp_aegis_decrypt(int variant, unsigned char *out, const unsigned char *in, size_t length, const unsigned char *tag,
                     size_t tag_length, const unsigned char *ad, size_t ad_length, const unsigned char *nonce,
                     const unsigned char *key);
/* The key stream: the encryption of `length` zero bytes. */
void dp_aegis_stream(int variant, unsigned char *out, size_t length, const unsigned char *nonce,
                     const unsigned char *key);

/* ---- HMAC-SHA512 on four messages at once (the SQLCipher 4 scan read-ahead's; OpenSSL has no multi-buffer SHA-512) ---- */
/* The tags of four messages of `length` bytes each, laid end to end in `messages`, under one key of at most 128
 * bytes, into `out` (4 x 64 bytes), with the code the codec uses on this CPU (AVX-512VL where present), or with the
 * AVX2 code when avx2_only != 0 (so tests check both on one machine). Returns 0, or -1 when the CPU lacks AVX2 or
 * the key is longer (nothing done). */
int dp_hmac_sha512_x4(const unsigned char *key, size_t key_length, const unsigned char *messages, size_t length,
                      int avx2_only, unsigned char *out);

/* ---- BLAKE2b and Argon2id ---- */
/* BLAKE2b with an output of 1-64 bytes, unkeyed, over a ++ b. */
void dp_blake2b(unsigned char *out, size_t out_length, const unsigned char *a, size_t a_length, const unsigned char *b,
                size_t b_length);
/* Argon2id (version 0x13). Returns 0, or -1 when memory cannot be allocated or a parameter is out of range. */
int dp_argon2id(unsigned char *out, size_t out_length, const unsigned char *password, size_t password_length,
                const unsigned char *salt, size_t salt_length, const unsigned char *secret, size_t secret_length,
                const unsigned char *ad, size_t ad_length, uint32_t t_cost, uint32_t m_cost_kib, uint32_t lanes);

#endif
