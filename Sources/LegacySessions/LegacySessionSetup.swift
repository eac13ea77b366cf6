import LegacyDriver
import PersistenceSession
import SQLiteEngine

/// How an app configures ``LegacySessionEngine``: its contexts, its open checks, its schema, its error mapping.
///
/// Everything app-specific about a legacy session is here; the engine adds the unit-of-work rules (one unit at a
/// time, nested units refused, read-only refused, closed refused), the transactions and the connection's life.
public struct LegacySessionSetup<ReadContext, WriteContext>: Sendable {
    /// Makes the context of a read unit of work (called inside the unit's transaction).
    public var makeReadContext: @Sendable (LegacyUnitOfWork) -> ReadContext
    /// Makes the context of a write unit of work (called inside the unit's transaction).
    public var makeWriteContext: @Sendable (LegacyUnitOfWork) -> WriteContext
    /// Runs on every new connection before its first statement: apply a key, check that the file is the app's
    /// (throw to refuse it; nothing has been written yet).
    public var prepareConnection: (@Sendable (EngineConnection) throws -> Void)?
    /// Runs once after a connection opened, before the first unit (a journal mode the app sets, pragmas).
    public var afterOpen: (@Sendable (Connection, SessionAccess) throws -> Void)?
    /// Creates the app's schema in a new file (``LegacySessionEngine/create(at:setup:)``), in one transaction.
    public var createSchema: (@Sendable (Connection) throws -> Void)?
    /// The VFS to open files through (the page codec's, for encrypted files); `nil` for SQLite's default.
    public var vfs: String?
    /// The transaction a read unit runs in (SQLite.swift's `transaction()` default: deferred).
    public var readTransaction: TransactionMode = .deferred
    /// The transaction a write unit runs in (SQLite.swift's `transaction()` default: deferred).
    public var writeTransaction: TransactionMode = .deferred
    /// Turns what a unit or an open threw into what the app sees; the default maps SQLite failures to
    /// `PersistenceError` with `PersistenceError.init(sqliteExtendedCode:message:path:keyGiven:)` and passes
    /// everything else through.
    public var mapError: @Sendable (_ error: any Error, _ path: String?) -> any Error = LegacySessionSetup.standardMapping

    /// A setup with the app's two context factories and every other setting at its default: no connection checks,
    /// no schema, SQLite's default VFS, deferred transactions, ``standardMapping(_:path:)``.
    ///
    /// - Parameters:
    ///   - makeReadContext: Wraps a read unit's connection and scope in the app's read context.
    ///   - makeWriteContext: Wraps a write unit's connection and scope in the app's write context.
    public init(
        makeReadContext: @escaping @Sendable (LegacyUnitOfWork) -> ReadContext,
        makeWriteContext: @escaping @Sendable (LegacyUnitOfWork) -> WriteContext
    ) {
        self.makeReadContext = makeReadContext
        self.makeWriteContext = makeWriteContext
    }

    /// The default error mapping: the driver's SQLite failures as `PersistenceError`s, anything else unchanged.
    public static func standardMapping(_ error: any Error, path: String?) -> any Error {
        guard let legacy = error as? LegacyError else { return error }
        switch legacy {
        case .sqlite(let sqlite):
            return PersistenceError(sqliteExtendedCode: sqlite.extendedCode, message: sqlite.message, path: path)
        default:
            return PersistenceError.database(code: 1, extendedCode: 1, message: legacy.description)
        }
    }
}
