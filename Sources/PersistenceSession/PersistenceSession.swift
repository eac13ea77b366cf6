import MMEXModel

/// The driver-neutral boundary between an app and its MMEX database: lifecycle and units of work, in terms of the
/// model only.
///
/// No connection, queue, pool, row, statement or query-builder type crosses it. Three conformers exist, one per
/// ``DriverKind``: the legacy session (one retained connection, as the MMEX app does today), the queue session and
/// the pool session; ``SessionPolicy`` says which one an app should open for a file. An app holds
/// `any PersistenceSession` (or the metatype `any PersistenceSession.Type` to open one) and never learns which driver
/// runs underneath; the differential suite runs the same calls through two of them and compares.
///
/// ## Units of work
/// ``read(_:)`` and ``write(_:)`` run a closure synchronously with a context that vends repositories. A write commits
/// when the closure returns and rolls back when it throws; errors the closure throws pass through unchanged, database
/// failures arrive as ``PersistenceError``. A `write` nested inside a `write` (or inside a `read`) of the same session
/// throws ``PersistenceError/invalidUse(_:)`` instead of deadlocking or crashing. Repositories and values obtained in
/// a unit of work must not escape it (the values may: they are plain structs).
///
/// ## Lifecycle
/// Sessions are created by the static functions: ``create(at:key:configuration:)`` for a new MMEX v21 file (the way
/// the MMEX apps make one: `user_version` 21, then `tables.sql`), ``open(at:key:access:configuration:)`` for an
/// existing file (refusing what is not an MMEX file, or is newer than schema 21, with a typed error before touching
/// it), ``openInMemorySample(configuration:)`` for the sample database. ``close()`` ends the session; afterwards
/// every unit of work throws ``PersistenceError/closed``.
public protocol PersistenceSession: AnyObject, Sendable {
    /// The driver this session type runs on.
    static var driver: DriverKind { get }

    /// Creates a new MMEX file (schema v21, `user_version` 21) at `path`, encrypted when `key` is given, and opens it.
    ///
    /// - Throws: ``PersistenceError/alreadyExists(path:)`` when anything is at `path` (never overwrites), I/O errors.
    static func create(at path: String, key: DatabaseKey?, configuration: SessionConfiguration) throws -> Self

    /// Opens an existing MMEX file.
    ///
    /// - Parameters:
    ///   - key: the key of an encrypted file; `nil` for a plain file.
    ///   - access: ``SessionAccess/readOnly`` leaves the file, its journal mode and its sidecars untouched.
    /// - Throws: ``PersistenceError/notFound(path:)``, ``PersistenceError/notADatabase(path:)``,
    ///   ``PersistenceError/wrongKey(path:)``, ``PersistenceError/notAnMMEXFile(path:reason:)``,
    ///   ``PersistenceError/schemaTooNew(path:found:supported:)``, ``PersistenceError/corrupt(path:detail:)``.
    static func open(
        at path: String, key: DatabaseKey?, access: SessionAccess, configuration: SessionConfiguration
    ) throws -> Self

    /// Opens a private in-memory MMEX database holding the sample data (for demos and previews); it disappears on
    /// ``close()``.
    static func openInMemorySample(configuration: SessionConfiguration) throws -> Self

    /// Where the database lives.
    var location: SessionLocation { get }

    /// Whether the session may write.
    var access: SessionAccess { get }

    /// Whether ``close()`` has run.
    var isClosed: Bool { get }

    /// Runs a read unit of work: one consistent view of the database for the whole closure.
    func read<T>(_ work: (any MMEXReadContext) throws -> T) throws -> T

    /// Runs a write unit of work in one transaction: committed when `work` returns, rolled back when it throws.
    func write<T>(_ work: (any MMEXWriteContext) throws -> T) throws -> T

    /// Closes the session (idempotent). Sidecars the driver created are cleaned up by SQLite as it closes the last
    /// connection.
    func close() throws
}

extension PersistenceSession {
    /// Opens an existing file for reading and writing with the standard configuration.
    public static func open(at path: String, key: DatabaseKey? = nil) throws -> Self {
        try open(at: path, key: key, access: .readWrite, configuration: .standard)
    }

    /// Opens an existing file read-only with the standard configuration.
    public static func openReadOnly(at path: String, key: DatabaseKey? = nil) throws -> Self {
        try open(at: path, key: key, access: .readOnly, configuration: .standard)
    }

    /// Creates a new file with the standard configuration.
    public static func create(at path: String, key: DatabaseKey? = nil) throws -> Self {
        try create(at: path, key: key, configuration: .standard)
    }

    /// The driver this session runs on.
    public var driver: DriverKind { Self.driver }
}
