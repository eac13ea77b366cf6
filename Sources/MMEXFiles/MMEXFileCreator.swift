import Foundation
import MMEXSchema
import SQLiteEngine

/// Creates new MMEX files the way the MMEX apps do.
///
/// `user_version` is set to 21 first, then `tables.sql` runs paragraph by paragraph (each paragraph in its own
/// statement batch), all inside one transaction so a failure leaves no half-made file behind.
public enum MMEXFileCreator {
    /// Runs the version 21 schema on an empty connection and sets `user_version`.
    public static func runSchema(on connection: EngineConnection) throws {
        try connection.setUserVersion(MMEXSchema.currentVersion)
        try connection.execute("BEGIN IMMEDIATE")
        do {
            for paragraph in try MMEXSchema.tablesParagraphs() {
                try connection.execute(paragraph)
            }
            try connection.execute("COMMIT")
        } catch {
            try? connection.execute("ROLLBACK")
            throw error
        }
    }

    /// Creates a new plain MMEX file at `path`. Refuses to touch an existing path. If any step fails (a full disk
    /// included), the new file and its sidecars are removed: no half-made file is left behind.
    ///
    /// - Parameters:
    ///   - prepare: runs on the new connection before anything is written (the place to apply a key).
    ///   - populate: runs after the schema (the place to add sample rows); its failure removes the file too.
    /// - Returns: the open connection, for adding content.
    @discardableResult
    public static func create(
        at path: String, library: SQLiteLibrary = .system, vfs: String? = nil,
        prepare: (EngineConnection) throws -> Void = { _ in },
        populate: (EngineConnection) throws -> Void = { _ in }
    ) throws -> EngineConnection {
        if FileManager.default.fileExists(atPath: path) { throw DatabaseFileError.exists(path: path) }
        // O_EXCL: fail rather than race another creator for the same path.
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard fd >= 0 else {
            let code = errno
            if code == EEXIST { throw DatabaseFileError.exists(path: path) }
            throw DatabaseFileError.cannotCreate(path: path, reason: String(cString: strerror(code)).lowercased())
        }
        close(fd)
        do {
            let connection = try EngineConnection(path: path, options: OpenOptions(access: .readWrite, vfs: vfs), library: library)
            do {
                try prepare(connection)
                try runSchema(on: connection)
                try populate(connection)
            } catch {
                connection.close()
                throw error
            }
            return connection
        } catch {
            for suffix in [""] + FileProbe.sidecarSuffixes { try? FileManager.default.removeItem(atPath: path + suffix) }
            throw error
        }
    }
}
