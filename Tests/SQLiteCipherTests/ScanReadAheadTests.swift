import COpenSSL
import CPageCodec
import Foundation
import SQLiteCipher
import SQLiteEngine
import TestSupport
import Testing

/// The SQLCipher 4 scan read-ahead: four HMAC-SHA512s at once give the same tags as OpenSSL's one at a time; a scan
/// with read-ahead reads what one without reads, fails on a tampered page exactly as one without, and never hands
/// SQLite a page another connection has changed since.
@Suite("SQLCipher 4 scan read-ahead")
struct ScanReadAheadTests {
    /// Whether this CPU runs the four-way HMAC (AVX2): without it read-ahead is unavailable and the codec reads one
    /// page at a time, which every other codec test covers.
    static let fourWayAvailable: Bool = {
        var out = [UInt8](repeating: 0, count: 256)
        return dp_hmac_sha512_x4([1], 1, [UInt8](repeating: 0, count: 4), 1, 0, &out) == 0
    }()

    static func openSSLTag(key: [UInt8], message: [UInt8]) -> [UInt8] {
        var tag = [UInt8](repeating: 0, count: 64)
        var length = 0
        let result = EVP_Q_mac(nil, "HMAC", nil, "SHA512", nil, key, key.count, message, message.count, &tag, 64, &length)
        return result != nil && length == 64 ? tag : []
    }

    static func randomBytes(_ count: Int, _ generator: inout some RandomNumberGenerator) -> [UInt8] {
        (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
    }

    @Test("four-way HMAC-SHA512 equals OpenSSL's for every message length 0-300 and a 4,032-byte page, keys of 0-128 bytes",
          .enabled(if: fourWayAvailable), arguments: [false, true])
    func fourWayMatchesOpenSSL(avx2Only: Bool) {
        let code: Int32 = avx2Only ? 1 : 0 // 1: the AVX2 code even where the AVX-512 code would run
        var generator = SystemRandomNumberGenerator()
        for keyLength in [0, 1, 32, 64, 127, 128] {
            let key = Self.randomBytes(keyLength, &generator)
            for length in Array(0...300) + [4032] {
                let messages = (0..<4).map { _ in Self.randomBytes(length, &generator) }
                var out = [UInt8](repeating: 0, count: 256)
                #expect(dp_hmac_sha512_x4(key, key.count, messages.flatMap { $0 }, length, code, &out) == 0)
                for lane in 0..<4 where Array(out[lane * 64..<(lane + 1) * 64]) != Self.openSSLTag(key: key, message: messages[lane]) {
                    Issue.record("key \(keyLength) bytes, message \(length) bytes: lane \(lane) differs from OpenSSL")
                }
            }
        }
        var out = [UInt8](repeating: 0, count: 256)
        #expect(dp_hmac_sha512_x4([UInt8](repeating: 1, count: 129), 129, [0, 0, 0, 0], 1, code, &out) == -1,
                "a key longer than a block is refused, not hashed silently")
    }

    @Test("four-way HMAC-SHA512 gives RFC 4231's tags for its test cases 1-4 in every lane", .enabled(if: fourWayAvailable),
          arguments: [false, true])
    func rfc4231Vectors(avx2Only: Bool) {
        let code: Int32 = avx2Only ? 1 : 0
        let cases: [(key: [UInt8], message: [UInt8], tag: String)] = [
            ([UInt8](repeating: 0x0b, count: 20), Array("Hi There".utf8),
             "87aa7cdea5ef619d4ff0b4241a1d6cb02379f4e2ce4ec2787ad0b30545e17cdedaa833b7d6b8a702038b274eaea3f4e4be9d914eeb61f1702e696c203a126854"),
            (Array("Jefe".utf8), Array("what do ya want for nothing?".utf8),
             "164b7a7bfcf819e2e395fbe73b56e0a387bd64222e831fd610270cd7ea2505549758bf75c05a994a6d034f65f8f0e6fdcaeab1a34d4a6b4b636e070a38bce737"),
            ([UInt8](repeating: 0xaa, count: 20), [UInt8](repeating: 0xdd, count: 50),
             "fa73b0089d56a284efb0f0756c890be9b1b5dbdd8ee81a3655f83e33b2279d39bf3e848279a722c806b485a47e67c807b946a337bee8942674278859e13292fb"),
            (Array(UInt8(1)...25), [UInt8](repeating: 0xcd, count: 50),
             "b0ba465637458c6990e5a8c5f61d4af7e576d97ff94b872de76f8050361ee3dba91ca5c11aa25eb4d679275cc5788063a5f19741120c4f2de2adebeb10a298dd"),
        ]
        for (index, vector) in cases.enumerated() {
            var out = [UInt8](repeating: 0, count: 256)
            let messages = Array([[UInt8]](repeating: vector.message, count: 4).joined())
            #expect(dp_hmac_sha512_x4(vector.key, vector.key.count, messages, vector.message.count, code, &out) == 0)
            for lane in 0..<4 {
                #expect(PrimitiveVectorsTests.hex(Array(out[lane * 64..<(lane + 1) * 64])) == vector.tag,
                        "RFC 4231 case \(index + 1), lane \(lane)")
            }
        }
    }

    /// An SQLCipher 4 file of 1 KiB pages whose table `t` has hundreds of leaves under a few interior pages.
    static func makeFile(_ folder: TemporaryDirectory, walMode: Bool = false) throws -> (path: String, key: CipherKey, rows: [[SQLiteValue]]) {
        let path = folder.path("scan.db")
        let key = try CipherFixtures.rawKey()
        let rows = try CipherFixtures.create(path, format: .sqlcipher4, key: key, pageSize: 1024, rows: 3000, walMode: walMode)
        return (path, key, rows)
    }

    static func open(_ path: String, key: CipherKey, readAhead: Bool, access: OpenOptions.Access = .readOnly) throws -> EngineConnection {
        let (connection, _) = try CipherFixtures.open(path, choice: .format(.sqlcipher4), key: key, access: access)
        if !readAhead { try PageCodec.setReadAhead(false, on: connection) }
        return connection
    }

    @Test("a scan with read-ahead reads the same rows as one without, most of its pages read ahead", .enabled(if: fourWayAvailable))
    func scanReadsTheSameRows() throws {
        let folder = TemporaryDirectory()
        let file = try Self.makeFile(folder)
        let with = try Self.open(file.path, key: file.key, readAhead: true)
        defer { with.close() }
        let without = try Self.open(file.path, key: file.key, readAhead: false)
        defer { without.close() }
        #expect(try PageCodec.readAhead(of: with).state == .on, "read-ahead is on by default")
        #expect(try PageCodec.readAhead(of: without).state == .off)
        let rowsWith = try with.rows(CipherFixtures.selectSQL)
        #expect(rowsWith == file.rows)
        #expect(try without.rows(CipherFixtures.selectSQL) == file.rows)
        let status = try PageCodec.readAhead(of: with)
        #expect(status.pagesRead > 300)
        #expect(status.pagesReadAhead * 2 > status.pagesRead, "\(status.pagesReadAhead) of \(status.pagesRead) pages read ahead")
        #expect(try PageCodec.readAhead(of: without).pagesReadAhead == 0)
    }

    @Test("a plain file and a format without four-way verification say read-ahead is unavailable")
    func unavailableElsewhere() throws {
        let folder = TemporaryDirectory()
        let key = try CipherFixtures.rawKey()
        try CipherFixtures.create(folder.path("v3.db"), format: .sqlcipher3, key: key, rows: 10)
        let (v3, _) = try CipherFixtures.open(folder.path("v3.db"), choice: .format(.sqlcipher3), key: key)
        defer { v3.close() }
        #expect(try PageCodec.setReadAhead(true, on: v3) == .unavailable)
        let (plain, _) = try CipherFixtures.open(folder.path("plain.db"), choice: .auto, key: nil, access: .readWriteCreate)
        defer { plain.close() }
        try plain.execute("CREATE TABLE t(x)")
        #expect(try PageCodec.readAhead(of: plain).state == .unavailable)
    }

    @Test("a tampered page inside a read-ahead batch fails with its own page number, as without read-ahead",
          .enabled(if: fourWayAvailable))
    func tamperedPageInsideABatch() throws {
        let folder = TemporaryDirectory()
        let file = try Self.makeFile(folder)
        // The sixth leaf in scan order: read ahead with the third to tenth after the first two were read.
        let probe = try Self.open(file.path, key: file.key, readAhead: false)
        let leaf = try probe.scalar("SELECT pageno FROM dbstat WHERE name = 't' AND pagetype = 'leaf' ORDER BY path LIMIT 1 OFFSET 5")
        probe.close()
        guard case .integer(let page)? = leaf else {
            Issue.record("dbstat gave no sixth leaf: \(String(describing: leaf))")
            return
        }
        try FileBytes.flipBit(in: file.path, at: (Int(page) - 1) * 1024 + 40)
        let tampered = try FileBytes.read(file.path)
        var failures: [CipherError] = []
        for readAhead in [true, false] {
            let connection = try Self.open(file.path, key: file.key, readAhead: readAhead)
            defer { connection.close() }
            do {
                _ = try connection.rows(CipherFixtures.selectSQL)
                Issue.record("read-ahead \(readAhead): the scan read a tampered page")
            } catch {
                failures.append(PageCodec.translate(error, on: connection))
            }
            if readAhead { #expect(try PageCodec.readAhead(of: connection).pagesReadAhead > 0, "no batch was read ahead") }
        }
        guard case .authenticationFailed(let failedPage, _)? = failures.first else {
            Issue.record("expected an authentication failure, got \(failures)")
            return
        }
        #expect(failedPage == Int(page))
        #expect(failures.count == 2 && failures[0] == failures[1], "with and without read-ahead: \(failures)")
        #expect(try FileBytes.read(file.path) == tampered, "reading changed the file")
    }

    @Test("pages read ahead are forgotten when the transaction ends, so another connection's commit is seen",
          .enabled(if: fourWayAvailable), arguments: [false, true])
    func anotherConnectionsCommitIsSeen(walMode: Bool) throws {
        let folder = TemporaryDirectory()
        let file = try Self.makeFile(folder, walMode: walMode)
        let reader = try Self.open(file.path, key: file.key, readAhead: true, access: .readWrite)
        defer { reader.close() }
        try reader.execute("PRAGMA cache_size = 4") // SQLite's own cache holds next to nothing
        // Part of a scan: the first leaves, with the next siblings read ahead and not yet asked for.
        let statement = try reader.prepare(CipherFixtures.selectSQL)
        for _ in 0..<60 { #expect(try statement.step()) }
        statement.reset()
        #expect(try PageCodec.readAhead(of: reader).pagesReadAhead > 0)

        let writer = try Self.open(file.path, key: file.key, readAhead: false, access: .readWrite)
        defer { writer.close() }
        try writer.execute("UPDATE t SET note = upper(note)") // same lengths: the same pages, new contents
        if walMode { _ = try writer.rows("PRAGMA wal_checkpoint(TRUNCATE)") } // into the main file, WAL emptied

        // From where the partial scan stopped: the first pages it reads are the ones read ahead before the commit.
        let notes = try reader.rows("SELECT note FROM t WHERE id > 50 ORDER BY id").compactMap { $0.first?.textValue }
        #expect(notes.count == file.rows.count - 50)
        let stale = notes.filter { $0.contains(CipherFixtures.marker) }
        #expect(stale.count == 0, "rows read as they were before the other connection's commit: \(stale.first ?? "")")
    }
}
