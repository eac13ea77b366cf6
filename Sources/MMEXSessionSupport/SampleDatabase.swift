import Foundation
import SQLiteEngine

/// The sample MMEX database sessions open in memory: 200 transactions over every table, the same rows on every
/// machine (the fixture generator's `FixtureSpec.sample`, the data set `driverport create --sample` writes).
///
/// It ships as a resource (`Resources/sample.mmb`, made by `driverport fixture OUT --transactions 200 --seed 1`),
/// so the session code does not link the fixture generator; `MMEXFixturesTests` checks that the resource holds
/// exactly the rows the generator writes for that spec.
public enum SampleDatabase {
    /// Why the sample could not be read.
    public struct ResourceError: Error, Sendable, CustomStringConvertible {
        public var description: String { "the sample database resource is missing from the DriverPort build" }
    }

    /// The bundled sample file (read-only: copy or back it up, never open it for writing).
    public static func resourceURL() throws -> URL {
        guard let url = Bundle.module.url(forResource: "sample", withExtension: "mmb") else { throw ResourceError() }
        return url
    }

    /// Copies the sample's schema and rows into an empty connection (SQLite's backup API, so `user_version` and
    /// every page come along).
    public static func fill(_ connection: EngineConnection) throws {
        let source = try EngineConnection(path: try resourceURL().path, options: .readOnly)
        defer { source.close() }
        try source.backup(to: connection)
    }

    /// Writes the sample as a new file (for a session that needs a file, such as a WAL pool); never overwrites.
    public static func createFile(at path: String) throws {
        try FileManager.default.copyItem(atPath: try resourceURL().path, toPath: path)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
    }
}
