import DriverLedgers
import Foundation
import LegacyDriver
import ReaderWriterDriver
import SQLiteCipher
import SQLiteEngine
import TestSupport
import Testing

/// Plain or encrypted (SQLCipher 4 through the page codec, registered over the power-loss VFS so the cut hits the
/// encrypted bytes).
enum PowerLossCipher: String, Sendable, CaseIterable, CustomTestStringConvertible {
    case plain, encrypted
    var testDescription: String { rawValue }

    /// The raw SQLCipher 4 key of the encrypted set-ups (a raw key skips the key derivation: hundreds of opens).
    var key: CipherKey? {
        get throws { self == .plain ? nil : try CodecFaultStack.rawKey(7) }
    }

    /// The VFS the workload opens through: the power-loss VFS, or a codec instance over it.
    func vfsName(over vfs: PowerLossVFS) throws -> String {
        self == .plain ? vfs.name : try PageCodec.vfsName(over: vfs.name)
    }

    /// Applies the key on a connection opened through ``vfsName(over:)`` (nothing for a plain file).
    func prepare(_ connection: EngineConnection) throws {
        if let key = try key { try PageCodec.apply(.format(.sqlcipher4), key: key, to: connection) }
    }
}

/// Shared set-up and checks of the power-loss sweeps.
enum PowerLossSetup {
    static let transactions = 1..<9

    /// A base file with the ledger schema in `journalMode`, plain or encrypted, and a sweep over it.
    static func sweep(
        journalMode: String, cipher: PowerLossCipher, durableAtCommit: Bool, folder: TemporaryDirectory
    ) throws -> PowerLossSweep {
        let base = folder.path("base.db")
        try CodecFaultStack.createLedgerBase(at: base, key: try cipher.key, journalMode: journalMode)
        // Its own VFS (and codec instance over it): sweeps running in parallel do not share a recorded disk.
        return PowerLossSweep(base: base, vfs: try PowerLossVFS(), folder: folder, durableAtCommit: durableAtCommit)
    }

    /// The ledger verdict on `path`, opened as the next launch would (through the default codec with the key).
    static func ledgerCheck(_ cipher: PowerLossCipher) -> (String, Set<Int>, Set<Int>) -> PowerLossVerdict {
        { path, required, inDoubt in
            let key = try? cipher.key
            return PowerLossVerdict(LedgerVerdict.check(path: path, acknowledged: required, inDoubt: inDoubt) {
                try CodecFaultStack.open($0, key: key)
            })
        }
    }

    /// The promises every sweep checks, and its figures.
    static func expectWhole(_ report: PowerLossSweep.Report, area: String, cipher: PowerLossCipher) {
        // A torn encrypted page 1 (a commit's beside its hot journal, or a checkpoint's beside its WAL) and a hot
        // journal whose header never reached the disk are damage like any other now (TornPage1Tests,
        // TornJournalPage1Tests, TornJournalHeaderTests).
        ReliabilityFigures.report("power-loss \(area)", report.figures)
        #expect(report.cutPoints > 20, "the workload made too few disk-changing calls to sweep")
        #expect(report.unsyncedAtCut > 0, "no cut found an unsynced write to lose or tear")
        #expect(report.requiredSurvivors > 0, "no cut had an acknowledged transaction that had to survive")
        for damage in report.damaged.prefix(5) { Issue.record("\(area): \(damage)") }
    }
}

@Suite("Power cuts under the engine and both drivers: after every simulated cut the file opens, integrity ok, every transaction acknowledged before the last sync there, nothing half-applied")
struct PowerLossSweepTests {
    @Test("the engine on a rollback journal (FULL: every acknowledged commit survives), a WAL, and a WAL with synchronous=NORMAL",
          arguments: ["delete", "wal", "wal+normal"], PowerLossCipher.allCases)
    func engine(variant: String, cipher: PowerLossCipher) throws {
        let folder = TemporaryDirectory.inMemory("powerloss-engine")
        let sweep = try PowerLossSetup.sweep(
            journalMode: variant == "delete" ? "delete" : "wal", cipher: cipher, durableAtCommit: variant != "wal+normal",
            folder: folder
        )
        let name = try cipher.vfsName(over: sweep.vfs)
        let setup = (variant == "wal+normal" ? ["PRAGMA synchronous = NORMAL"] : []) + ["PRAGMA cache_size = 8"]
        let report = try sweep.run(budget: 20, workload: { path, log in
            let connection: EngineConnection
            do {
                connection = try EngineConnection(path: path, options: OpenOptions(access: .readWrite, vfs: name))
                try cipher.prepare(connection)
                for pragma in setup { try connection.execute(pragma) }
            } catch {
                log.note("open: \(error)")
                return
            }
            log.run(PowerLossSetup.transactions) { transaction, bodyDone in
                do {
                    try connection.execute("BEGIN IMMEDIATE")
                    for statement in LedgerWorkload.statements(transaction) {
                        try connection.run(statement.sql, statement.arguments)
                    }
                    bodyDone = true
                    try connection.execute("COMMIT")
                } catch {
                    if !connection.isAutocommit { try? connection.execute("ROLLBACK") }
                    throw error
                }
            }
            connection.close()
        }, check: PowerLossSetup.ledgerCheck(cipher))
        PowerLossSetup.expectWhole(report, area: "engine \(variant) \(cipher.rawValue)", cipher: cipher)
    }

    @Test("the legacy driver (Connection, transaction(.immediate)) on a rollback journal and a WAL",
          arguments: ["delete", "wal"], PowerLossCipher.allCases)
    func legacyDriver(journalMode: String, cipher: PowerLossCipher) throws {
        let folder = TemporaryDirectory.inMemory("powerloss-legacy")
        let sweep = try PowerLossSetup.sweep(journalMode: journalMode, cipher: cipher, durableAtCommit: true, folder: folder)
        let name = try cipher.vfsName(over: sweep.vfs)
        let report = try sweep.run(budget: 15, workload: { path, log in
            let connection: Connection
            do {
                connection = try Connection(path, vfs: name, prepare: cipher.prepare)
                try connection.execute("PRAGMA cache_size = 8")
            } catch {
                log.note("open: \(error)")
                return
            }
            log.run(PowerLossSetup.transactions) { transaction, bodyDone in
                try LegacyLedgerRunner.run(transaction, on: connection, bodyDone: &bodyDone)
            }
            connection.engine.close()
        }, check: PowerLossSetup.ledgerCheck(cipher))
        PowerLossSetup.expectWhole(report, area: "legacy driver \(journalMode) \(cipher.rawValue)", cipher: cipher)
    }

    @Test("the reader/writer queue on a rollback journal and the pool (WAL, synchronous=NORMAL, reads beside the writer)",
          arguments: ReaderWriterLedgerRunner.Kind.allCases, PowerLossCipher.allCases)
    func readerWriterDriver(kind: ReaderWriterLedgerRunner.Kind, cipher: PowerLossCipher) throws {
        let folder = TemporaryDirectory.inMemory("powerloss-rw")
        // The pool sets synchronous = NORMAL: a commit is durable once a later sync (a checkpoint) completed.
        let sweep = try PowerLossSetup.sweep(
            journalMode: kind == .pool ? "wal" : "delete", cipher: cipher, durableAtCommit: kind == .queue, folder: folder
        )
        let name = try cipher.vfsName(over: sweep.vfs)
        let report = try sweep.run(budget: 15, workload: { path, log in
            let writer: any DatabaseWriter
            do {
                writer = try ReaderWriterLedgerRunner.open(
                    kind, path: path, vfs: name, setup: ["PRAGMA cache_size = 8"], prepare: cipher.prepare
                )
            } catch {
                log.note("open: \(error)")
                return
            }
            log.run(PowerLossSetup.transactions) { transaction, bodyDone in
                try ReaderWriterLedgerRunner.run(transaction, on: writer, bodyDone: &bodyDone)
                if kind == .pool { _ = try writer.read { db in try Int64.fetchOne(db, sql: "SELECT n FROM counter") } }
            }
            if let queue = writer as? DatabaseQueue { try? queue.close() }
            if let pool = writer as? DatabasePool { try? pool.close() }
        }, check: PowerLossSetup.ledgerCheck(cipher))
        PowerLossSetup.expectWhole(report, area: "\(kind.rawValue) \(cipher.rawValue)", cipher: cipher)
    }

    @Test("the model itself: a cut drops, keeps and tears exactly the unsynced writes")
    func model() throws {
        let folder = TemporaryDirectory.inMemory("powerloss-model")
        let vfs = try PowerLossVFS()
        let path = folder.path("model.db")
        try LedgerWorkload.createBase(at: path, journalMode: "wal")
        vfs.arm(cutBefore: nil)
        let connection = try EngineConnection(path: path, options: OpenOptions(access: .readWrite, vfs: vfs.name))
        try connection.execute("PRAGMA synchronous = OFF")
        try LedgerWorkload.run(1, on: connection)
        #expect(vfs.completedSyncs == 0, "synchronous = OFF never syncs")
        #expect(vfs.unsyncedWrites > 0)
        vfs.cutNow()
        #expect(throws: (any Error).self, "after the cut the disk takes no write") { try LedgerWorkload.run(2, on: connection) }
        connection.close()
        func committed() -> [Int] { LedgerVerdict.check(path: path, acknowledged: [], inDoubt: [1, 2]).committed }
        try vfs.apply(.drop, seed: 1)
        #expect(committed() == [], "the unsynced WAL frames are gone")
        try vfs.apply(.keep, seed: 1)
        #expect(committed() == [1], "the unsynced WAL frames all reached the disk")
        try vfs.apply(.tornPrefix, seed: 1)
        let torn = LedgerVerdict.check(path: path, acknowledged: [], inDoubt: [1])
        #expect(torn.committed == [] && torn.isExact, "a torn last frame fails its checksum: the commit is not there: \(torn)")
        vfs.arm(cutBefore: nil)
    }
}
