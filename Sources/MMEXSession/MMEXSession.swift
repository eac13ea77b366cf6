import MMEXModel
import PersistenceSession

/// An MMEX session: a ``PersistenceSession`` whose contexts are MMEX's, with the ways the MMEX apps open a file.
///
/// Three conformers exist, one per ``DriverKind``: `LegacySession` (one retained connection, as the MMEX iOS app does
/// today), `QueueSession` and `PoolSession`; ``SessionPolicy`` says which one an app should open for a file. Each
/// is the generic session engine of its driver configured with MMEX's open checks, file creation and contexts.
///
/// ## Lifecycle
/// Sessions are created by the static functions: ``create(at:key:configuration:)`` for a new MMEX v21 file (the way
/// the MMEX apps make one: `user_version` 21, then `tables.sql`), ``open(at:key:access:configuration:)`` for an
/// existing file (refusing what is not an MMEX file, or is newer than schema 21, with a typed error before touching
/// it), ``openInMemorySample(configuration:)`` for the sample database.
public protocol MMEXSession: PersistenceSession
where ReadContext == any MMEXReadContext, WriteContext == any MMEXWriteContext {
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
    /// `close()`.
    static func openInMemorySample(configuration: SessionConfiguration) throws -> Self
}

extension MMEXSession {
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
