import Foundation
import PersistenceSession
import SQLite
#if canImport(SQLiteSwiftCSQLite)
import SQLiteSwiftCSQLite
#endif

/// A real SQLite.swift `Connection` as a `SessionStore`: one unit at a time on the one connection (other threads
/// wait, as callers of an app's retained connection do); a write unit in one SQLite.swift `transaction` (deferred,
/// its default); a read unit in a deferred transaction with `PRAGMA query_only` on, so a write in it fails in
/// SQLite itself (SQLite.swift has no read-only unit of its own).
///
/// An SQLite.swift error thrown inside a unit is kept with the extended result code read from the connection's
/// handle right where it failed (``SQLiteSwiftFailure``): SQLite.swift's `Result.error` carries only the primary code.
public final class SQLiteSwiftStore: SessionStore, @unchecked Sendable {
    // @unchecked Sendable: `lock` guards `connection` (read, used and released under it) across threads.
    private var connection: Connection?
    private let lock = NSLock()

    /// Takes the connection over: from now on only the session uses it.
    public init(connection: Connection) {
        self.connection = connection
    }

    public func readUnit<T>(_ body: (Connection) throws -> T) throws -> T {
        try locked { connection in
            try connection.execute("PRAGMA query_only = 1")
            defer { _ = try? connection.execute("PRAGMA query_only = 0") }
            return try inTransaction(connection, body)
        }
    }

    public func writeUnit<T>(_ body: (Connection) throws -> T) throws -> T {
        try locked { connection in try inTransaction(connection, body) }
    }

    /// Releases the connection (SQLite.swift closes it when its last reference goes); later units throw
    /// `PersistenceError.closed`.
    public func closeStore() throws {
        lock.lock()
        defer { lock.unlock() }
        connection = nil
    }

    private func locked<T>(_ body: (Connection) throws -> T) throws -> T {
        lock.lock()
        defer { lock.unlock() }
        guard let connection else { throw PersistenceError.closed }
        return try body(connection)
    }

    private func inTransaction<T>(_ connection: Connection, _ body: (Connection) throws -> T) throws -> T {
        var result: T?
        try connection.transaction(.deferred) {
            do {
                result = try body(connection)
            } catch let error as SQLite.Result {
                throw SQLiteSwiftFailure(error, extendedCode: Self.extendedCode(connection))
            }
        }
        guard let result else { throw PersistenceError.invalidUse("the transaction ended without running the unit") }
        return result
    }

    /// The extended code of the statement that just failed, when this build links SQLite's C interface.
    private static func extendedCode(_ connection: Connection) -> Int32? {
        #if canImport(SQLiteSwiftCSQLite)
        return sqlite3_extended_errcode(connection.handle)
        #else
        return nil
        #endif
    }
}
