import MMEXFiles
import MMEXFixtures
import SQLiteEngine

/// The sample MMEX database sessions open in memory: the fixture generator's ``FixtureSpec/sample`` (200
/// transactions over every table, the same rows on every machine), the data set `driverport create --sample` writes.
public enum SampleDatabase {
    /// What the sample holds.
    public static let spec = FixtureSpec.sample

    /// Runs the MMEX v21 schema on an empty connection (`user_version` 21, then `tables.sql`) and fills it.
    public static func fill(_ connection: EngineConnection) throws {
        try MMEXFileCreator.runSchema(on: connection)
        try FixtureGenerator.fill(connection, spec: spec)
    }

    /// Writes the sample as a new file (for a session that needs a file, such as a WAL pool).
    public static func createFile(at path: String) throws {
        try FixtureGenerator.generate(at: path, spec: spec)
    }
}
