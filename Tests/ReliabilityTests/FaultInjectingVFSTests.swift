import Foundation
import SQLiteEngine
import TestSupport
import Testing

@Suite("Fault VFS: a shim over the default VFS that fails a chosen call on demand")
struct FaultInjectingVFSTests {
    private func database(_ folder: TemporaryDirectory, vfs: FaultInjectingVFS) throws -> EngineConnection {
        let connection = try EngineConnection(path: folder.path("f.db"), options: OpenOptions(access: .readWriteCreate, vfs: vfs.name))
        try connection.execute("CREATE TABLE t(x)")
        return connection
    }

    @Test("a connection through it reads and writes like one through the default VFS, and its calls are counted")
    func passesThrough() throws {
        let folder = TemporaryDirectory()
        let vfs = try FaultInjectingVFS()
        let connection = try database(folder, vfs: vfs)
        try connection.run("INSERT INTO t VALUES (?)", [.text("hello")])
        #expect(try connection.scalar("SELECT x FROM t") == .text("hello"))
        #expect(vfs.calls(.open) >= 2)  // the database and its journal
        #expect(vfs.calls(.write) > 0)
        #expect(vfs.calls(.sync) > 0)
        #expect(vfs.calls(.lock) > 0)
        connection.close()
        let plain = try EngineConnection(path: folder.path("f.db"))
        #expect(try plain.scalar("SELECT count(*) FROM t") == .integer(1))
    }

    @Test("the Nth matching call fails with the chosen code, once; the next statement succeeds")
    func oneShotFault() throws {
        let folder = TemporaryDirectory()
        let vfs = try FaultInjectingVFS()
        let connection = try database(folder, vfs: vfs)
        vfs.arm(.init(kinds: [.write], files: .mainDatabase, nth: 1, errorCode: 13))
        #expect(throws: SQLiteError.self) { try connection.run("INSERT INTO t VALUES (1)") }
        do {
            try connection.run("INSERT INTO t VALUES (1)")
        } catch {
            Issue.record("the fault was meant to fire once: \(error)")
        }
        #expect(vfs.injectedFaults == 1)
        #expect(try connection.scalar("SELECT count(*) FROM t") == .integer(1))
    }

    @Test("the failing call's own SQLITE_IOERR code reaches the caller when no code is chosen")
    func defaultCodes() throws {
        let folder = TemporaryDirectory()
        let vfs = try FaultInjectingVFS()
        let connection = try database(folder, vfs: vfs)
        vfs.arm(.init(kinds: [.sync], nth: 1))
        let error = #expect(throws: SQLiteError.self) { try connection.run("INSERT INTO t VALUES (1)") }
        #expect(error?.extendedCode == FaultInjectingVFS.CallKind.sync.ioErrorCode)
    }

    @Test("a persistent fault keeps failing until disarmed")
    func persistentFault() throws {
        let folder = TemporaryDirectory()
        let vfs = try FaultInjectingVFS()
        let connection = try database(folder, vfs: vfs)
        vfs.arm(.init(kinds: [.write], nth: 1, errorCode: 13, persistent: true))
        for _ in 0..<3 {
            let error = #expect(throws: SQLiteError.self) { try connection.run("INSERT INTO t VALUES (1)") }
            #expect(error?.code == ResultCode.full)
        }
        vfs.disarm()
        try connection.run("INSERT INTO t VALUES (2)")
        #expect(try connection.scalar("SELECT count(*) FROM t") == .integer(1))
    }

    @Test("faults can be limited to one class of file: a journal write fails, database writes do not")
    func fileClasses() throws {
        let folder = TemporaryDirectory()
        let vfs = try FaultInjectingVFS()
        let connection = try database(folder, vfs: vfs)
        vfs.count(kinds: [.write], files: .journal)
        try connection.run("INSERT INTO t VALUES (1)")
        let journalWrites = vfs.matchingCalls
        #expect(journalWrites > 0)
        vfs.arm(.init(kinds: [.write], files: .journal, nth: journalWrites))
        #expect(throws: SQLiteError.self) { try connection.run("INSERT INTO t VALUES (2)") }
        #expect(try connection.scalar("SELECT count(*) FROM t") == .integer(1))
    }

    @Test("a fault VFS can be the base of another VFS shim, and both see the calls")
    func stacks() throws {
        let folder = TemporaryDirectory()
        let lower = try FaultInjectingVFS()
        let upper = try FaultInjectingVFS(base: lower.name)
        let connection = try database(folder, vfs: upper)
        try connection.run("INSERT INTO t VALUES (1)")
        #expect(upper.calls(.write) > 0)
        #expect(lower.calls(.write) == upper.calls(.write))
        lower.arm(.init(kinds: [.write], nth: 1))
        #expect(throws: SQLiteError.self) { try connection.run("INSERT INTO t VALUES (2)") }
        #expect(lower.injectedFaults == 1 && upper.injectedFaults == 0)
    }

    @Test("registering over a VFS that does not exist, or under a name already taken, is refused")
    func registrationErrors() throws {
        #expect(throws: FaultInjectingVFS.RegistrationError.self) { try FaultInjectingVFS(base: "no-such-vfs") }
        let first = try FaultInjectingVFS()
        #expect(throws: FaultInjectingVFS.RegistrationError.self) { try FaultInjectingVFS(name: first.name) }
    }
}
