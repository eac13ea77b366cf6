import PersistenceSession
import ReaderWriterDriver

/// How an app configures ``ReaderWriterSessionEngine``: its contexts, the driver's configuration (per-connection
/// setup such as a key and the app's open checks, foreign keys, VFS), its schema and its error mapping.
public struct ReaderWriterSessionSetup<ReadContext, WriteContext>: Sendable {
    /// Makes the context of a read unit of work (called inside the driver's `read`).
    public var makeReadContext: @Sendable (ReaderWriterUnitOfWork) -> ReadContext
    /// Makes the context of a write unit of work (called inside the driver's `write`).
    public var makeWriteContext: @Sendable (ReaderWriterUnitOfWork) -> WriteContext
    /// The driver's configuration for every connection the queue or pool opens (its `prepareDatabase` applies a key
    /// and the app's open checks before the first statement). `readonly` is set by the engine from the access.
    public var configuration: Configuration
    /// Creates the app's schema in a new file (``ReaderWriterSessionEngine/create(at:setup:)``), in one write.
    public var createSchema: (@Sendable (Database) throws -> Void)?
    /// Turns what a unit or an open threw into what the app sees; the default maps the driver's SQLite failures to
    /// `PersistenceError` with `PersistenceError.init(sqliteExtendedCode:message:path:keyGiven:)` and passes
    /// everything else through.
    public var mapError: @Sendable (_ error: any Error, _ path: String?) -> any Error = ReaderWriterSessionSetup.standardMapping

    /// A setup with the app's two context factories, the driver configuration, no schema and
    /// ``standardMapping(_:path:)``.
    ///
    /// - Parameters:
    ///   - configuration: The driver's per-connection configuration (key, open checks, foreign keys, VFS); the
    ///     default opens plain files with the driver's defaults.
    ///   - makeReadContext: Wraps a read unit's database and scope in the app's read context.
    ///   - makeWriteContext: Wraps a write unit's database and scope in the app's write context.
    public init(
        configuration: Configuration = Configuration(),
        makeReadContext: @escaping @Sendable (ReaderWriterUnitOfWork) -> ReadContext,
        makeWriteContext: @escaping @Sendable (ReaderWriterUnitOfWork) -> WriteContext
    ) {
        self.configuration = configuration
        self.makeReadContext = makeReadContext
        self.makeWriteContext = makeWriteContext
    }

    /// The default error mapping, ``ReaderWriterSessionErrors/mapped(_:path:)``.
    public static func standardMapping(_ error: any Error, path: String?) -> any Error {
        ReaderWriterSessionErrors.mapped(error, path: path)
    }
}
