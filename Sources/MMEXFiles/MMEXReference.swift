import MMEXSchema
import SQLiteEngine

/// The MMEX schema at version 21 as this toolkit creates it: the reference every file is checked against.
public enum MMEXReference {
    /// The reference shape, built once from `Schema/tables.sql` in an in-memory database.
    public static func shape() throws -> SchemaShape {
        try cachedShape.get()
    }

    private static let cachedShape: Result<SchemaShape, any Error> = Result {
        let connection = try EngineConnection(path: ":memory:", options: .create)
        try MMEXFileCreator.runSchema(on: connection)
        return try SchemaShape.read(from: connection)
    }

    /// The user tables of MMEX version 21, sorted.
    public static func tableNames() throws -> [String] { try shape().tables.keys.sorted() }
}
