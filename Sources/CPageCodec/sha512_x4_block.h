/*
 * The four-way SHA-512 block function, included by sha512_x4.c once per instruction set with these defined:
 * DP_X4 (the target attribute), DP_X4_NAME(part) (the function names), ROR(x, n) (rotate each lane right),
 * XOR3, CHOOSE and MAJORITY (the three-input functions), ADD. Not a header to include anywhere else.
 */
/* Loads the 128-byte block at `offset` of each lane as 16 vectors (word t of lane i in element i), big-endian words swapped. */
DP_X4 static void DP_X4_NAME(load)(__m256i w[16], const unsigned char *const data[4], size_t offset) {
    const __m256i swap = _mm256_setr_epi8(7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8,
                                          7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8);
    for (int t = 0; t < 16; t += 4) {
        __m256i r0 = _mm256_loadu_si256((const __m256i *)(const void *)(data[0] + offset + 8 * (size_t)t));
        __m256i r1 = _mm256_loadu_si256((const __m256i *)(const void *)(data[1] + offset + 8 * (size_t)t));
        __m256i r2 = _mm256_loadu_si256((const __m256i *)(const void *)(data[2] + offset + 8 * (size_t)t));
        __m256i r3 = _mm256_loadu_si256((const __m256i *)(const void *)(data[3] + offset + 8 * (size_t)t));
        __m256i t0 = _mm256_unpacklo_epi64(r0, r1), t1 = _mm256_unpackhi_epi64(r0, r1);
        __m256i t2 = _mm256_unpacklo_epi64(r2, r3), t3 = _mm256_unpackhi_epi64(r2, r3);
        w[t] = _mm256_shuffle_epi8(_mm256_permute2x128_si256(t0, t2, 0x20), swap);
        w[t + 1] = _mm256_shuffle_epi8(_mm256_permute2x128_si256(t1, t3, 0x20), swap);
        w[t + 2] = _mm256_shuffle_epi8(_mm256_permute2x128_si256(t0, t2, 0x31), swap);
        w[t + 3] = _mm256_shuffle_epi8(_mm256_permute2x128_si256(t1, t3, 0x31), swap);
    }
}

DP_X4 static void DP_X4_NAME(block)(__m256i s[8], const unsigned char *const data[4], size_t offset) {
    __m256i w[80];
    DP_X4_NAME(load)(w, data, offset);
    for (int t = 16; t < 80; t++) {
        __m256i x = w[t - 15], y = w[t - 2];
        __m256i sigma0 = XOR3(ROR(x, 1), ROR(x, 8), _mm256_srli_epi64(x, 7));
        __m256i sigma1 = XOR3(ROR(y, 19), ROR(y, 61), _mm256_srli_epi64(y, 6));
        w[t] = ADD(ADD(sigma1, w[t - 7]), ADD(sigma0, w[t - 16]));
    }
    __m256i a = s[0], b = s[1], c = s[2], d = s[3], e = s[4], f = s[5], g = s[6], h = s[7];
    for (int t = 0; t < 80; t++) {
        __m256i big_sigma1 = XOR3(ROR(e, 14), ROR(e, 18), ROR(e, 41));
        __m256i choose = CHOOSE(e, f, g);
        __m256i k = _mm256_set1_epi64x((long long)dp_sha512_k[t]);
        __m256i t1 = ADD(ADD(h, big_sigma1), ADD(choose, ADD(k, w[t])));
        __m256i big_sigma0 = XOR3(ROR(a, 28), ROR(a, 34), ROR(a, 39));
        __m256i majority = MAJORITY(a, b, c);
        __m256i t2 = ADD(big_sigma0, majority);
        h = g; g = f; f = e; e = ADD(d, t1); d = c; c = b; b = a; a = ADD(t1, t2);
    }
    s[0] = ADD(s[0], a); s[1] = ADD(s[1], b); s[2] = ADD(s[2], c); s[3] = ADD(s[3], d);
    s[4] = ADD(s[4], e); s[5] = ADD(s[5], f); s[6] = ADD(s[6], g); s[7] = ADD(s[7], h);
}

DP_X4 static void DP_X4_NAME(compress)(uint64_t state[8][4], const unsigned char *const data[4], size_t blocks) {
    __m256i s[8];
    for (int j = 0; j < 8; j++) s[j] = _mm256_loadu_si256((const __m256i *)(const void *)state[j]);
    for (size_t b = 0; b < blocks; b++) DP_X4_NAME(block)(s, data, 128 * b);
    for (int j = 0; j < 8; j++) _mm256_storeu_si256((__m256i *)(void *)state[j], s[j]);
}

