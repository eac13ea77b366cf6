import Foundation
@testable import SQLiteCipher
import SQLiteEngine
import TestSupport
import Testing

/// Issue 21: a rekey of a WAL file leaves WAL mode right before its rename; when that step failed with an I/O error
/// (its checkpoint or its page-1 write), the rekey said "the database is in use by another connection", sending the
/// user to look for a program that did not exist.
@Suite("Rekey of a WAL file whose switch out of WAL mode hits an I/O error says so, and what to do")
struct RekeyLeavingWALFaultTests {
    @Test("a failed write while leaving WAL mode is an I/O error naming the step, not 'in use'; the file opens under the old key, whole",
          arguments: [Int32?.none, 13])
    func ioErrorLeavingWAL(errorCode: Int32?) throws {
        let oldKey = try CodecSweepSetup.oldKey.get()
        let newKey = try CodecSweepSetup.newKey.get()
        let stack = try CodecFaultStack()
        let folder = TemporaryDirectory.inMemory("rekey-leaving-wal")
        let base = folder.path("base.db")
        try CodecFaultStack.createLedgerBase(at: base, key: oldKey, journalMode: "wal", committed: CodecSweepSetup.committed)
        let rekey = { (path: String) throws in
            _ = try DatabaseRekey.rekey(
                path, key: oldKey, choice: .format(.sqlcipher4), newKey: newKey, newFormat: nil,
                busyTimeoutMilliseconds: 2000, progress: nil, vfs: stack.name
            )
        }
        // The dry run: the last write to a database file is the original's page 1, rewritten by the switch out of
        // WAL mode (the copy was written, verified and closed before it).
        let dry = folder.path("dry.db")
        try FileManager.default.copyItem(atPath: base, toPath: dry)
        stack.faults.count(kinds: [.write], files: .mainDatabase)
        try rekey(dry)
        let writes = stack.faults.matchingCalls
        stack.faults.disarm()
        #expect(writes > 1)

        let path = folder.path("db")
        try FileManager.default.copyItem(atPath: base, toPath: path)
        stack.faults.arm(.init(kinds: [.write], files: .mainDatabase, nth: writes, errorCode: errorCode, persistent: true))
        var thrown: (any Error)?
        do { try rekey(path) } catch { thrown = error }
        let injected = stack.faults.injectedFaults
        stack.faults.disarm()
        #expect(injected > 0, "the fault fired")
        guard case .io(let detail)? = thrown as? CipherError else {
            Issue.record("expected CipherError.io, got \(thrown.map { "\($0)" } ?? "success")")
            return
        }
        #expect(detail.contains("WAL") && detail.contains("try again"), "\(detail)")
        #expect(errorCode != 13 || detail.contains("disk is full"), "\(detail)")
        #expect(!detail.contains("in use"), "\(detail)")
        #expect(CodecSweepSetup.opens(path, key: oldKey), "the file stays under the old key")
        let verdict = CodecSweepSetup.holdsCommitted(path, key: oldKey)
        #expect(verdict.isExact, "\(verdict)")
        #expect(OperationSweep.temporaryFiles(in: folder.url).isEmpty, "no temporary copy is left")
    }
}
