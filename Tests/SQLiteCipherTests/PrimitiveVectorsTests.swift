import CPageCodec
import Foundation
import Testing

/// The primitives OpenSSL 3.0 lacks, checked against their specifications' published test vectors: Ascon v1.2
/// (LWC KAT files), AEGIS (draft-irtf-cfrg-aegis-aead, appendix A), BLAKE2b (RFC 7693 appendix A) and Argon2id
/// (RFC 9106 section 5.3).
@Suite("Ascon, AEGIS, BLAKE2b and Argon2id match their specifications' test vectors")
struct PrimitiveVectorsTests {
    static func bytes(_ hex: String) -> [UInt8] {
        var out: [UInt8] = []
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2)
            out.append(UInt8(hex[index..<next], radix: 16) ?? 0)
            index = next
        }
        return out
    }

    static func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }

    @Test("Ascon-128 v1.2: LWC KAT counts 1 and 3 encrypt to the published ciphertext and tag, and decrypt back")
    func ascon128() {
        let key = Array(UInt8(0)..<16), nonce = Array(UInt8(0)..<16)
        for (plain, expected) in [([UInt8](), "e355159f292911f794cb1432a0103a8a"),
                                  ([0, 1], "bc82d5bde868f7494f57d81e06facbf70ce1")] {
            var out = [UInt8](repeating: 0, count: max(plain.count, 1)), tag = [UInt8](repeating: 0, count: 16)
            dp_ascon128_encrypt(&out, &tag, plain, plain.count, nil, 0, nonce, key)
            #expect(Self.hex(Array(out.prefix(plain.count)) + tag) == expected)
            var back = [UInt8](repeating: 0, count: max(plain.count, 1))
            #expect(dp_ascon128_decrypt(&back, out, plain.count, nil, 0, tag, nonce, key) == 0)
            #expect(Array(back.prefix(plain.count)) == plain)
            tag[0] ^= 1
            #expect(dp_ascon128_decrypt(&back, out, plain.count, nil, 0, tag, nonce, key) == -1, "a changed tag verified")
        }
    }

    @Test("Ascon-Hash v1.2: the LWC KAT digests of the empty message and of 00")
    func asconHash() {
        var digest = [UInt8](repeating: 0, count: 32)
        dp_ascon_hash(&digest, nil, 0)
        #expect(Self.hex(digest) == "7346bc14f036e87ae03d0997913088f5f68411434b3cf8b54fa796a80d251f91")
        dp_ascon_hash(&digest, [0], 1)
        #expect(Self.hex(digest) == "8dd446ada58a7740ecf56eb638ef775f7d5c0fd5f0c2bbbdfdec29609d3c43a2")
    }

    @Test("AEGIS-128L and AEGIS-256 test vector 1: ciphertext, 128- and 256-bit tags; a changed byte fails")
    func aegis() {
        let message = [UInt8](repeating: 0, count: 16)
        let cases: [(Int32, Int, String, String, String)] = [
            (Int32(DP_AEGIS_128L), 16, "c1c0e58bd913006feba00f4b3cc3594e", "abe0ece80c24868a226a35d16bdae37a",
             "25835bfbb21632176cf03840687cb968cace4617af1bd0f7d064c639a5c79ee4"),
            (Int32(DP_AEGIS_256), 32, "754fc3d8c973246dcc6d741412a4b236", "3fe91994768b332ed7f570a19ec5896e",
             "1181a1d18091082bf0266f66297d167d2e68b845f61a3b0527d31fc7b7b89f13"),
        ]
        for (variant, keyLength, ciphertext, tag128, tag256) in cases {
            var key = [UInt8](repeating: 0, count: keyLength), nonce = [UInt8](repeating: 0, count: keyLength)
            key[0] = 0x10; key[1] = 0x01
            nonce[0] = 0x10; nonce[2] = 0x02
            var out = [UInt8](repeating: 0, count: 16), tag = [UInt8](repeating: 0, count: 32)
            dp_aegis_encrypt(variant, &out, &tag, 16, message, 16, nil, 0, nonce, key)
            #expect(Self.hex(out) == ciphertext)
            #expect(Self.hex(Array(tag.prefix(16))) == tag128)
            dp_aegis_encrypt(variant, &out, &tag, 32, message, 16, nil, 0, nonce, key)
            #expect(Self.hex(tag) == tag256)
            var back = [UInt8](repeating: 1, count: 16)
            #expect(dp_aegis_decrypt(variant, &back, out, 16, tag, 32, nil, 0, nonce, key) == 0)
            #expect(back == message)
            out[3] ^= 0x40
            #expect(dp_aegis_decrypt(variant, &back, out, 16, tag, 32, nil, 0, nonce, key) == -1, "a changed byte verified")
        }
    }

    @Test("AEGIS X2/X4 round-trip at odd lengths and differ from each other and from their one-lane form")
    func aegisParallel() {
        let key = Array(UInt8(1)...32), nonce = Array(UInt8(33)...64)
        let message = (0..<301).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        var results: [String] = []
        for variant in [DP_AEGIS_128L, DP_AEGIS_128X2, DP_AEGIS_128X4, DP_AEGIS_256, DP_AEGIS_256X2, DP_AEGIS_256X4] {
            var out = [UInt8](repeating: 0, count: message.count), tag = [UInt8](repeating: 0, count: 32)
            dp_aegis_encrypt(Int32(variant), &out, &tag, 32, message, message.count, [9, 9, 9], 3, nonce, key)
            var back = [UInt8](repeating: 0, count: message.count)
            #expect(dp_aegis_decrypt(Int32(variant), &back, out, out.count, tag, 32, [9, 9, 9], 3, nonce, key) == 0)
            #expect(back == message)
            results.append(Self.hex(out + tag))
        }
        #expect(Set(results).count == results.count)
    }

    @Test("BLAKE2b-512 of \"abc\" (RFC 7693 appendix A)")
    func blake2b() {
        var digest = [UInt8](repeating: 0, count: 64)
        dp_blake2b(&digest, 64, Array("abc".utf8), 3, nil, 0)
        #expect(Self.hex(digest) == "ba80a53f981c4d0d6a2797b69f12f6e94c212f14685ac4b74b12bb6fdbffa2d1"
            + "7d87c5392aab792dc252d5de4533cc9518d38aa8dbf1925ab92386edd4009923")
    }

    @Test("Argon2id: RFC 9106's test vector (t = 3, m = 32 KiB, p = 4, with secret and associated data)")
    func argon2id() {
        var tag = [UInt8](repeating: 0, count: 32)
        let rc = dp_argon2id(&tag, 32, [UInt8](repeating: 1, count: 32), 32, [UInt8](repeating: 2, count: 16), 16,
                             [UInt8](repeating: 3, count: 8), 8, [UInt8](repeating: 4, count: 12), 12, 3, 32, 4)
        #expect(rc == 0)
        #expect(Self.hex(tag) == "0d640df58d78766c08c037a34a8b53c9d01ef0452d75b65eb52520e96b01e659")
    }
}
