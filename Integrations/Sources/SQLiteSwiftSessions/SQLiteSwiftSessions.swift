import Foundation
import PersistenceSession
import SQLite

/// A session over a real SQLite.swift connection: the project's `StoreSessionEngine` with a ``SQLiteSwiftStore``.
public typealias SQLiteSwiftSession<ReadContext, WriteContext> =
    StoreSessionEngine<SQLiteSwiftStore, ReadContext, WriteContext>

/// How an app configures a session over SQLite.swift: its contexts, its schema and its error mapping.
public struct SQLiteSwiftSessionSetup<ReadContext, WriteContext>: Sendable {
    /// The context of a read unit, over the session's `Connection` (used only inside the unit).
    public var makeReadContext: @Sendable (StoreUnitOfWork<Connection>) -> ReadContext
    /// The context of a write unit.
    public var makeWriteContext: @Sendable (StoreUnitOfWork<Connection>) -> WriteContext
    /// Creates the schema in a new file (in one transaction).
    public var createSchema: (@Sendable (Connection) throws -> Void)?
    /// Runs once on every connection the session opens, before the first unit (pragmas the app sets).
    public var afterOpen: (@Sendable (Connection) throws -> Void)?
    /// SQLite.swift's errors as `PersistenceError`; the default is ``SQLiteSwiftErrorMapping/mapped(_:path:)``.
    public var mapError: @Sendable (_ error: any Error, _ path: String?) -> any Error = SQLiteSwiftErrorMapping.mapped

    public init(
        makeReadContext: @escaping @Sendable (StoreUnitOfWork<Connection>) -> ReadContext,
        makeWriteContext: @escaping @Sendable (StoreUnitOfWork<Connection>) -> WriteContext
    ) {
        self.makeReadContext = makeReadContext
        self.makeWriteContext = makeWriteContext
    }
}

/// Opening sessions over the real SQLite.swift, with the same promises as the project's own legacy engine: `open`
/// never creates a file, `create` never overwrites one, both report failures through the setup's `mapError`.
///
/// ```swift
/// let setup = SQLiteSwiftSessionSetup(makeReadContext: { AppRead(unit: $0) }, makeWriteContext: { AppWrite(unit: $0) })
/// let session = try SQLiteSwiftSessions.open(at: path, access: .readWrite, setup: setup)
/// ```
public enum SQLiteSwiftSessions {
    /// What a session over SQLite.swift reports: `sqlite-swift`.
    public static let driver = DriverKind(rawValue: "sqlite-swift")

    /// Opens an existing file (read-only when `access` says so: SQLite itself then refuses every write).
    ///
    /// - Throws: `PersistenceError.notFound(path:)` when nothing is at `path`; SQLite.swift's failures mapped.
    public static func open<R, W>(
        at path: String, access: SessionAccess, setup: SQLiteSwiftSessionSetup<R, W>
    ) throws -> SQLiteSwiftSession<R, W> {
        guard FileManager.default.fileExists(atPath: path) else { throw PersistenceError.notFound(path: path) }
        do {
            let connection = try Connection(path, readonly: access == .readOnly)
            try setup.afterOpen?(connection)
            return session(connection, at: path, access: access, setup: setup)
        } catch {
            throw setup.mapError(error, path)
        }
    }

    /// Creates a new file with the setup's schema (one transaction) and opens it read-write.
    ///
    /// - Throws: `PersistenceError.alreadyExists(path:)` when anything is at `path`; when the schema fails the new
    ///   file is removed and the mapped error thrown.
    public static func create<R, W>(
        at path: String, setup: SQLiteSwiftSessionSetup<R, W>
    ) throws -> SQLiteSwiftSession<R, W> {
        guard !FileManager.default.fileExists(atPath: path) else { throw PersistenceError.alreadyExists(path: path) }
        do {
            let connection = try Connection(path)
            do {
                if let createSchema = setup.createSchema {
                    try connection.transaction(.exclusive) { try createSchema(connection) }
                }
                try setup.afterOpen?(connection)
            } catch {
                try? FileManager.default.removeItem(atPath: path)
                throw error
            }
            return session(connection, at: path, access: .readWrite, setup: setup)
        } catch {
            throw setup.mapError(error, path)
        }
    }

    private static func session<R, W>(
        _ connection: Connection, at path: String, access: SessionAccess, setup: SQLiteSwiftSessionSetup<R, W>
    ) -> SQLiteSwiftSession<R, W> {
        SQLiteSwiftSession(
            store: SQLiteSwiftStore(connection: connection), driver: driver, location: .file(path: path),
            access: access, makeReadContext: setup.makeReadContext, makeWriteContext: setup.makeWriteContext,
            mapError: setup.mapError
        )
    }
}
