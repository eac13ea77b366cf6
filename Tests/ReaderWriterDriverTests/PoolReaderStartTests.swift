import CSQLite
import Foundation
@testable import ReaderWriterDriver
import SQLiteEngine
import Testing

/// Another connection of `path` holding the WAL write, checkpoint and recovery locks, as one running WAL recovery
/// does: a reader that finds no valid WAL index then has to recover it itself, cannot, and fails at once with
/// SQLITE_BUSY_RECOVERY. This is the moment a busy machine once stretched between two pool readers opening at the
/// same time; here it lasts as long as the test wants.
final class WALRecoveryLocks {
    private let connection: EngineConnection
    private let file: UnsafeMutablePointer<sqlite3_file>
    private var held = false

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    init(path: String) throws {
        let engine = try EngineConnection(path: path, options: .readWrite)
        connection = engine
        var pointer: UnsafeMutablePointer<sqlite3_file>?
        let found = withUnsafeMutablePointer(to: &pointer) {
            sqlite3_file_control(engine.handle, "main", SQLITE_FCNTL_FILE_POINTER, $0)
        }
        guard found == SQLITE_OK, let pointer, let methods = pointer.pointee.pMethods,
            methods.pointee.iVersion >= 2, let map = methods.pointee.xShmMap, let lock = methods.pointee.xShmLock
        else { throw Failure(description: "the database file has no shared-memory methods") }
        file = pointer
        var region: UnsafeMutableRawPointer?
        let mapped = map(pointer, 0, 32 * 1024, 1, &region)
        guard mapped == SQLITE_OK else { throw Failure(description: "xShmMap failed with \(mapped)") }
        // Locks 0, 1, 2: WAL_WRITE_LOCK, WAL_CKPT_LOCK, WAL_RECOVER_LOCK (what walIndexRecover holds).
        let locked = lock(pointer, 0, 3, SQLITE_SHM_LOCK | SQLITE_SHM_EXCLUSIVE)
        guard locked == SQLITE_OK else { throw Failure(description: "xShmLock failed with \(locked)") }
        held = true
    }

    /// Gives the locks back and closes the connection.
    func release() {
        guard held, let methods = file.pointee.pMethods else { return }
        held = false
        _ = methods.pointee.xShmLock?(file, 0, 3, SQLITE_SHM_UNLOCK | SQLITE_SHM_EXCLUSIVE)
        _ = methods.pointee.xShmUnmap?(file, 0)
        connection.close()
    }

    deinit { release() }
}

@Suite("DatabasePool: reads start on a freshly switched file whatever another connection is doing")
struct PoolReaderStartTests {
    @Test("two readers opening at once never meet WAL recovery: the writer builds the WAL index when it opens")
    func readersStartWhileRecoveryLocksAreHeld() throws {
        let scratch = Scratch()
        let path = try SQLiteEngineFixtureSupport.make(scratch.path, journal: "delete")
        var configuration = Configuration()
        configuration.maximumReaderCount = 2
        let pool = try DatabasePool(path: path, configuration: configuration)
        let locks = try WALRecoveryLocks(path: path)
        defer { locks.release() }
        let errors = EventLog()
        let first = Gate(), second = Gate(), done = Gate()
        for (mine, other) in [(first, second), (second, first)] {
            onThread {
                do {
                    // Each read holds its reader until the other read has one too: two new readers, both opened and
                    // started while the recovery locks are held.
                    try pool.read { db in
                        _ = try Int64.fetchOne(db, sql: "SELECT count(*) FROM t")
                        mine.open()
                        _ = other.wait()
                    }
                } catch {
                    errors.append("\(error)")
                    mine.open()
                }
                done.open()
            }
        }
        #expect(done.wait() && done.wait(), "the reads did not end within 60 s")
        #expect(errors.all == [])
        #expect(pool.readers.createdCount == 2)
        #expect(pool.readers.peakRunningReadCount == 2)
    }
}
