import Foundation
import MMEXFixtures
import SQLiteCipher
import TestSupport
import Testing

@Suite("cached encrypted fixtures")
struct EncryptedFixtureCacheTests {
    // Raw keys: the tests are about the cache, not the key derivation.
    static let firstKey = "x'" + String(repeating: "0f1e2d3c4b5a6978", count: 4) + "'"
    static let secondKey = "x'" + String(repeating: "8796a5b4c3d2e1f0", count: 4) + "'"

    @Test("an encrypted fixture is the cached plain one exported through the codec: same rows, named by cipher, reused, made again for another key")
    func exportsPlainAndKeysTheCache() throws {
        let folder = TemporaryDirectory("fixture-cache")
        let directory = folder.url.appendingPathComponent("cache")
        let cache = FixtureCache(directory: directory)
        let first = try CipherKey.parsing(Self.firstKey)
        let path = try cache.path(transactions: 300, seed: 9, cipher: CipherTarget(format: .sqlcipher4, key: first))
        #expect(path.hasSuffix("/mmex-t300-s9-v\(FixtureGenerator.contentVersion)-sqlcipher4.emb"))
        let plain = directory.appendingPathComponent(FixtureCache.fileName(for: FixtureSpec(transactions: 300, seed: 9))).path
        #expect(FileManager.default.fileExists(atPath: plain))
        let difference = try withEncrypted(path, as: .sqlcipher4, key: first) { encrypted, applied in
            #expect(applied.format == .sqlcipher4)
            return try withReadOnly(plain) { try firstDifference(encrypted, $0) }
        }
        #expect(difference == nil)

        let before = try FileManager.default.attributesOfItem(atPath: path)
        #expect(try cache.path(transactions: 300, seed: 9, cipher: CipherTarget(format: .sqlcipher4, key: first)) == path)
        let after = try FileManager.default.attributesOfItem(atPath: path)
        #expect(before[.systemFileNumber] as? Int == after[.systemFileNumber] as? Int)

        let second = try CipherKey.parsing(Self.secondKey)
        #expect(try cache.path(transactions: 300, seed: 9, cipher: CipherTarget(format: .sqlcipher4, key: second)) == path)
        #expect(throws: CipherError.wrongKey(format: .sqlcipher4)) {
            try CipherProbe.examine(path: path, choice: .format(.sqlcipher4), key: first)
        }
        #expect(try CipherProbe.examine(path: path, choice: .format(.sqlcipher4), key: second).format == .sqlcipher4)
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        #expect(names == [".lock", URL(fileURLWithPath: plain).lastPathComponent, URL(fileURLWithPath: path).lastPathComponent].sorted())
    }

    @Test("file names carry the cipher and an asked-for page size, never the key; a plain target is the plain fixture")
    func fileNames() throws {
        let spec = FixtureSpec(transactions: 100_000, seed: 1)
        let key = try CipherKey.parsing(Self.firstKey)
        let version = FixtureGenerator.contentVersion
        #expect(FixtureCache.fileName(for: spec, cipher: .plain) == "mmex-t100000-s1-v\(version).mmb")
        #expect(FixtureCache.fileName(for: spec, cipher: CipherTarget(format: .sqlcipher3, key: key))
            == "mmex-t100000-s1-v\(version)-sqlcipher3.emb")
        #expect(FixtureCache.fileName(for: spec, cipher: CipherTarget(format: .aes128, key: key, pageSize: 1024))
            == "mmex-t100000-s1-v\(version)-aes128-p1024.emb")
    }

    @Test("a cipher without a key, or a key without a cipher, is refused before anything is generated")
    func cipherWithoutKey() throws {
        let folder = TemporaryDirectory("fixture-cache")
        let directory = folder.url.appendingPathComponent("cache")
        #expect(throws: CipherError.keyRequired) {
            try FixtureCache(directory: directory).path(transactions: 10, cipher: CipherTarget(format: .chacha20, key: nil))
        }
        #expect(throws: CipherError.keyWithoutCipher) {
            try FixtureCache(directory: directory).path(
                transactions: 10, cipher: CipherTarget(format: nil, key: try CipherKey.parsing(Self.firstKey))
            )
        }
        #expect(!FileManager.default.fileExists(atPath: directory.path))
    }
}
