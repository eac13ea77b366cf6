import MMEXSession
import DriverLedgers
import Foundation
import MMEXModel
import MMEXReaderWriter
import PersistenceSession
import SQLiteCipher
import TestSupport
import Testing

/// Encrypted MMEX sessions over a test VFS: the session's key names the VFS the page codec sits on
/// (`DatabaseKey.codecBaseVFS`), so the same session code that opens a user's `.emb` runs over injected faults and
/// simulated power cuts.
enum EncryptedSessionSetup {
    static let units = 1..<5
    static let rawKeyBytes: [UInt8] = (0..<32).map { UInt8(truncatingIfNeeded: $0 &* 29 &+ 11) }

    /// The session key (a raw SQLCipher 4 key, as `x'...'`: no key derivation per open), over `base` if given.
    static func key(over base: String?) -> DatabaseKey {
        let hex = rawKeyBytes.map { String(format: "%02x", $0) }.joined()
        var key = DatabaseKey(passphrase: "x'\(hex)'", cipher: .sqlcipher4)
        key.codecBaseVFS = base
        return key
    }

    /// The same key for opening a file through the default codec instance, as the next launch would.
    static func cipherKey() throws -> CipherKey { try CipherKey(rawKey: rawKeyBytes) }

    /// A new encrypted MMEX file (version 21 schema, closed, no sidecars) to copy for every point.
    static func base(in folder: TemporaryDirectory) throws -> String {
        let path = folder.path("base.emb")
        try QueueSession.create(at: path, key: key(over: nil), configuration: .standard).close()
        return path
    }

    static func copy(_ base: String, to path: String) throws {
        for suffix in ["", "-journal", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        try FileManager.default.copyItem(atPath: base, toPath: path)
    }

    /// Opens a `kind` session on `path` with `key`, runs ``units`` one `write` each, and closes it. Returns the
    /// acknowledged units, those in doubt (a failed `write` may have committed: whole or absent), and the errors.
    static func run(
        _ kind: SessionLedger.Kind, path: String, key: DatabaseKey, stopWhen stop: () -> Bool = { false },
        acknowledge: (Int) -> Void, fail: (Int, String) -> Void, note: (String) -> Void
    ) {
        let session: any MMEXSession
        do {
            session = try SessionLedger.open(kind, path: path, key: key)
        } catch {
            note("open: \(error)")
            return
        }
        for unit in units {
            do {
                try SessionLedger.run(unit, on: session)
                acknowledge(unit)
            } catch {
                fail(unit, "unit \(unit): \(error)")
                if stop() { break }
            }
        }
        do { try session.close() } catch { note("close: \(error)") }
    }
}

@Suite("Encrypted MMEX sessions under I/O faults on every driver: the key names the fault VFS under the codec")
struct EncryptedSessionFaultSweepTests {
    @Test("a session key's codecBaseVFS puts the session's encrypted I/O through that VFS")
    func keyNamesTheBaseVFS() throws {
        let folder = TemporaryDirectory.inMemory("session-codec-base")
        let base = try EncryptedSessionSetup.base(in: folder)
        let faults = try FaultInjectingVFS()
        for kind in SessionLedger.Kind.allCases {
            let path = folder.path("\(kind.rawValue).emb")
            try EncryptedSessionSetup.copy(base, to: path)
            faults.resetCounts()
            let session = try SessionLedger.open(kind, path: path, key: EncryptedSessionSetup.key(over: faults.name))
            try SessionLedger.run(1, on: session)
            try session.close()
            #expect(faults.calls(.write) > 0, "\(kind): the session's writes went through the fault VFS")
            let verdict = SessionLedger.check(path: path, acknowledged: [1], inDoubt: [], key: try EncryptedSessionSetup.cipherKey())
            #expect(verdict.isExact, "\(kind): \(verdict)")
        }
        #expect(throws: PersistenceError.self, "a base VFS that does not exist is a clear error") {
            try SessionLedger.open(.queue, path: folder.path("queue.emb"), key: EncryptedSessionSetup.key(over: "no-such-vfs"))
        }
    }

    @Test("legacy, queue and pool sessions, encrypted: after every fault the file opens with its key, every acknowledged unit whole, no half unit",
          arguments: SessionLedger.Kind.allCases, FaultFamily.allCases)
    func sweep(kind: SessionLedger.Kind, family: FaultFamily) throws {
        let folder = TemporaryDirectory.inMemory("session-fault-sweep")
        let base = try EncryptedSessionSetup.base(in: folder)
        let faults = try FaultInjectingVFS()
        let key = EncryptedSessionSetup.key(over: faults.name)
        let checkKey = try EncryptedSessionSetup.cipherKey()
        var plan = family.plan
        // Count the call points once.
        let dry = folder.path("dry.emb")
        try EncryptedSessionSetup.copy(base, to: dry)
        faults.count(kinds: plan.kinds, files: plan.files)
        var dryErrors: [String] = []
        EncryptedSessionSetup.run(kind, path: dry, key: key, acknowledge: { _ in }, fail: { dryErrors.append($1) },
                                  note: { dryErrors.append($0) })
        let points = faults.matchingCalls
        faults.disarm()
        #expect(dryErrors.isEmpty, "the workload fails without a fault: \(dryErrors)")
        let stride = Soak.stride(points: points, budget: 20)
        var runs = 0, injected: Int64 = 0, damaged: [String] = []
        var nth: Int64 = 1
        while nth <= points {
            let path = folder.path("point-\(nth).emb")
            try EncryptedSessionSetup.copy(base, to: path)
            plan.nth = nth
            faults.arm(plan)
            var acknowledged = Set<Int>(), inDoubt = Set<Int>(), errors: [String] = []
            EncryptedSessionSetup.run(kind, path: path, key: key, acknowledge: { acknowledged.insert($0) },
                                      fail: { inDoubt.insert($0); errors.append($1) }, note: { errors.append($0) })
            injected += faults.injectedFaults
            faults.disarm()
            runs += 1
            let verdict = SessionLedger.check(path: path, acknowledged: acknowledged, inDoubt: inDoubt, key: checkKey)
            if !verdict.isExact { damaged.append("\(plan): \(verdict) (errors: \(errors.prefix(2)))") }
            for suffix in ["", "-journal", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
            nth += stride
        }
        // A write torn by a full disk while page 1 is written (a commit's or the closing checkpoint's) once left an
        // encrypted file that did not open; the codec now takes page 1 from the WAL or the hot journal: damage.
        ReliabilityFigures.report("fault-sweep encrypted session \(kind.rawValue) \(family.rawValue)", [
            "call points": points, "runs": runs, "faults injected": injected, "damaged": damaged.count,
        ])
        #expect(points > 20)
        #expect(injected > 0)
        if kind == .legacy, family == .persistent, !damaged.isEmpty {
            // Known, as under kill -9 (SessionCrashTests): with the rollback journal in memory, a write that fails
            // half-way through a commit cannot be undone when the disk keeps failing, and the journal is gone
            // once the connection closes.
            withKnownIssue("LegacySession writes with journal_mode=MEMORY, which is not crash-safe") {
                for failure in damaged.prefix(3) { Issue.record("\(kind.rawValue): \(failure)") }
            }
        } else {
            for failure in damaged.prefix(5) { Issue.record("\(kind.rawValue): \(failure)") }
        }
    }
}

@Suite("Encrypted MMEX sessions under power cuts: the key names the power-loss VFS under the codec")
struct EncryptedSessionPowerLossTests {
    @Test("queue (rollback journal, FULL) and pool (WAL, NORMAL) sessions: every unit acknowledged before the last sync survives whole",
          arguments: [SessionLedger.Kind.queue, .pool])
    func readerWriterSessions(kind: SessionLedger.Kind) throws {
        let report = try sweep(kind)
        PowerLossSetup.expectWhole(report, area: "encrypted session \(kind.rawValue)", cipher: .encrypted)
    }

    @Test("legacy session: its journal_mode=MEMORY (as the MMEX iOS app) does not survive a cut in the middle of a commit")
    func legacySession() throws {
        let report = try sweep(.legacy)
        ReliabilityFigures.report("power-loss encrypted session legacy", report.figures)
        #expect(report.cutPoints > 20)
        // Known, as in SessionCrashTests: with the rollback journal in memory, a cut between two page writes of a
        // commit leaves pages nothing can roll back. When the session moves to a journal on disk, this stops
        // recording and the test asks for the known issue to be removed.
        withKnownIssue("LegacySession writes with journal_mode=MEMORY, which is not crash-safe") {
            for damage in report.damaged.prefix(3) { Issue.record("\(damage)") }
        }
    }

    private func sweep(_ kind: SessionLedger.Kind) throws -> PowerLossSweep.Report {
        let folder = TemporaryDirectory.inMemory("session-powerloss")
        let vfs = try PowerLossVFS()
        let sweep = PowerLossSweep(
            base: try EncryptedSessionSetup.base(in: folder), vfs: vfs, folder: folder, durableAtCommit: kind == .queue
        )
        let key = EncryptedSessionSetup.key(over: vfs.name)
        let checkKey = try EncryptedSessionSetup.cipherKey()
        return try sweep.run(budget: 20, workload: { path, log in
            // A session `write` that fails may have committed: every failed unit is in doubt (whole or absent).
            EncryptedSessionSetup.run(kind, path: path, key: key, stopWhen: { vfs.isCut }, acknowledge: { log.acknowledge($0) },
                                      fail: { log.fail($0, $1) }, note: { log.note($0) })
        }, check: { path, required, inDoubt in
            PowerLossVerdict(SessionLedger.check(path: path, acknowledged: required, inDoubt: inDoubt, key: checkKey))
        })
    }
}
