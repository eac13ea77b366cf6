import GRDB
import PersistenceSession

/// How an app configures a session over GRDB: its contexts, GRDB's `Configuration`, its schema (a GRDB
/// `DatabaseMigrator` is the usual one) and its error mapping.
public struct GRDBSessionSetup<ReadContext, WriteContext>: Sendable {
    /// The context of a read unit, over GRDB's `Database` (valid only inside the unit).
    public var makeReadContext: @Sendable (StoreUnitOfWork<Database>) -> ReadContext
    /// The context of a write unit.
    public var makeWriteContext: @Sendable (StoreUnitOfWork<Database>) -> WriteContext
    /// GRDB's configuration for every connection (`readonly` is set from the session's access).
    public var configuration: Configuration
    /// Brings the schema up to date when a session is created or opened read-write (a migrator's `migrate`);
    /// `nil` leaves the file as it is.
    public var migrate: (@Sendable (any DatabaseWriter) throws -> Void)?
    /// GRDB's errors as `PersistenceError`; the default is ``GRDBErrorMapping/mapped(_:path:)``.
    public var mapError: @Sendable (_ error: any Error, _ path: String?) -> any Error = GRDBErrorMapping.mapped

    public init(
        configuration: Configuration = Configuration(),
        makeReadContext: @escaping @Sendable (StoreUnitOfWork<Database>) -> ReadContext,
        makeWriteContext: @escaping @Sendable (StoreUnitOfWork<Database>) -> WriteContext
    ) {
        self.configuration = configuration
        self.makeReadContext = makeReadContext
        self.makeWriteContext = makeWriteContext
    }
}
