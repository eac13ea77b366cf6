import Foundation
import GRDB
import PersistenceSession

/// A session over a real GRDB queue or pool: the project's `StoreSessionEngine` with a ``GRDBSessionStore``.
public typealias GRDBSession<ReadContext, WriteContext> = StoreSessionEngine<GRDBSessionStore, ReadContext, WriteContext>

/// Which GRDB writer a session opens.
public enum GRDBWriterKind: String, Sendable, Hashable, CaseIterable {
    /// `DatabaseQueue`: one connection, journal mode left alone.
    case queue
    /// `DatabasePool`: WAL, reads beside the write.
    case pool

    /// What a session over this writer reports: `grdb-queue`, `grdb-pool`.
    public var driver: DriverKind { DriverKind(rawValue: "grdb-\(rawValue)") }
}

/// Opening sessions over the real GRDB, with the same promises as the project's own reader/writer engine: `open`
/// never creates a file, `create` never overwrites one, and both report failures through the setup's `mapError`.
///
/// ```swift
/// let setup = GRDBSessionSetup(makeReadContext: { AppRead(unit: $0) }, makeWriteContext: { AppWrite(unit: $0) })
/// let session = try GRDBSessions.open(.pool, at: path, access: .readWrite, setup: setup)
/// let folders = try session.read { try $0.folders.all() }
/// ```
public enum GRDBSessions {
    /// Opens an existing file.
    ///
    /// - Throws: `PersistenceError.notFound(path:)` when nothing is at `path`; GRDB's failures mapped.
    public static func open<R, W>(
        _ kind: GRDBWriterKind, at path: String, access: SessionAccess, setup: GRDBSessionSetup<R, W>
    ) throws -> GRDBSession<R, W> {
        guard FileManager.default.fileExists(atPath: path) else { throw SessionError.notFound(path: path) }
        return try session(kind, at: path, access: access, setup: setup)
    }

    /// Creates a new file, runs the setup's `migrate` on it, and opens it read-write.
    ///
    /// - Throws: `PersistenceError.alreadyExists(path:)` when anything is at `path`; when `migrate` fails the new
    ///   file is removed and the mapped error thrown.
    public static func create<R, W>(
        _ kind: GRDBWriterKind, at path: String, setup: GRDBSessionSetup<R, W>
    ) throws -> GRDBSession<R, W> {
        guard !FileManager.default.fileExists(atPath: path) else { throw SessionError.alreadyExists(path: path) }
        do {
            return try session(kind, at: path, access: .readWrite, setup: setup)
        } catch {
            for suffix in ["", "-wal", "-shm", "-journal"] { try? FileManager.default.removeItem(atPath: path + suffix) }
            throw error
        }
    }

    private static func session<R, W>(
        _ kind: GRDBWriterKind, at path: String, access: SessionAccess, setup: GRDBSessionSetup<R, W>
    ) throws -> GRDBSession<R, W> {
        var configuration = setup.configuration
        configuration.readonly = access == .readOnly
        do {
            let writer: any DatabaseWriter =
                switch kind {
                case .queue: try DatabaseQueue(path: path, configuration: configuration)
                case .pool: try DatabasePool(path: path, configuration: configuration)
                }
            do {
                if access == .readWrite, let migrate = setup.migrate { try migrate(writer) }
            } catch {
                try? writer.close()
                throw error
            }
            return GRDBSession(
                store: GRDBSessionStore(writer: writer), driver: kind.driver, location: .file(path: path),
                access: access, makeReadContext: setup.makeReadContext, makeWriteContext: setup.makeWriteContext,
                mapError: setup.mapError
            )
        } catch {
            throw setup.mapError(error, path)
        }
    }
}
