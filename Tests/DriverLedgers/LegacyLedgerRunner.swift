import Foundation
import LegacyDriver
import SQLiteEngine
import TestSupport

/// Runs ``LedgerWorkload`` transactions through the legacy driver the way an app using it would: one retained
/// `Connection`, each transaction in `transaction(.immediate) { ... }` with bound values. On an error it goes on with
/// the next transaction (a transient fault must not poison the connection).
public enum LegacyLedgerRunner {
    /// The values of a ledger statement as the driver binds them.
    static func values(_ arguments: [SQLiteValue]) -> [(any Value)?] {
        arguments.map { argument -> (any Value)? in
            switch argument {
            case .integer(let value): value
            case .real(let value): value
            case .text(let value): value
            case .blob(let bytes): Data(bytes)
            case .null: nil
            }
        }
    }

    /// Runs transaction `i` on `connection`; `bodyDone` is set once every statement ran (so a failure after it is
    /// the commit's: in doubt).
    public static func run(_ transaction: Int, on connection: Connection, bodyDone: inout Bool) throws {
        bodyDone = false
        try connection.transaction(.immediate) {
            for statement in LedgerWorkload.statements(transaction) {
                try connection.run(statement.sql, values(statement.arguments))
            }
            bodyDone = true
        }
    }

    /// Opens `path` through `vfs`, runs `setup`, then transactions `range`.
    public static func run(
        path: String, vfs: FaultInjectingVFS?, transactions range: Range<Int>, setup: [String] = []
    ) -> WorkloadOutcome {
        var outcome = WorkloadOutcome()
        let connection: Connection
        do {
            connection = try Connection(path, vfs: vfs?.name)
            for pragma in setup { try connection.execute(pragma) }
        } catch {
            outcome.errors.append("open: \(error)")
            outcome.injectedBeforeClose = vfs?.injectedFaults ?? 0
            return outcome
        }
        for transaction in range {
            var bodyDone = false
            do {
                try run(transaction, on: connection, bodyDone: &bodyDone)
                outcome.acknowledged.insert(transaction)
            } catch {
                outcome.errors.append("txn \(transaction): \(error)")
                if bodyDone { outcome.inDoubt.insert(transaction) }
            }
        }
        outcome.injectedBeforeClose = vfs?.injectedFaults ?? 0
        connection.engine.close()
        return outcome
    }
}
