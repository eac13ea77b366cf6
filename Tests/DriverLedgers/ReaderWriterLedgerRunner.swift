import Foundation
import ReaderWriterDriver
import SQLiteEngine
import TestSupport

/// Runs ``LedgerWorkload`` transactions through the reader/writer driver as an app would: each transaction in one
/// `write { db in ... }`, and (on a pool) a `read` of the counter after each commit, from a reader connection. On an
/// error it goes on with the next transaction.
public enum ReaderWriterLedgerRunner {
    /// Queue (one connection, journal mode left as the file has it) or pool (WAL, readers beside the writer).
    public enum Kind: String, Sendable, CaseIterable {
        case queue, pool
    }

    /// Opens the writer of `kind` on `path` through `vfs`; `prepare` (applying a key, say) then `setup` run on every
    /// new connection.
    public static func open(
        _ kind: Kind, path: String, vfs: String?, setup: [String],
        prepare: (@Sendable (EngineConnection) throws -> Void)? = nil
    ) throws -> any DatabaseWriter {
        var configuration = Configuration()
        configuration.vfs = vfs
        configuration.foreignKeysEnabled = false
        configuration.prepareDatabase { db in
            if let prepare { try db.withEngineConnection(prepare) }
            for statement in setup { try db.execute(sql: statement) }
        }
        switch kind {
        case .queue: return try DatabaseQueue(path: path, configuration: configuration)
        case .pool: return try DatabasePool(path: path, configuration: configuration)
        }
    }

    /// Runs transaction `i` in one `write`; `bodyDone` is set once every statement ran (a failure after it is the
    /// commit's: in doubt).
    public static func run(_ transaction: Int, on writer: any DatabaseWriter, bodyDone: inout Bool) throws {
        bodyDone = false
        try writer.write { db in
            for statement in LedgerWorkload.statements(transaction) {
                try db.execute(sql: statement.sql, arguments: StatementArguments(statement.arguments))
            }
            bodyDone = true
        }
    }

    /// Opens `path` through `vfs` as a `kind`, runs transactions `range`, and closes.
    public static func run(
        _ kind: Kind, path: String, vfs: FaultInjectingVFS?, transactions range: Range<Int>, setup: [String] = []
    ) -> WorkloadOutcome {
        var outcome = WorkloadOutcome()
        let writer: any DatabaseWriter
        do {
            // The pool runs the file in WAL mode whatever its journal set-up says: keep only the other pragmas.
            let pragmas = kind == .pool ? setup.filter { !$0.lowercased().contains("journal_mode") } : setup
            writer = try open(kind, path: path, vfs: vfs?.name, setup: pragmas)
        } catch {
            outcome.errors.append("open: \(error)")
            outcome.injectedBeforeClose = vfs?.injectedFaults ?? 0
            return outcome
        }
        for transaction in range {
            var bodyDone = false
            do {
                try run(transaction, on: writer, bodyDone: &bodyDone)
                outcome.acknowledged.insert(transaction)
            } catch {
                outcome.errors.append("txn \(transaction): \(error)")
                if bodyDone { outcome.inDoubt.insert(transaction) }
                continue
            }
            if kind == .pool {
                do {
                    _ = try writer.read { db in try Int64.fetchOne(db, sql: "SELECT n FROM counter") }
                } catch {
                    outcome.errors.append("read after \(transaction): \(error)")
                }
            }
        }
        outcome.injectedBeforeClose = vfs?.injectedFaults ?? 0
        if let queue = writer as? DatabaseQueue { try? queue.close() }
        if let pool = writer as? DatabasePool { try? pool.close() }
        return outcome
    }
}
