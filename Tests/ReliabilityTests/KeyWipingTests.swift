import CPageCodec
import Foundation
@testable import MMEXModel
import SQLiteCipher
import SQLiteEngine
import Synchronization
import TestSupport
import Testing

@Suite("Key material is wiped from memory when its owner goes away")
struct KeyWipingTests {
    @Test("closing an encrypted connection releases its codec with every derived key, salt, scratch page and page read ahead zeroed")
    func codecWipedOnClose() throws {
        let folder = TemporaryDirectory()
        let path = folder.path("wiped.db")
        let key = try CipherKey(passphrase: "wipe this passphrase")
        dp_wipe_audit_begin()
        do {
            let created = try EngineConnection(path: path, options: OpenOptions(access: .readWriteCreate, vfs: PageCodec.vfsName))
            try PageCodec.apply(.format(.sqlcipher4), key: key, to: created)
            try created.execute("""
                CREATE TABLE t(x); INSERT INTO t VALUES ('a secret row');
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000)
                INSERT INTO t SELECT 'another secret row ' || printf('%0200d', i) FROM n;
                """)
            created.close()
            // Detection through `auto` builds and frees a codec per candidate it tries: those are audited too.
            let reopened = try EngineConnection(path: path, options: OpenOptions(access: .readOnly, vfs: PageCodec.vfsName))
            try PageCodec.apply(.auto, key: key, to: reopened)
            #expect(try reopened.scalar("SELECT x FROM t WHERE rowid = 1") == .text("a secret row"))
            // A scan: where the CPU has it, the read-ahead holds decrypted pages, which closing wipes too.
            #expect(try reopened.scalar("SELECT count(*) FROM t WHERE x LIKE '%secret%'") == .integer(2001))
            let readAhead = try PageCodec.readAhead(of: reopened)
            #expect(readAhead.state == .unavailable || readAhead.pagesReadAhead > 0)
            reopened.close()
        }
        var freed: UInt = 0
        var unwiped: UInt = 0
        dp_wipe_audit_end(&freed, &unwiped)
        #expect(freed >= 2, "both connections' codecs were released on this thread when they closed")
        #expect(unwiped == 0)
    }

    /// What the wipe observer saw for each storage address.
    private final class Seen: Sendable {
        let wiped = Mutex<[UInt: (count: Int, allZero: Bool)]>([:])
    }

    @Test("a DatabaseKey's passphrase bytes are zero when the last copy of the key goes away, not before")
    func databaseKeyWipedWithLastCopy() throws {
        let seen = Seen()
        SecretBytes.wipeObserver.withLock { observer in
            observer = { buffer in
                let allZero = buffer.allSatisfy { $0 == 0 }
                seen.wiped.withLock { $0[UInt(bitPattern: buffer.baseAddress)] = (buffer.count, allZero) }
            }
        }
        defer { SecretBytes.wipeObserver.withLock { $0 = nil } }
        let passphrase = "correct horse battery staple"
        var address: UInt = 0
        do {
            var first: DatabaseKey? = DatabaseKey(passphrase: passphrase, cipher: .sqlcipher4)
            address = first?.storageAddress ?? 0
            let second = first
            #expect(second?.withPassphrase { Array($0) } == Array(passphrase.utf8))
            first = nil
            #expect(first == nil)
            #expect(seen.wiped.withLock { $0[address] } == nil, "a copy is still alive: the bytes must still be there")
            #expect(second?.passphraseByteCount == passphrase.utf8.count)
        }
        let record = try #require(seen.wiped.withLock { $0[address] }, "the storage was released")
        #expect(record.allZero)
        #expect(record.count >= passphrase.utf8.count)
    }

    @Test("DatabaseKey keeps value semantics: equal bytes and cipher are equal keys with equal hashes")
    func databaseKeyEquality() {
        let a = DatabaseKey(passphrase: "same", cipher: .aes128cbc)
        let b = DatabaseKey(passphrase: Array("same".utf8), cipher: .aes128cbc)
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
        #expect(a != DatabaseKey(passphrase: "same", cipher: .sqlcipher4))
        #expect(a != DatabaseKey(passphrase: "other", cipher: .aes128cbc))
        #expect(a.passphrase == Array("same".utf8))
    }
}
